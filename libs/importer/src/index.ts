export type * from './dataset.types';
export { validateDataset, type ImportProblem } from './validate-dataset';
export { loadDataset, type LoadOptions, type LoadProgress, type LoadSummary } from './load-dataset';
export { ImportError, type ImportErrorCode } from '@nomina-api/platform/bulk';
export { createProgressReporter, type ProgressEvent, type ProgressReporter } from './progress';
export { findJsonSyntaxError, findLoneSurrogate, type JsonSyntaxError } from './json-syntax';
export { formatCount, formatSeconds } from './problems';
export { JsonStreamError, type JsonStreamErrorKind } from './stream/json-splitter';
export {
  FileChangedError,
  locate,
  readDatasetFile,
  scanDatasetFile,
  type DatasetRead,
  type DatasetScan,
  type StreamedDataset,
} from './stream/read-dataset';
export { ReferenceProblemsFound, ReferencesWhileLoading } from './reference-rules';
export { GarbageCadence } from './gc-cadence';
export { PasswordHasher } from './password-hasher';
export { mergeDataset, type MergeOptions, type MergeResult, type TenantMerge } from './merge/merge-dataset';
export { mergeLine, tenantLine } from './merge/merge-summary';

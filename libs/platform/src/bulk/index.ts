/**
 * `@nomina-api/platform/bulk`: the write side of an import, what the contexts' loaders and the
 * importer build and COPY rows with: text and binary COPY, one-pass batches of a lazy collection,
 * exact decimal text, uuid and e-mail keys, compact uuid sets, the import's refusals, and the
 * platform's own tenant tables (columns, import-format definitions, loader). Plain functions over
 * `pg`: apart from `persistence`, so the importer's validation loads neither Nest nor MikroORM.
 */
export { type BatchPlan, type LineSink, loadInBatches } from './batch-loader';
export { BinaryCopy, BinaryRows, copyBinary, dateDays, FIELD_BYTES, instantMicros, uuidBytes } from './binary-copy';
export { copyEncoded, copyItems, copyRows, copyText, type CopyValue } from './copy-writer';
export type { Instant, IsoDate, Uuid } from './dataset-scalars';
export { bigScaledText, centsText, MAX_MONEY, MAX_QUANTITY, SAFE, toCents, toUnits, unitsText } from './decimal-text';
export { fmix32 } from './fmix32';
export type { ForeignKey } from './foreign-key';
export { ImportError, ImportErrorCode } from './import-error';
export { emailKey, uuidKey } from './keys';
export {
  analyzeStaged,
  changed,
  changedRowsSql,
  type Changes,
  classifyWhole,
  countStaged,
  type KeyedTable,
  type MergeContext,
  mergeKeyed,
  newRowsSql,
  noChanges,
  STAGED,
  stageTables,
  symmetricDifferenceSql,
  TABLES,
  type TableTarget,
  upsertStaged,
  wholeActions,
  type WholeItems,
} from './staging';
export { hash as uuidHash, parseUuid, UuidMap, UuidSet } from './uuid-map';
export * from './tenant-data';
// The tenant's data version an import bumps in its transaction, without the reader's Nest and read kit.
export { bumpDataVersion } from '../conditional/bump-data-version';
// The password hash an import writes, without the auth barrel's token adapters (jose, passport:
// ~15% of the import CLI's module loading).
export { hashPassword, verifyPassword } from '../auth/password';

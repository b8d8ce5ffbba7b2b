/**
 * `@nomina-api/platform/export`: a read as a CSV or XLSX download. The format a request asks for,
 * the columns, the file (a StreamableFile named and typed for it) and its OpenAPI response.
 * See docs/EXPORTS.md.
 */
export { CSV_MEDIA_TYPE, csvExport } from './csv-export';
export { type ColumnKind, columnsFromLegacySchema, type ExportColumn, exportColumns } from './export-column';
export {
  bogotaDate,
  checkExportOptions,
  exportFile,
  exportFileName,
  type ExportOptions,
  type ExportSpec,
  type FileFormat,
} from './export-file';
export { EXPORT_FORMATS, EXPORT_MEDIA_TYPES, type ExportFormat, resolveExportFormat, tryResolveExportFormat } from './export-format';
export { type ApiExportOptions, ApiExportResponse, EXPORT_FORMAT_DESCRIPTION, exportResponseHeaders } from './export.openapi';
export { EXPORT_ERROR_STATUS, ExportError, ExportErrorCode } from './export.errors';
export { type Executor, type FileReply, peekRequestFormat, type ReplySpec, requestFormat, respond, type ResultOf } from './reply';
export type { RowSource } from './row-source';
export { XLSX_MAX_DATA_ROWS, XLSX_MEDIA_TYPE, xlsxExport, type XlsxOptions } from './xlsx-export';

import { StreamableFile } from '@nestjs/common';
import contentDisposition from 'content-disposition';
import { csvExport } from './csv-export';
import type { ExportColumn } from './export-column';
import { EXPORT_MEDIA_TYPES } from './export-format';
import type { RowSource } from './row-source';
import { XLSX_MAX_DATA_ROWS, xlsxExport } from './xlsx-export';

export type FileFormat = 'csv' | 'xlsx';

/** How an app writes its files (createApp's options); absent, the contract's defaults. */
export interface ExportOptions {
  /** Data rows per XLSX sheet before the next one starts (default and most XLSX_MAX_DATA_ROWS; lower only in tests). */
  xlsxSheetRows?: number;
}

/** The options as given, or an Error that names the one out of range (checked once, when the app is built). */
export function checkExportOptions(options: ExportOptions): ExportOptions {
  const rows = options.xlsxSheetRows;
  if (rows !== undefined && !(Number.isInteger(rows) && rows >= 1 && rows <= XLSX_MAX_DATA_ROWS)) {
    throw new Error(`xlsxSheetRows must be an integer from 1 to ${XLSX_MAX_DATA_ROWS} (got ${rows})`);
  }
  return options;
}

export interface ExportSpec {
  /** The resource, which names the XLSX sheet (`pagos`, `reportUtility`). */
  resource: string;
  columns: readonly ExportColumn[];
  rows: RowSource;
  /** The file name without extension, see exportFileName. */
  fileName: string;
}

const UNSAFE_IN_FILE_NAME = /[^A-Za-z0-9._-]+/g;

/**
 * `<resource>-<part>-<part>`: what the file holds, e.g. `pagos-2026-11-24` (request date) or
 * `conceptosacumulados-2023-01-01-2023-12-31` (range). Characters that a file system or a browser
 * would rewrite (colons of instants, slashes, spaces) are dropped or become `-`.
 */
export function exportFileName(resource: string, ...parts: string[]): string {
  return [resource, ...parts]
    .map((p) =>
      p
        .replace(/:/g, '')
        .replace(UNSAFE_IN_FILE_NAME, '-')
        .replace(/^-+|-+$/g, ''),
    )
    .filter(Boolean)
    .join('-');
}

/** Today in Colombia (America/Bogota, UTC-5 all year), yyyy-MM-dd: the "request date" of file names and current lists. */
const BOGOTA_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota', year: 'numeric', month: '2-digit', day: '2-digit' });
export function bogotaDate(now: Date = new Date()): string {
  return BOGOTA_DAY.format(now);
}

/**
 * An export as the handler's answer: the file streamed while the rows arrive, with its media type
 * and `Content-Disposition: attachment; filename="<name>.<ext>"` (RFC 6266, non-ASCII names also as
 * filename*). Fastify pipes the stream, so a slow client holds back the row source; a client that
 * goes away destroys it, which ends the source (closes its cursor). A failure after the first byte
 * cuts the connection: a truncated download, never a short file that looks complete.
 */
export function exportFile(format: FileFormat, spec: ExportSpec, options: ExportOptions = {}): StreamableFile {
  const stream =
    format === 'csv'
      ? csvExport(spec.columns, spec.rows)
      : xlsxExport(spec.columns, spec.rows, { sheetName: spec.resource, maxRowsPerSheet: options.xlsxSheetRows });
  return new StreamableFile(stream, {
    type: EXPORT_MEDIA_TYPES[format],
    disposition: contentDisposition(`${spec.fileName}.${format}`),
  });
}

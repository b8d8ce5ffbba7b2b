import { Readable } from 'node:stream';
import { columnGetter, type ExportColumn } from './export-column';
import { booleanValue, isoDate, isoTimestamp, plainDecimal, textValue, uuidText } from './export-values';
import { batchText, endSource, failWithSource, type RowSource } from './row-source';

export const CSV_MEDIA_TYPE = 'text/csv; charset=utf-8';

/** Byte order mark: spreadsheet programs read the file as UTF-8 (accents) only with it. */
const UTF8_BOM = '\uFEFF';
const NEEDS_QUOTES = /[",\r\n]/;
/**
 * Text a spreadsheet could evaluate as a formula (OWASP "CSV injection", CONTRACT §8): a tab or CR
 * first, or `= + - @` as the first character once spaces, tabs, CRs and LFs are skipped — tools
 * that trim a cell before evaluating it would run `"\n=1+1"` or `"  =1+1"`.
 */
const FORMULA_START = /^(?:[\t\r]|[ \t\r\n]*[=+\-@])/;

/**
 * One RFC 4180 field: quoted when it holds a comma, quote or line break, quotes doubled. Text
 * (never numbers) that a spreadsheet would run as a formula gets a leading apostrophe.
 */
export function csvField(value: string, text: boolean): string {
  const s = text && FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

type CsvCell = (row: object) => string;

function csvCell(column: ExportColumn): CsvCell {
  const get = columnGetter(column.name);
  const { name } = column;
  const write =
    (fn: (v: unknown) => string): CsvCell =>
    (row) => {
      const v = get(row);
      return v === null || v === undefined ? '' : fn(v);
    };
  switch (column.kind) {
    case 'text':
      return write((v) => csvField(textValue(v), true));
    case 'number':
      return write((v) => plainDecimal(v, name));
    case 'date':
      return write((v) => isoDate(v, name));
    case 'timestamp':
      return write((v) => isoTimestamp(v, name));
    case 'boolean':
      return write((v) => (booleanValue(v, name) ? 'true' : 'false'));
    case 'uuid':
      return write((v) => uuidText(v, name));
  }
}

/**
 * The rows as a CSV file (CONTRACT §8): UTF-8 with BOM, header row, `,`, CRLF, RFC 4180 quoting;
 * an empty source gives the header alone. Rows are pulled only as fast as the reader takes the
 * text (bounded memory); destroying the stream ends the row source (closes its cursor).
 */
export function csvExport(columns: readonly ExportColumn[], rows: RowSource): Readable {
  const cells = columns.map(csvCell);
  const header = UTF8_BOM + columns.map((c) => csvField(c.name, true)).join(',') + '\r\n';
  const line = (row: object): string => {
    let s = cells[0](row);
    for (let i = 1; i < cells.length; i++) s += ',' + cells[i](row);
    return s + '\r\n';
  };
  // `encoding`: the text chunks stay strings up to the socket write instead of a Buffer copy of each.
  const out = Readable.from(batchText(header, rows, line, ''), { objectMode: false, encoding: 'utf8' });
  out.once('close', () => {
    if (!out.readableEnded) endSource(rows);
  });
  failWithSource(rows, out);
  return out;
}

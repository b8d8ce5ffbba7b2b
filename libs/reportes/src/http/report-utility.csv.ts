import { Transform } from 'node:stream';
import type { ReportUtilityItem, ReportUtilityRecord } from '../queries/report-utility/report-utility.view';
import { PendingText } from './pending-text';

/** Byte order mark: spreadsheet programs read the file as UTF-8 (accents) only with it. */
export const UTF8_BOM = '\uFEFF';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

const NEEDS_QUOTES = /[",\r\n]/;
/** Leading characters that make a spreadsheet evaluate a cell as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One RFC 4180 field: quoted when it holds a comma, quote or line break, quotes doubled; null
 * is an empty field. Text (not numbers) that a spreadsheet would run as a formula (=, +, -, @,
 * tab, CR first) gets a leading apostrophe, the usual neutralisation.
 */
export function csvField(value: string | null | undefined, text = true): string {
  if (value === null || value === undefined) return '';
  const s = text && FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One record line, CRLF-terminated as RFC 4180 says. */
export function csvLine(values: readonly string[]): string {
  return `${values.join(',')}\r\n`;
}

/**
 * Report items → CSV text: BOM and header first (also for an empty report), then one line per
 * row; the totals item is not written (a CSV is one table of rows). `numeric` columns are
 * written verbatim: exact decimals with '.', money with 2 decimals, avgCost with 4.
 */
export function csvWriter(columns: readonly (keyof ReportUtilityRecord)[], numeric: ReadonlySet<string>): Transform {
  let started = false;
  const head = (): string => UTF8_BOM + csvLine(columns.map((c) => csvField(c)));
  const writer: Transform = new Transform({
    writableObjectMode: true,
    transform(item: ReportUtilityItem, _encoding, callback) {
      if (!started) {
        started = true;
        out.add(head());
      }
      if ('row' in item) out.add(csvLine(columns.map((c) => csvField(item.row[c], !numeric.has(c)))));
      callback();
    },
    flush(callback) {
      if (!started) out.add(head());
      out.push();
      callback();
    },
  });
  const out = new PendingText(writer);
  return writer;
}

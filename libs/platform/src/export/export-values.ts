import { instantContent, uuidContent } from '../http/legacy-json/legacy-scalars';

/**
 * Value rules shared by the CSV and the XLSX writers (CONTRACT §8). A value of the wrong type is
 * a programming error of the feeding query: it throws, which cuts the download (never a file
 * that silently misses data).
 */

const PLAIN_DECIMAL = /^-?\d+(?:\.\d+)?$/;
const EXPONENTIAL = /^([+-]?)(\d+)(?:\.(\d*))?[eE]([+-]?\d+)$/;

/**
 * A number as a plain decimal, never in exponent notation. Decimal text (PostgreSQL `numeric`,
 * exact) is kept as it is, scale included (`18404777.00`), so amounts are never rounded through
 * a double; a JS number is written with its shortest exact digits (`18404777`, `0.0005`).
 */
export function plainDecimal(v: unknown, column: string): string {
  if (typeof v === 'string') {
    if (PLAIN_DECIMAL.test(v)) return v;
    const expanded = expandExponent(v);
    if (expanded !== undefined) return expanded;
  } else if (typeof v === 'number' && v - v === 0) {
    if (v === 0) return '0'; // also -0
    const s = String(v);
    return s.includes('e') ? (expandExponent(s) as string) : s;
  } else if (typeof v === 'bigint') {
    return v.toString();
  }
  throw new TypeError(`Export: the column ${column} expects a finite number or decimal text, got ${describe(v)}.`);
}

/** `1.8404777E7` → `18404777`, `5.0E-4` → `0.00050`: the digits moved, none invented or lost. */
function expandExponent(s: string): string | undefined {
  const m = EXPONENTIAL.exec(s);
  if (m === null) return undefined;
  const [, sign, int, frac = '', exp] = m;
  const digits = int + frac;
  const point = int.length + Number(exp);
  let out: string;
  if (point <= 0) out = `0.${'0'.repeat(-point)}${digits}`;
  else if (point >= digits.length) out = digits + '0'.repeat(point - digits.length);
  else out = `${digits.slice(0, point)}.${digits.slice(point)}`;
  out = out.replace(/^0+(?=\d)/, '');
  return sign === '-' && /[1-9]/.test(out) ? `-${out}` : out;
}

const YMD = /^\d{4}-\d{2}-\d{2}/;

/** A day as yyyy-MM-dd. Payroll days are PostgreSQL `date` text; a Date is read as its UTC day. */
export function isoDate(v: unknown, column: string): string {
  if (typeof v === 'string' && YMD.test(v)) return v.slice(0, 10);
  if (v instanceof Date && !Number.isNaN(v.getTime())) return v.toISOString().slice(0, 10);
  throw new TypeError(`Export: the column ${column} expects a date as 'YYYY-MM-DD' text, got ${describe(v)}.`);
}

const ISO_UTC_MILLIS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** An instant as ISO-8601 UTC with milliseconds, `2024-03-01T13:45:00.000Z` (already in that form: as it is). */
export function isoTimestamp(v: unknown, column: string): string {
  if (typeof v === 'string' && ISO_UTC_MILLIS.test(v)) return v;
  return instantContent(v, column).slice(0, -5) + 'Z';
}

const WIRE_UUID = /^[0-9A-F]{32}$/;

/** A uuid as the JSON writes it: 32 uppercase hex digits. */
export function uuidText(v: unknown, column: string): string {
  return typeof v === 'string' && WIRE_UUID.test(v) ? v : uuidContent(v, column);
}

export function booleanValue(v: unknown, column: string): boolean {
  if (typeof v === 'boolean') return v;
  throw new TypeError(`Export: the column ${column} expects a boolean, got ${describe(v)}.`);
}

export function textValue(v: unknown): string {
  return typeof v === 'string' ? v : String(v);
}

/** Days since 1899-12-30, the spreadsheet epoch (serials of 1900-03-01 and later are exact). */
export function excelSerial(epochMs: number): number {
  return epochMs / 86_400_000 + 25_569;
}

export function isoDateSerial(ymd: string): number {
  return excelSerial(Date.UTC(Number(ymd.slice(0, 4)), Number(ymd.slice(5, 7)) - 1, Number(ymd.slice(8, 10))));
}

function describe(v: unknown): string {
  return typeof v === 'string' ? JSON.stringify(v.slice(0, 40)) : v === null ? 'null' : typeof v;
}

/**
 * Scalar writers of the legacy (Java/Jackson) JSON dialect. `*Token` functions return a bare JSON
 * token; `*Content` functions return what goes between the quotes of a JSON string, so the
 * compiler can merge the quotes into its constants. All of them throw a LegacyJsonError naming
 * the field path when a value does not fit its declared kind: a 500 is preferable to a 200 whose
 * bytes differ from what the Java service sent.
 */
import { wireUuid } from '../uuid';
import { formatJavaDoubleDecimalString, formatJavaDoubleNumber } from './java-double';

export class LegacyJsonError extends TypeError {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(`legacy JSON at ${path}: ${message}`);
    this.name = 'LegacyJsonError';
  }
}

function describeValue(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v.length > 60 ? v.slice(0, 60) + '…' : v);
  if (typeof v === 'bigint') return `${v}n`;
  if (v instanceof Date) return `Date(${Number.isNaN(v.getTime()) ? 'invalid' : v.toISOString()})`;
  return v === null || typeof v !== 'object' ? String(v) : Object.prototype.toString.call(v);
}

export function invalid(path: string, kind: string, v: unknown): never {
  throw new LegacyJsonError(path, `expected ${kind}, got ${describeValue(v)}`);
}

// ---------------------------------------------------------------------------------------------
// Strings: Jackson's default escaping, which differs from JSON.stringify in one detail: generic
// escapes use UPPERCASE hex (`\u001F`, JSON.stringify writes `\u001f`). Both use the short forms
// \" \\ \b \t \n \f \r, leave `/`, DEL, U+2028/2029 and all non-ASCII alone.

const HEX = '0123456789ABCDEF';
const ASCII_ESCAPES: (string | undefined)[] = [];
for (let c = 0; c < 0x20; c++) ASCII_ESCAPES[c] = '\\u00' + HEX[c >> 4] + HEX[c & 15];
ASCII_ESCAPES[0x08] = '\\b';
ASCII_ESCAPES[0x09] = '\\t';
ASCII_ESCAPES[0x0a] = '\\n';
ASCII_ESCAPES[0x0c] = '\\f';
ASCII_ESCAPES[0x0d] = '\\r';
ASCII_ESCAPES[0x22] = '\\"';
ASCII_ESCAPES[0x5c] = '\\\\';

// Surrogates are included so lone ones take the slow path (valid pairs pass through unchanged).
// eslint-disable-next-line no-control-regex -- control characters are exactly what must be escaped
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** Quoted JSON string with Jackson's escaping. */
export function quoteJsonString(s: string): string {
  return '"' + (NEEDS_ESCAPE.test(s) ? escapeContent(s) : s) + '"';
}

function escapeContent(s: string): string {
  let out = '';
  let from = 0;
  const n = s.length;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    let rep: string | undefined;
    if (c < 0x80) {
      rep = ASCII_ESCAPES[c];
      if (rep === undefined) continue;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      if (c <= 0xdbff && i + 1 < n) {
        const next = s.charCodeAt(i + 1);
        if (next >= 0xdc00 && next <= 0xdfff) {
          i++;
          continue;
        }
      }
      // A lone surrogate cannot be encoded as UTF-8 at all (Node would turn it into U+FFFD on the
      // wire); escape it like JSON.stringify does so the output stays valid and lossless.
      rep = '\\u' + c.toString(16);
    } else {
      continue;
    }
    out += s.slice(from, i) + rep;
    from = i + 1;
  }
  return out + s.slice(from);
}

/** Content of a JSON string (without the quotes). */
export function stringContent(v: unknown, path: string): string {
  if (typeof v !== 'string') return invalid(path, 'string', v);
  return NEEDS_ESCAPE.test(v) ? escapeContent(v) : v;
}

// ---------------------------------------------------------------------------------------------
// Uuids: java.util.UUID is written by the legacy service as 32 uppercase hex digits.

/** Content of a uuid string: 32 uppercase hex digits (see wireUuid). */
export function uuidContent(v: unknown, path: string): string {
  return (typeof v === 'string' ? wireUuid(v) : undefined) ?? invalid(path, 'uuid (8-4-4-4-12 or 32 hex digits)', v);
}

// ---------------------------------------------------------------------------------------------
// Numbers.

export function doubleToken(v: unknown, path: string): string {
  if (typeof v === 'string') {
    try {
      return formatJavaDoubleDecimalString(v);
    } catch {
      return invalid(path, 'decimal number', v);
    }
  }
  if (typeof v === 'number' && v - v === 0) return formatJavaDoubleNumber(v); // v - v === 0 rejects NaN/±Infinity
  return invalid(path, 'finite number or decimal string', v);
}

const INT_STRING = /^(?:0|-?[1-9][0-9]*)$/;

/** Java int/long: plain digits. Accepts safe integers, bigints and integer strings (pg `bigint`/count). */
export function intToken(v: unknown, path: string): string {
  if (typeof v === 'number') {
    if (Number.isSafeInteger(v)) return '' + v; // '' + -0 is "0", as Java's int has no -0
  } else if (typeof v === 'string') {
    if (INT_STRING.test(v)) return v;
  } else if (typeof v === 'bigint') {
    return '' + v;
  }
  return invalid(path, 'integer', v);
}

export function boolToken(v: unknown, path: string): string {
  return v === true ? 'true' : v === false ? 'false' : invalid(path, 'boolean', v);
}

// ---------------------------------------------------------------------------------------------
// Dates. Payroll dates are days (PostgreSQL `date` read as text); the contract writes them at
// 05:00 UTC, which is midnight in Bogotá (UTC-5, no DST), where the legacy service created them.

/** The day itself: the writer appends DAY_SUFFIX inside the quotes. */
export function dayContent(v: unknown, path: string): string {
  if (typeof v === 'string' && v.length === 10 && isYmd(v)) return v;
  // A Date here almost always means node-postgres parsed a `date` column into local midnight;
  // guessing which day was meant would silently shift dates, so demand the text form.
  return invalid(path, "date as 'YYYY-MM-DD' text (configure pg to return `date` columns as strings)", v);
}

export const DAY_SUFFIX = 'T05:00:00.000+0000';

function isYmd(s: string): boolean {
  for (let i = 0; i < 10; i++) {
    const c = s.charCodeAt(i);
    if (i === 4 || i === 7 ? c !== 45 : c < 48 || c > 57) return false;
  }
  return true;
}

// Full ISO-8601 / PostgreSQL timestamptz text with an explicit offset; without one, JS would
// read it as local time.
const INSTANT_TEXT = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2}:\d{2})(?:\.(\d+))?(?:([Zz])|([+-]\d{2})(?::?(\d{2}))?)$/;

/** Content of a java.util.Date string, `yyyy-MM-dd'T'HH:mm:ss.SSS+0000` in UTC. Accepts Date or text with an offset. */
export function instantContent(v: unknown, path: string): string {
  let ms: number;
  if (v instanceof Date) {
    ms = v.getTime();
  } else if (typeof v === 'string') {
    const m = INSTANT_TEXT.exec(v);
    if (m === null) return invalid(path, 'instant (ISO-8601 text with Z or an offset, or a Date)', v);
    // Milliseconds are truncated, like java.sql.Timestamp#getTime() does with microseconds.
    const frac = m[3] === undefined ? '000' : (m[3] + '00').slice(0, 3);
    const offset = m[4] !== undefined ? 'Z' : m[5] + ':' + (m[6] ?? '00');
    ms = Date.parse(m[1] + 'T' + m[2] + '.' + frac + offset);
  } else {
    return invalid(path, 'instant (Date or ISO-8601 text)', v);
  }
  if (ms !== ms) return invalid(path, 'valid instant', v);
  const iso = new Date(ms).toISOString();
  // Years outside 0000..9999 come out as "+YYYYYY-..." and have no faithful SimpleDateFormat twin.
  if (iso.length !== 24) return invalid(path, 'instant between years 0000 and 9999', v);
  return iso.slice(0, 23) + '+0000';
}

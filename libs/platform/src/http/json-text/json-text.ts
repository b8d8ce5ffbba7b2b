/**
 * Plain JSON (JSON.stringify's bytes) written field by field by the row writers of large
 * responses: a year of report detail is half a million rows, where JSON.stringify of a view
 * object per row (and Number() → String() per figure) cost about three times as much.
 */

/** Decimal text → what JSON.stringify writes for Number(text), the long way (any input). */
const numberJson = (text: string): string => {
  const n = Number(text);
  return Number.isFinite(n) ? String(n) : 'null';
};

const ZERO = 48;
const NINE = 57;

/**
 * `JSON.stringify(Number(text))` without the round trip through a double for PostgreSQL's
 * numeric text: a plain decimal (`-?(0|[1-9]d*)(.d+)?`) of at most 15 significant digits is
 * the shortest decimal of its double (DBL_DIG = 15: no other decimal of ≤ 15 digits, shorter or
 * not, rounds to the same double), so JavaScript prints its own digits back — without trailing
 * fractional zeros, in plain notation from 1e-6 up to 1e21, `0` for a negative zero. Anything
 * else (exponents, 16+ digits, leading zeros, below 1e-6, not a number) takes Number().
 */
export function decimalJson(text: string): string {
  const n = text.length;
  let i = text.charCodeAt(0) === 45 /* - */ ? 1 : 0;
  const intStart = i;
  let c = 0;
  while (i < n && (c = text.charCodeAt(i)) >= ZERO && c <= NINE) i++;
  const intLen = i - intStart;
  if (intLen === 0 || intLen > 15) return numberJson(text);
  const intZero = text.charCodeAt(intStart) === ZERO;
  if (intZero && intLen > 1) return numberJson(text);
  if (i === n) return intZero ? '0' : text;
  if (c !== 46 /* . */) return numberJson(text);
  const fracStart = ++i;
  while (i < n && (c = text.charCodeAt(i)) >= ZERO && c <= NINE) i++;
  if (i !== n || i === fracStart) return numberJson(text);
  let end = n; // without trailing zeros
  while (end > fracStart && text.charCodeAt(end - 1) === ZERO) end--;
  if (end === fracStart) return intZero ? '0' : text.slice(0, fracStart - 1);
  if (intZero) {
    let first = fracStart; // first significant digit
    while (text.charCodeAt(first) === ZERO) first++;
    // 0.000001 is printed plain, 0.0000001 as 1e-7.
    if (first - fracStart > 5 || end - first > 15) return numberJson(text);
  } else if (intLen + end - fracStart > 15) {
    return numberJson(text);
  }
  return end === n ? text : text.slice(0, end);
}

// Every character JSON.stringify escapes in a string (surrogates: only lone ones, checked by it).
// eslint-disable-next-line no-control-regex -- control characters are exactly what must be escaped
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** JSON.stringify(text) for text or null; most texts need no escape and are only quoted. */
export const textJson = (text: string | null): string =>
  text === null ? 'null' : NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : '"' + text + '"';

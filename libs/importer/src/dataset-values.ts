/**
 * Value rules shared by the validator and the loader, so both agree on what a uuid, a date or an
 * amount is. Everything here runs once per line of a million-line file: no regular expressions
 * and no allocation beyond the returned string.
 */

export { emailKey, MAX_MONEY, MAX_QUANTITY, uuidKey } from '@nomina-api/platform/bulk';
export { proveedorKey } from '@nomina-api/proveedores/persistence';
import { MAX_MONEY, MAX_QUANTITY } from '@nomina-api/platform/bulk';

/**
 * True when the number has at most `decimals` decimal digits. JSON.parse yields the double
 * nearest to the literal; scaling back and forth lands on that same double only when the literal
 * had at most that many decimals (exact while |value| is within the bounds above).
 */
export function hasAtMostDecimals(value: number, decimals: 2 | 4): boolean {
  const scale = decimals === 2 ? 100 : 10000;
  return Math.round(value * scale) / scale === value;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function digitsAt(text: string, start: number, count: number): number {
  let n = 0;
  for (let i = start; i < start + count; i++) n = n * 10 + (text.charCodeAt(i) - 48);
  return n;
}

/** `YYYY-MM-DD` (shape already checked by the schema) naming a real calendar day. */
export function isCalendarDate(text: string): boolean {
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 2);
  const day = digitsAt(text, 8, 2);
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const max = month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1];
  return day <= max;
}

/** `YYYY-MM-DDTHH:mm:ss[.SSS]Z` (shape already checked) naming a real instant. */
export function isValidInstant(text: string): boolean {
  if (!isCalendarDate(text)) return false;
  return digitsAt(text, 11, 2) <= 23 && digitsAt(text, 14, 2) <= 59 && digitsAt(text, 17, 2) <= 59;
}

// What is wrong with a value, or undefined: messages only, so callers build a JSON path only on error.

export function moneyProblem(value: number): string | undefined {
  if (!(Math.abs(value) < MAX_MONEY)) return `el valor absoluto debe ser menor que ${MAX_MONEY_TEXT}`;
  return hasAtMostDecimals(value, 2) ? undefined : 'debe tener como máximo 2 decimales';
}

export function quantityProblem(value: number): string | undefined {
  if (!(Math.abs(value) < MAX_QUANTITY)) return `el valor absoluto debe ser menor que ${MAX_QUANTITY_TEXT}`;
  return hasAtMostDecimals(value, 4) ? undefined : 'debe tener como máximo 4 decimales';
}

export function dateProblem(value: string): string | undefined {
  return isCalendarDate(value) ? undefined : `${value} no es una fecha real del calendario`;
}

export function instantProblem(value: string): string | undefined {
  return isValidInstant(value) ? undefined : `${value} no es un instante válido`;
}

const MAX_MONEY_TEXT = '10.000.000.000.000';
const MAX_QUANTITY_TEXT = '100.000.000.000';

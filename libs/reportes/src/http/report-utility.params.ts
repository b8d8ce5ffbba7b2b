/**
 * Pure parsing rules of GET /reports/reportUtility (CONTRACT §4), kept apart from the DTO so they
 * are unit-tested without Nest: the instant format and the range. (Format negotiation and file names are the platform's export module.)
 */

/** The one accepted instant shape: UTC with milliseconds, e.g. 2024-03-01T00:00:00.000Z. */
export const INSTANT_FORMAT = 'yyyy-MM-ddTHH:mm:ss.SSSZ';
export const INSTANT_EXAMPLE_INIT = '2024-03-01T00:00:00.000Z';
export const INSTANT_EXAMPLE_END = '2024-03-31T23:59:59.999Z';

const INSTANT_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.(\d{3})Z$/;

/**
 * True when `value` is exactly `yyyy-MM-ddTHH:mm:ss.SSSZ` and names a real instant: month 1–12,
 * a day that exists in that month (leap years included), hour 0–23, minute and second 0–59
 * (no leap second), year 0001–9999 (PostgreSQL has no year 0).
 */
export function isUtcMillisInstant(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = INSTANT_RE.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number);
  if (year < 1 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return false;
  return day <= daysInMonth(year, month);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** The instant message shared by both date parameters (says the form and gives an example). */
export function instantProblemMessage(example: string): string {
  return `Debe ser una fecha y hora UTC con milisegundos, exactamente ${INSTANT_FORMAT}, p. ej. ${example}.`;
}

/**
 * Both instants in the fixed shape compare correctly as text (same width, most significant field
 * first), so no Date arithmetic is needed.
 */
export function isOrderedRange(init: string, end: string): boolean {
  return init <= end;
}

/** Dates as whole days since 1970-01-01 (UTC), so comparisons are integer comparisons. */

const MS_PER_DAY = 86_400_000;

export const NO_DATE = Number.POSITIVE_INFINITY;

export const MONTH_NAMES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;

export function dayNum(y: number, m: number, d: number): number {
  return Date.UTC(y, m - 1, d) / MS_PER_DAY;
}

export function lastDayOfMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

export interface Ymd {
  y: number;
  m: number;
  d: number;
  /** true when d is the last day of its month */
  eom: boolean;
}

export function ymd(day: number): Ymd {
  const dt = new Date(day * MS_PER_DAY);
  const y = dt.getUTCFullYear();
  const m = dt.getUTCMonth() + 1;
  const d = dt.getUTCDate();
  return { y, m, d, eom: d === lastDayOfMonth(y, m) };
}

export function isoDate(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** Colombian payroll convention (30-day months, 360-day years), both ends inclusive. */
export function days360(a: Ymd, b: Ymd): number {
  const da = a.d === 31 ? 30 : a.d;
  const db = b.eom ? 30 : Math.min(b.d, 30);
  return (b.y - a.y) * 360 + (b.m - a.m) * 30 + (db - da) + 1;
}

/** Add whole months to (y, m). */
export function addMonths(y: number, m: number, k: number): { y: number; m: number } {
  const t = y * 12 + (m - 1) + k;
  return { y: Math.floor(t / 12), m: (t % 12) + 1 };
}

/**
 * Exact arithmetic for derived totals: amounts are summed as integer cents and quantities as
 * integer 1/10000 units (doubles are exact integers up to 2^53), then printed as decimal text
 * for PostgreSQL numeric columns. Summing the doubles directly would drift (0.1 + 0.2).
 */

/**
 * Amounts are exact only while value × 10^decimals stays a safe integer; these bounds keep
 * every stored value exact (and far below the numeric(18,2) / numeric(18,4) column limits).
 */
export const MAX_MONEY = 1e13;
export const MAX_QUANTITY = 1e11;

/** Money and quantities are summed as safe integers; beyond 2^53 the sums would stop being exact. */
export const SAFE = Number.MAX_SAFE_INTEGER;

export function toCents(value: number): number {
  return Math.round(value * 100);
}

export function toUnits(value: number): number {
  return Math.round(value * 10000);
}

function scaledText(n: number, scale: number, digits: number): string {
  const negative = n < 0;
  const abs = negative ? -n : n;
  // % and the division of an exact multiple are both exact for safe integers, unlike floor(abs / scale).
  const fraction = abs % scale;
  const whole = (abs - fraction) / scale;
  const fractionText = String(fraction).padStart(digits, '0');
  return `${negative ? '-' : ''}${whole}.${fractionText}`;
}

export function centsText(cents: number): string {
  return scaledText(cents, 100, 2);
}

export function unitsText(units: number): string {
  return scaledText(units, 10000, 4);
}

/** A count of 10^-digits units of any size (digits ≥ 1) as decimal text. */
export function bigScaledText(n: bigint, digits: number): string {
  const negative = n < 0n;
  const text = (negative ? -n : n).toString().padStart(digits + 1, '0');
  return `${negative ? '-' : ''}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

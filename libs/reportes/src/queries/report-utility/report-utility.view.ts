import { toWireUuid } from '@nomina-api/platform/http/uuid';
import type { ReportUtilityRow } from './report-utility.sql';

/**
 * One report row with its figures as exact decimal text (what the CSV writes; JSON turns them
 * into numbers). Key order is the wire order: detail rows start with saleId and date (their
 * sort keys), then the product fields.
 */
export interface ReportUtilityRecord {
  saleId?: string;
  date?: string;
  productId: string;
  code: string;
  name: string;
  categoryName: string | null;
  quantity: string;
  totalBruto: string;
  totalDiscount: string;
  totalTaxes: string;
  total: string;
  avgCost: string;
  grossProfit: string;
}

/** Totals over every line of the report, exact decimal text. */
export interface ReportUtilityTotalsRecord {
  quantity: string;
  totalBruto: string;
  totalDiscount: string;
  totalTaxes: string;
  total: string;
  /** Σ(cantidad × costoPromedio) over every line, rounded to 2 decimals. */
  cost: string;
  grossProfit: string;
}

/** What the report stream carries: every row in report order, then exactly one totals item. */
export type ReportUtilityItem = { row: ReportUtilityRecord } | { totals: ReportUtilityTotalsRecord };

type Numeric<T> = {
  [K in keyof T]: K extends 'quantity' | 'totalBruto' | 'totalDiscount' | 'totalTaxes' | 'total' | 'avgCost' | 'grossProfit' | 'cost'
    ? number
    : T[K];
};

/** JSON shapes: the same fields with plain JSON numbers. */
export type ReportUtilityRowView = Numeric<ReportUtilityRecord>;
export type ReportUtilityTotalsView = Numeric<ReportUtilityTotalsRecord>;
export interface ReportUtilityView {
  reportByProduct: ReportUtilityRowView[];
  totals: ReportUtilityTotalsView;
}

const ROW_NUMBERS = ['quantity', 'totalBruto', 'totalDiscount', 'totalTaxes', 'total', 'avgCost', 'grossProfit'] as const;

/** Field names of a row, in record order (the JSON's, and the exports' columns). */
export const GROUPED_COLUMNS = [
  'productId',
  'code',
  'name',
  'categoryName',
  'quantity',
  'totalBruto',
  'totalDiscount',
  'totalTaxes',
  'total',
  'avgCost',
  'grossProfit',
] as const satisfies readonly (keyof ReportUtilityRecord)[];
export const DETAIL_COLUMNS = ['saleId', 'date', ...GROUPED_COLUMNS] as const satisfies readonly (keyof ReportUtilityRecord)[];

/** One SQL row → stream item: the totals row (last) or a product row with wire uuids. */
export function toItem(row: ReportUtilityRow): ReportUtilityItem {
  if (row.isTotal) {
    const { quantity, totalBruto, totalDiscount, totalTaxes, total, cost, grossProfit } = row;
    return { totals: { quantity, totalBruto, totalDiscount, totalTaxes, total, cost, grossProfit } };
  }
  const detail = row.saleId !== null;
  // One literal for both shapes (a year of detail is half a million rows: a spread per row copied
  // every field again). A grouped record carries saleId/date as undefined, which every writer
  // treats as absent (JSON.stringify omits them, the grouped export columns do not name them).
  return {
    row: {
      saleId: detail ? wireUuid(row.saleId!) : undefined,
      date: detail ? (row.date ?? '') : undefined,
      productId: wireUuid(row.productId ?? ''),
      // A line whose product row is missing (venta_linea has no foreign key) still shows up.
      code: row.code ?? '',
      name: row.name ?? '',
      categoryName: row.categoryName,
      quantity: row.quantity,
      totalBruto: row.totalBruto,
      totalDiscount: row.totalDiscount,
      totalTaxes: row.totalTaxes,
      total: row.total,
      avgCost: row.avgCost ?? '0',
      grossProfit: row.grossProfit,
    },
  };
}

/**
 * toWireUuid, with PostgreSQL's text form of a uuid (the only one a uuid column gives) cut by
 * slices instead of a regular expression: about half the cost, same result for every input.
 */
function wireUuid(s: string): string {
  if (s.length === 36 && s.charCodeAt(8) === 45 && s.charCodeAt(13) === 45 && s.charCodeAt(18) === 45 && s.charCodeAt(23) === 45) {
    const hex = s.slice(0, 8) + s.slice(9, 13) + s.slice(14, 18) + s.slice(19, 23) + s.slice(24);
    if (hex.indexOf('-') < 0) return hex.toUpperCase();
  }
  return toWireUuid(s);
}

/** Decimal text → JSON numbers (after all exact arithmetic is done). */
export function toRowView(record: ReportUtilityRecord): ReportUtilityRowView {
  const view: Record<string, unknown> = { ...record };
  for (const key of ROW_NUMBERS) view[key] = Number(record[key]);
  return view as ReportUtilityRowView;
}

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

/**
 * The JSON of one row: byte for byte `JSON.stringify(toRowView(record))`, written straight from the
 * record (no view object, no spread): a year of detail is half a million rows.
 */
export function toRowJson(r: ReportUtilityRecord): string {
  const head =
    r.saleId === undefined ? '{"productId":' : '{"saleId":' + textJson(r.saleId) + ',"date":' + textJson(r.date ?? null) + ',"productId":';
  return (
    head +
    textJson(r.productId) +
    ',"code":' +
    textJson(r.code) +
    ',"name":' +
    textJson(r.name) +
    ',"categoryName":' +
    textJson(r.categoryName) +
    ',"quantity":' +
    decimalJson(r.quantity) +
    ',"totalBruto":' +
    decimalJson(r.totalBruto) +
    ',"totalDiscount":' +
    decimalJson(r.totalDiscount) +
    ',"totalTaxes":' +
    decimalJson(r.totalTaxes) +
    ',"total":' +
    decimalJson(r.total) +
    ',"avgCost":' +
    decimalJson(r.avgCost) +
    ',"grossProfit":' +
    decimalJson(r.grossProfit) +
    '}'
  );
}

export function toTotalsView(t: ReportUtilityTotalsRecord): ReportUtilityTotalsView {
  return {
    quantity: Number(t.quantity),
    totalBruto: Number(t.totalBruto),
    totalDiscount: Number(t.totalDiscount),
    totalTaxes: Number(t.totalTaxes),
    total: Number(t.total),
    cost: Number(t.cost),
    grossProfit: Number(t.grossProfit),
  };
}

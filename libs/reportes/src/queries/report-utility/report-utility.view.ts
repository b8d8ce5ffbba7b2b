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
  const product: ReportUtilityRecord = {
    productId: toWireUuid(row.productId ?? ''),
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
  };
  return { row: row.saleId === null ? product : { saleId: toWireUuid(row.saleId), date: row.date ?? '', ...product } };
}

/** Decimal text → JSON numbers (after all exact arithmetic is done). */
export function toRowView(record: ReportUtilityRecord): ReportUtilityRowView {
  const view: Record<string, unknown> = { ...record };
  for (const key of ROW_NUMBERS) view[key] = Number(record[key]);
  return view as ReportUtilityRowView;
}

/** A decimal text as the JSON number JSON.stringify would write for Number(text). */
const jsonNumber = (text: string): string => {
  const n = Number(text);
  return Number.isFinite(n) ? String(n) : 'null';
};
const jsonText = (text: string | null): string => (text === null ? 'null' : JSON.stringify(text));

/**
 * The JSON of one row: byte for byte `JSON.stringify(toRowView(record))`, written straight from the
 * record (no view object, no spread): a year of detail is half a million rows.
 */
export function toRowJson(r: ReportUtilityRecord): string {
  const head = r.saleId === undefined ? '{' : `{"saleId":${jsonText(r.saleId)},"date":${jsonText(r.date ?? null)},`;
  return (
    `${head}"productId":${jsonText(r.productId)},"code":${jsonText(r.code)},"name":${jsonText(r.name)},` +
    `"categoryName":${jsonText(r.categoryName)},"quantity":${jsonNumber(r.quantity)},"totalBruto":${jsonNumber(r.totalBruto)},` +
    `"totalDiscount":${jsonNumber(r.totalDiscount)},"totalTaxes":${jsonNumber(r.totalTaxes)},"total":${jsonNumber(r.total)},` +
    `"avgCost":${jsonNumber(r.avgCost)},"grossProfit":${jsonNumber(r.grossProfit)}}`
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

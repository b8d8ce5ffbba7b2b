import { decimalJson, textJson, toWireUuid } from '@nomina-api/platform/http';
import type { ReportUtilityRow, SaleFigures, SalesByCategoryRow } from './report-utility.sql';

/**
 * One report row with its figures as exact decimal text (what the CSV writes; JSON turns them
 * into numbers). Its wire order is GROUPED_COLUMNS' (toItem writes it): detail rows start with
 * saleId and date (their sort keys), then the product fields, the sale figures, the cost members.
 */
export interface ReportUtilityRecord extends SalesTotalsRecord {
  saleId?: string;
  date?: string;
  productId: string;
  code: string;
  name: string;
  categoryName: string | null;
  avgCost: string;
  grossProfit: string;
}

/** Totals over every line of the report, exact decimal text. */
export interface ReportUtilityTotalsRecord extends SalesTotalsRecord {
  /** Σ(cantidad × costoPromedio) over every line, rounded to 2 decimals. */
  cost: string;
  grossProfit: string;
}

/** What a sale adds up to in every sales report (CONTRACT §4, §11.4), exact decimal text. */
export type SalesTotalsRecord = SaleFigures;

/** The sale figures in wire order, as every sales report's rows and totals write them. */
const FIGURE_COLUMNS = ['quantity', 'totalBruto', 'totalDiscount', 'totalTaxes', 'total'] as const satisfies readonly (keyof SaleFigures)[];

/** The figures of a row or totals item, in wire order. */
function figuresOf(r: SaleFigures): SaleFigures {
  return { quantity: r.quantity, totalBruto: r.totalBruto, totalDiscount: r.totalDiscount, totalTaxes: r.totalTaxes, total: r.total };
}

/** What the report stream carries: every row in report order, then exactly one totals item. */
export type ReportUtilityItem = { row: ReportUtilityRecord } | { totals: ReportUtilityTotalsRecord };

type Numeric<T> = {
  [K in keyof T]: K extends (typeof FIGURE_COLUMNS)[number] | 'avgCost' | 'grossProfit' | 'cost' ? number : T[K];
};

/** JSON shapes: the same fields with plain JSON numbers. */
export type ReportUtilityRowView = Numeric<ReportUtilityRecord>;
export type ReportUtilityTotalsView = Numeric<ReportUtilityTotalsRecord>;
/** The sales-by-product row and the sales totals (CONTRACT §11.4): no cost members. */
export type SalesRowView = Omit<ReportUtilityRowView, 'avgCost' | 'grossProfit'>;
export type SalesTotalsView = Numeric<SalesTotalsRecord>;
export interface ReportUtilityView {
  reportByProduct: ReportUtilityRowView[];
  totals: ReportUtilityTotalsView;
}

const ROW_NUMBERS = [...FIGURE_COLUMNS, 'avgCost', 'grossProfit'] as const;

/** Field names of a row, in record order (the JSON's, and the exports' columns). */
export const GROUPED_COLUMNS = [
  'productId',
  'code',
  'name',
  'categoryName',
  ...FIGURE_COLUMNS,
  'avgCost',
  'grossProfit',
] as const satisfies readonly (keyof ReportUtilityRecord)[];
export const DETAIL_COLUMNS = ['saleId', 'date', ...GROUPED_COLUMNS] as const satisfies readonly (keyof ReportUtilityRecord)[];

/** One SQL row → stream item: the totals row (last) or a product row with wire uuids. */
export function toItem(row: ReportUtilityRow): ReportUtilityItem {
  if (row.isTotal) {
    return { totals: { ...figuresOf(row), cost: row.cost, grossProfit: row.grossProfit } };
  }
  const detail = row.saleId !== null;
  // One literal for both shapes (a year of detail is half a million rows: a spread per row copied
  // every field again). A grouped record carries saleId/date as undefined, which every writer
  // treats as absent (JSON.stringify omits them, the grouped export columns do not name them).
  return {
    row: {
      saleId: detail ? toWireUuid(row.saleId!) : undefined,
      date: detail ? (row.date ?? '') : undefined,
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
    },
  };
}

/** Decimal text → JSON numbers (after all exact arithmetic is done). */
export function toRowView(record: ReportUtilityRecord): ReportUtilityRowView {
  const view: Record<string, unknown> = { ...record };
  for (const key of ROW_NUMBERS) view[key] = Number(record[key]);
  return view as ReportUtilityRowView;
}

/**
 * The JSON of one row: byte for byte `JSON.stringify(toRowView(record))`, written straight from the
 * record (no view object, no spread): a year of detail is half a million rows.
 */
export function toRowJson(r: ReportUtilityRecord): string {
  return saleJson(r) + ',"avgCost":' + decimalJson(r.avgCost) + ',"grossProfit":' + decimalJson(r.grossProfit) + '}';
}

/**
 * The JSON of one row of the sales-by-product report (CONTRACT §11.4): the profitability row
 * without its cost members, byte for byte `JSON.stringify(toSalesRowView(record))`.
 */
export function toSalesRowJson(r: ReportUtilityRecord): string {
  return saleJson(r) + '}';
}

/** A row's JSON up to and including `total`, unclosed: what every sales report's row says about the sale. */
function saleJson(r: ReportUtilityRecord): string {
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
    decimalJson(r.total)
  );
}

export function toTotalsView(t: ReportUtilityTotalsRecord): ReportUtilityTotalsView {
  return { ...toSalesTotalsView(t), cost: Number(t.cost), grossProfit: Number(t.grossProfit) };
}

/** The sales reports' totals (CONTRACT §11.4): the profitability totals without cost and grossProfit. */
export function toSalesTotalsView(t: SalesTotalsRecord): SalesTotalsView {
  return {
    quantity: Number(t.quantity),
    totalBruto: Number(t.totalBruto),
    totalDiscount: Number(t.totalDiscount),
    totalTaxes: Number(t.totalTaxes),
    total: Number(t.total),
  };
}

/** A sales-by-product row as JSON numbers (the reference of toSalesRowJson). */
export function toSalesRowView(record: ReportUtilityRecord): SalesRowView {
  const { avgCost: _avgCost, grossProfit: _grossProfit, ...view } = toRowView(record);
  return view;
}

/** One row of the sales-by-category report, exact decimal text (what the CSV writes). */
export interface SalesByCategoryRecord extends SalesTotalsRecord {
  /** Wire uuid; null for the sales of products without a category. */
  categoryId: string | null;
  categoryName: string | null;
}

export type SalesByCategoryRowView = Numeric<SalesByCategoryRecord>;

export interface SalesByCategoryView {
  reportByCategory: SalesByCategoryRowView[];
  totals: SalesTotalsView;
}

/** Field names of a category row, in record order (the JSON's, and the exports' columns). */
export const CATEGORY_COLUMNS = [
  'categoryId',
  'categoryName',
  ...FIGURE_COLUMNS,
] as const satisfies readonly (keyof SalesByCategoryRecord)[];

/** The statement's rows → the category records (wire uuids) and the totals, in report order. */
export function toSalesByCategory(rows: readonly SalesByCategoryRow[]): { rows: SalesByCategoryRecord[]; totals: SalesTotalsRecord } {
  const records: SalesByCategoryRecord[] = [];
  let totals: SalesTotalsRecord | undefined;
  for (const r of rows) {
    const figures = figuresOf(r);
    if (r.isTotal) totals = figures;
    else records.push({ categoryId: r.categoryId === null ? null : toWireUuid(r.categoryId), categoryName: r.categoryName, ...figures });
  }
  if (!totals) throw new Error('sales-by-category: the statement returned no totals row');
  return { rows: records, totals };
}

/** The JSON body of GET /reports/reportSalesByCategory: decimal text becomes JSON numbers only here. */
export function toSalesByCategoryView(report: { rows: readonly SalesByCategoryRecord[]; totals: SalesTotalsRecord }): SalesByCategoryView {
  return {
    reportByCategory: report.rows.map((r) => ({ categoryId: r.categoryId, categoryName: r.categoryName, ...toSalesTotalsView(r) })),
    totals: toSalesTotalsView(report.totals),
  };
}

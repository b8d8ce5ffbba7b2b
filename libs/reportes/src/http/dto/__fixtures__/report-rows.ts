import { Readable } from 'node:stream';
import { documentedProperties } from '@nomina-api/platform/http';
import type { ReportUtilityRow } from '../../../queries/report-utility/report-utility.sql';
import { toItem } from '../../../queries/report-utility/report-utility.view';
import { jsonWriter } from '../../report-utility.json';

/** A grouped row as the statement sends it: exact decimal text, a name JSON must escape. */
export const ROW: ReportUtilityRow = {
  isTotal: false,
  saleId: null,
  date: null,
  productId: 'c0ffee00-0000-4000-8000-000000000001',
  code: 'A-100',
  name: 'Café "de origen"',
  categoryName: null,
  quantity: '1.5',
  totalBruto: '2.00',
  totalDiscount: '0.00',
  totalTaxes: '0.38',
  total: '2.38',
  avgCost: '1.0000',
  cost: '1.50',
  grossProfit: '0.50',
};
export const TOTALS: ReportUtilityRow = { ...ROW, isTotal: true, productId: null, code: null, name: null, avgCost: null };
export const DETAIL: ReportUtilityRow = { ...ROW, saleId: '5a1e0000-0000-4000-8000-0000000000a1', date: '2024-03-01T00:00:00.000Z' };

/** What a product report's JSON writer (`shape`: the profitability report's by default) sends for these statement rows, parsed back. */
export async function written(
  rows: ReportUtilityRow[],
  shape?: Parameters<typeof jsonWriter>[0],
): Promise<{ reportByProduct: object[]; totals: object }> {
  let text = '';
  for await (const chunk of Readable.from([rows.map(toItem)]).pipe(jsonWriter(shape))) text += String(chunk);
  return JSON.parse(text) as { reportByProduct: object[]; totals: object };
}

/** The property names a DTO documents, in order. */
export const names = (dto: Parameters<typeof documentedProperties>[0]): string[] => documentedProperties(dto).map((p) => p.name);

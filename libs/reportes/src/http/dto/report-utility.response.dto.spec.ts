import { Readable } from 'node:stream';
import { documentedProperties } from '@nomina-api/platform/http';
import type { ReportUtilityRow } from '../../queries/report-utility/report-utility.sql';
import { DETAIL_COLUMNS, GROUPED_COLUMNS, toItem } from '../../queries/report-utility/report-utility.view';
import { jsonWriter } from '../report-utility.json';
import {
  ReportUtilityDetailRowDto,
  ReportUtilityGroupedRowDto,
  ReportUtilityResponseDto,
  ReportUtilityTotalsDto,
} from './report-utility.response.dto';

const ROW: ReportUtilityRow = {
  isTotal: false,
  saleId: null,
  date: null,
  productId: 'c0ffee00-0000-4000-8000-000000000001',
  code: 'A-100',
  name: 'Café',
  categoryName: null,
  quantity: '1',
  totalBruto: '2',
  totalDiscount: '0',
  totalTaxes: '0',
  total: '2',
  avgCost: '1',
  cost: '1',
  grossProfit: '1',
};
const TOTALS: ReportUtilityRow = { ...ROW, isTotal: true, productId: null, code: null, name: null, avgCost: null };
const DETAIL: ReportUtilityRow = { ...ROW, saleId: '5a1e0000-0000-4000-8000-0000000000a1', date: '2024-03-01T00:00:00.000Z' };

/** What the JSON writer sends for these SQL rows, parsed back. */
async function written(rows: ReportUtilityRow[]): Promise<{ reportByProduct: object[]; totals: object }> {
  let text = '';
  for await (const chunk of Readable.from([rows.map(toItem)]).pipe(jsonWriter())) text += String(chunk);
  return JSON.parse(text) as { reportByProduct: object[]; totals: object };
}

const names = (dto: Parameters<typeof documentedProperties>[0]) => documentedProperties(dto).map((p) => p.name);

/**
 * The report's bytes come from its own JSON writer (and the CSV columns), not from the DTOs
 * OpenAPI reads: a field added to one and not the other, or reordered, fails here.
 */
describe('report-utility response DTOs against the JSON writer', () => {
  it('the body: reportByProduct then totals', async () => {
    expect(names(ReportUtilityResponseDto)).toEqual(Object.keys(await written([ROW, TOTALS])));
  });

  it('a grouped row, in the writer order (and the CSV columns)', async () => {
    const body = await written([ROW, TOTALS]);
    expect(names(ReportUtilityGroupedRowDto)).toEqual(Object.keys(body.reportByProduct[0]));
    expect(names(ReportUtilityGroupedRowDto)).toEqual([...GROUPED_COLUMNS]);
  });

  it('a detail row, in the writer order (and the CSV columns)', async () => {
    const body = await written([DETAIL, TOTALS]);
    expect(names(ReportUtilityDetailRowDto)).toEqual(Object.keys(body.reportByProduct[0]));
    expect(names(ReportUtilityDetailRowDto)).toEqual([...DETAIL_COLUMNS]);
  });

  it('the totals, in the writer order', async () => {
    expect(names(ReportUtilityTotalsDto)).toEqual(Object.keys((await written([TOTALS])).totals));
  });
});

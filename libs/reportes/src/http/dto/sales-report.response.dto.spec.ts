import type { SalesByCategoryRow } from '../../queries/report-utility/report-utility.sql';
import {
  CATEGORY_COLUMNS,
  toItem,
  toSalesByCategory,
  toSalesByCategoryView,
  toSalesRowJson,
  toSalesRowView,
} from '../../queries/report-utility/report-utility.view';
import { CATEGORY_EXPORT_COLUMNS, SALES_DETAIL_EXPORT_COLUMNS, SALES_GROUPED_EXPORT_COLUMNS } from '../report-utility.export';
import { SALES_BY_PRODUCT_JSON } from '../report-utility.json';
import { DETAIL, names, ROW, TOTALS, written } from './__fixtures__/report-rows';
import { SalesDetailRowDto, SalesGroupedRowDto, SalesTotalsDto } from './report-utility.response.dto';
import { SalesByCategoryResponseDto, SalesByCategoryRowDto, SalesByProductResponseDto } from './sales-report.response.dto';

/** The sales reports' bytes come from their writers, not from the DTOs OpenAPI reads: a drift fails here. */
describe('sales report DTOs against their writers and export columns', () => {
  it('by product: body, grouped and detail rows, totals — the profitability shapes without the cost members', async () => {
    const grouped = await written([ROW, TOTALS], SALES_BY_PRODUCT_JSON);
    expect(names(SalesByProductResponseDto)).toEqual(Object.keys(grouped));
    expect(names(SalesGroupedRowDto)).toEqual(Object.keys(grouped.reportByProduct[0]));
    expect(names(SalesGroupedRowDto)).toEqual(SALES_GROUPED_EXPORT_COLUMNS.map((c) => c.name));
    expect(names(SalesTotalsDto)).toEqual(Object.keys(grouped.totals));
    const detail = await written([DETAIL, TOTALS], SALES_BY_PRODUCT_JSON);
    expect(names(SalesDetailRowDto)).toEqual(Object.keys(detail.reportByProduct[0]));
    expect(names(SalesDetailRowDto)).toEqual(SALES_DETAIL_EXPORT_COLUMNS.map((c) => c.name));
    expect(names(SalesGroupedRowDto)).not.toContain('avgCost');
  });

  it('a row is JSON.stringify of its view, byte for byte', () => {
    for (const row of [ROW, DETAIL, { ...ROW, name: '=Ñ\u0001', quantity: '-0.0001' }]) {
      const item = toItem(row);
      if (!('row' in item)) throw new Error('expected a row');
      expect(toSalesRowJson(item.row)).toBe(JSON.stringify(toSalesRowView(item.row)));
    }
  });

  it('by category: body and row in the writer order (and the CSV columns); the totals row is not a row', () => {
    const rows: SalesByCategoryRow[] = [
      {
        isTotal: false,
        categoryId: 'ca000000-0000-4000-8000-000000000001',
        categoryName: 'Bebidas',
        quantity: '2',
        totalBruto: '3.00',
        totalDiscount: '0.00',
        totalTaxes: '0.00',
        total: '3.00',
      },
      {
        isTotal: false,
        categoryId: null,
        categoryName: null,
        quantity: '1',
        totalBruto: '1.00',
        totalDiscount: '0.00',
        totalTaxes: '0.00',
        total: '1.00',
      },
      {
        isTotal: true,
        categoryId: null,
        categoryName: null,
        quantity: '3',
        totalBruto: '4.00',
        totalDiscount: '0.00',
        totalTaxes: '0.00',
        total: '4.00',
      },
    ];
    const view = toSalesByCategoryView(toSalesByCategory(rows));
    expect(names(SalesByCategoryResponseDto)).toEqual(Object.keys(view));
    expect(names(SalesByCategoryRowDto)).toEqual(Object.keys(view.reportByCategory[0]));
    expect(names(SalesByCategoryRowDto)).toEqual([...CATEGORY_COLUMNS]);
    expect(CATEGORY_EXPORT_COLUMNS.map((c) => c.name)).toEqual([...CATEGORY_COLUMNS]);
    expect(view.reportByCategory.map((r) => r.categoryId)).toEqual(['CA000000000040008000000000000001', null]);
    expect(view.totals).toEqual({ quantity: 3, totalBruto: 4, totalDiscount: 0, totalTaxes: 0, total: 4 });
    expect(() => toSalesByCategory(rows.slice(0, 2))).toThrow(/no totals row/);
  });
});

import type { ReportUtilityRow } from './report-utility.sql';
import { toItem, toRowJson, toRowView, toTotalsView } from './report-utility.view';

const figures = {
  quantity: '3.25',
  totalBruto: '16300.00',
  totalDiscount: '500.00',
  totalTaxes: '2052.00',
  total: '17852.00',
  cost: '3953.73',
  grossProfit: '12346.27',
};
const grouped: ReportUtilityRow = {
  isTotal: false,
  saleId: null,
  date: null,
  productId: 'c0ffee00-0000-4000-8000-000000000001',
  code: 'A-100',
  name: 'Café',
  categoryName: null,
  ...figures,
  avgCost: '1216.5336',
};

describe('toItem', () => {
  it('a grouped row: wire uuid, no sale fields, exact text kept', () => {
    expect(toItem(grouped)).toEqual({
      row: {
        productId: 'C0FFEE00000040008000000000000001',
        code: 'A-100',
        name: 'Café',
        categoryName: null,
        quantity: '3.25',
        totalBruto: '16300.00',
        totalDiscount: '500.00',
        totalTaxes: '2052.00',
        total: '17852.00',
        avgCost: '1216.5336',
        grossProfit: '12346.27',
      },
    });
  });

  it('a detail row starts with saleId and date', () => {
    const item = toItem({ ...grouped, saleId: '5a1e0000-0000-4000-8000-0000000000a1', date: '2024-03-01T00:00:00.000Z' });
    expect('row' in item && Object.keys(item.row).slice(0, 3)).toEqual(['saleId', 'date', 'productId']);
    expect('row' in item && item.row.saleId).toBe('5A1E00000000400080000000000000A1');
  });

  it('the totals row becomes the totals item (with cost, without product fields)', () => {
    expect(toItem({ ...grouped, isTotal: true, productId: null, code: null, name: null, avgCost: null })).toEqual({ totals: figures });
  });

  it('a line whose product row is missing still gives a row', () => {
    const item = toItem({ ...grouped, code: null, name: null });
    expect('row' in item && [item.row.code, item.row.name]).toEqual(['', '']);
  });
});

describe('JSON numbers', () => {
  it('decimal text becomes plain numbers only at the end', () => {
    const item = toItem(grouped);
    if (!('row' in item)) throw new Error('expected a row');
    expect(toRowView(item.row)).toEqual({
      productId: 'C0FFEE00000040008000000000000001',
      code: 'A-100',
      name: 'Café',
      categoryName: null,
      quantity: 3.25,
      totalBruto: 16300,
      totalDiscount: 500,
      totalTaxes: 2052,
      total: 17852,
      avgCost: 1216.5336,
      grossProfit: 12346.27,
    });
    expect(toTotalsView({ ...figures, grossProfit: '-50.56' })).toEqual({
      quantity: 3.25,
      totalBruto: 16300,
      totalDiscount: 500,
      totalTaxes: 2052,
      total: 17852,
      cost: 3953.73,
      grossProfit: -50.56,
    });
  });
});

describe('toRowJson', () => {
  const detail = { ...grouped, saleId: '5a1e0000-0000-4000-8000-0000000000a1', date: '2024-03-01T00:00:00.000Z' };
  const rows: ReportUtilityRow[] = [
    grouped,
    detail,
    { ...grouped, categoryName: 'Bebidas "frías" \\ \n\u0001 – ñ 😀', name: '=Promo\tdía', code: null },
    { ...detail, quantity: '-0.0001', totalBruto: '-0.00', avgCost: null, grossProfit: '123456789012345.67', total: '1e3' },
    { ...detail, quantity: '0.1000', totalTaxes: '00012.5000', totalDiscount: 'not a number' },
  ];

  it.each(rows.map((r, i) => [i, r] as const))('row %i is byte for byte JSON.stringify(toRowView(row))', (_i, row) => {
    const item = toItem(row);
    if (!('row' in item)) throw new Error('expected a row');
    expect(toRowJson(item.row)).toBe(JSON.stringify(toRowView(item.row)));
  });
});

describe('toRowJson on edge values, against JSON.stringify(toRowView(record))', () => {
  const base = { ...grouped, saleId: '5a1e0000-0000-4000-8000-0000000000a1', date: '2024-03-01T00:00:00.000Z' };
  const rows: ReportUtilityRow[] = [
    { ...base, code: null, name: null, categoryName: null, avgCost: null },
    { ...base, name: 'Niño \ud83d "x" \u2028', categoryName: '\u0000\u001f', code: '\\' },
    { ...base, quantity: '-0', totalBruto: '-0.0000', totalDiscount: '0.0000001', totalTaxes: '1e21', total: '123456789012345.678' },
    { ...base, avgCost: '0.00000100', grossProfit: '-999999999999999.99', quantity: '1E-7', totalBruto: 'abc', total: '' },
    { ...grouped, saleId: null, date: null, productId: 'C0FFEE00000040008000000000000001' },
    { ...grouped, productId: 'not-a-uuid-but-text-"quoted"-36chars' },
    { ...base, saleId: '5a1e0000-0000-4000-8000-00000000-0a1', date: null },
  ];
  it.each(rows.map((r, i) => [i, r] as const))('row %i', (_i, row) => {
    const item = toItem(row);
    if (!('row' in item)) throw new Error('expected a row');
    expect(toRowJson(item.row)).toBe(JSON.stringify(toRowView(item.row)));
  });
});

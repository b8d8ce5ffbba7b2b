import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import type { ReportUtilityItem, ReportUtilityRecord } from '../queries/report-utility/report-utility.view';
import { jsonWriter } from './report-utility.json';

const detail: ReportUtilityRecord = {
  saleId: '5A1E00000000400080000000000000A1',
  date: '2024-03-01T00:00:00.000Z',
  productId: 'C0FFEE00000040008000000000000001',
  code: 'A-100',
  name: 'Café "especial"',
  categoryName: 'Bebidas',
  quantity: '3',
  totalBruto: '15000.00',
  totalDiscount: '500.00',
  totalTaxes: '1805.00',
  total: '16305.00',
  avgCost: '1234.5678',
  grossProfit: '11296.30',
};
const totals = {
  quantity: '27.25',
  totalBruto: '47291.75',
  totalDiscount: '2100.00',
  totalTaxes: '2926.00',
  total: '48117.75',
  cost: '23592.99',
  grossProfit: '23698.76',
};
/** The items as the handler's stream gives them: arrays of at most `batch` items. */
const run = (items: ReportUtilityItem[], batch = 1000): Promise<string> => {
  const batches: ReportUtilityItem[][] = [];
  for (let i = 0; i < items.length; i += batch) batches.push(items.slice(i, i + batch));
  return text(Readable.from(batches).pipe(jsonWriter()));
};

describe('jsonWriter', () => {
  it('writes rows then totals as one JSON document with plain numbers, keys in wire order', async () => {
    const body = await run([{ row: detail }, { row: { ...detail, saleId: 'B2' } }, { totals }]);
    const parsed = JSON.parse(body);
    expect(parsed).toEqual({
      reportByProduct: [
        {
          ...detail,
          quantity: 3,
          totalBruto: 15000,
          totalDiscount: 500,
          totalTaxes: 1805,
          total: 16305,
          avgCost: 1234.5678,
          grossProfit: 11296.3,
        },
        {
          ...detail,
          saleId: 'B2',
          quantity: 3,
          totalBruto: 15000,
          totalDiscount: 500,
          totalTaxes: 1805,
          total: 16305,
          avgCost: 1234.5678,
          grossProfit: 11296.3,
        },
      ],
      totals: {
        quantity: 27.25,
        totalBruto: 47291.75,
        totalDiscount: 2100,
        totalTaxes: 2926,
        total: 48117.75,
        cost: 23592.99,
        grossProfit: 23698.76,
      },
    });
    expect(Object.keys(parsed.reportByProduct[0]).slice(0, 3)).toEqual(['saleId', 'date', 'productId']);
    expect(body.startsWith('{"reportByProduct":[{"saleId"')).toBe(true);
  });

  it('an empty report has an empty list and the totals', async () => {
    expect(JSON.parse(await run([{ totals }])).reportByProduct).toEqual([]);
  });

  it('the same document whatever the batches: one row per batch, totals alone in the last one', async () => {
    const items: ReportUtilityItem[] = [
      { row: detail },
      { row: { ...detail, saleId: 'B2' } },
      { row: { ...detail, saleId: 'C3' } },
      { totals },
    ];
    const whole = await run(items);
    expect(await run(items, 1)).toBe(whole);
    expect(await run(items, 3)).toBe(whole);
    expect(JSON.parse(whole).reportByProduct).toHaveLength(3);
  });

  it('one text chunk per batch, and none taken while the last one is unread (backpressure)', async () => {
    const writer = jsonWriter();
    const batch: ReportUtilityItem[] = Array.from({ length: 100 }, () => ({ row: detail }));
    let accepted = 0;
    while (accepted < 10_000 && writer.write(batch)) accepted++;
    // A batch is ~30 K characters: one or two fill the readable buffer, then one waits to be written.
    expect(accepted).toBeLessThan(3);
    const chunks: unknown[] = [];
    writer.on('data', (c) => chunks.push(c));
    writer.end([{ totals }]);
    await new Promise((resolve) => writer.on('end', resolve));
    expect(chunks.every((c) => typeof c === 'string')).toBe(true);
    expect(chunks).toHaveLength(accepted + 2);
    expect(JSON.parse(chunks.join('')).reportByProduct).toHaveLength((accepted + 1) * 100);
  });

  it('fails rather than end a document without totals', async () => {
    await expect(run([{ row: detail }])).rejects.toThrow(/without its totals/);
  });
});

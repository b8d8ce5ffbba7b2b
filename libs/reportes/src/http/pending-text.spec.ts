import type { Transform } from 'node:stream';
import type { ReportUtilityItem, ReportUtilityRecord } from '../queries/report-utility/report-utility.view';
import { jsonWriter } from './report-utility.json';

const row: ReportUtilityRecord = {
  productId: 'C0FFEE00000040008000000000000001',
  code: 'A-100',
  name: 'Café',
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
  quantity: '3',
  totalBruto: '15000.00',
  totalDiscount: '500.00',
  totalTaxes: '1805.00',
  total: '16305.00',
  cost: '3703.70',
  grossProfit: '11296.30',
};
const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

// The report's CSV now comes from the platform's export module (its own batching and backpressure specs).
const writers: [string, () => Transform][] = [['jsonWriter', jsonWriter]];

describe.each(writers)('%s output', (_name, make) => {
  it('the rows written in one turn of the event loop leave as one chunk', async () => {
    const writer = make();
    const chunks: string[] = [];
    writer.on('data', (c: Buffer) => chunks.push(c.toString('utf8')));
    // 100 rows: less than the 64 Ki characters that are pushed at once.
    for (let i = 0; i < 100; i++) writer.write({ row } satisfies ReportUtilityItem);
    await turn();
    expect(chunks.length).toBe(1);
    writer.end({ totals } satisfies ReportUtilityItem);
    await new Promise((resolve) => writer.on('end', resolve));
    expect(chunks.length).toBeLessThanOrEqual(2);
  });

  it('holds the rows back while nobody reads (backpressure), within about one buffer', async () => {
    const writer = make();
    let accepted = 0;
    while (accepted < 100_000 && writer.write({ row } satisfies ReportUtilityItem)) {
      accepted++;
      if (accepted % 100 === 0) await turn();
    }
    // About one readable buffer of rows: < 1000 with Node 20's 16 KiB default highWaterMark, which
    // Node 22 raised to 64 KiB (stream.getDefaultHighWaterMark), so the bound scales with it.
    expect(accepted).toBeLessThan(1_000 * Math.max(1, writer.readableHighWaterMark / 16_384));
    expect(writer.readableLength).toBeLessThan(writer.readableHighWaterMark + 64 * 1024);
    writer.destroy();
  });
});

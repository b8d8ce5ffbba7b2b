import { Readable } from 'node:stream';
import { DETAIL_COLUMNS, GROUPED_COLUMNS, type ReportUtilityItem } from '../queries/report-utility/report-utility.view';
import { DETAIL_EXPORT_COLUMNS, GROUPED_EXPORT_COLUMNS, reportRows } from './report-utility.export';

describe('report exports', () => {
  it('have the JSON row fields as columns, in their order', () => {
    expect(GROUPED_EXPORT_COLUMNS.map((c) => c.name)).toEqual([...GROUPED_COLUMNS]);
    expect(DETAIL_EXPORT_COLUMNS.map((c) => c.name)).toEqual([...DETAIL_COLUMNS]);
  });

  it('hold the rows, never the totals item', async () => {
    const row = {
      productId: 'C0FFEE00000040008000000000000002',
      code: 'B',
      name: 'n',
      categoryName: null,
      quantity: '1',
      totalBruto: '1.00',
      totalDiscount: '0.00',
      totalTaxes: '0.00',
      total: '1.00',
      avgCost: '1.0000',
      grossProfit: '0.00',
    };
    const totals = {
      quantity: '1',
      totalBruto: '1.00',
      totalDiscount: '0.00',
      totalTaxes: '0.00',
      total: '1.00',
      cost: '1.00',
      grossProfit: '0.00',
    };
    const out = [];
    for await (const r of reportRows(Readable.from([[{ row }], [{ row }, { totals }]] as ReportUtilityItem[][]))) out.push(r);
    expect(out).toEqual([row, row]);
  });

  it('destroying the rows destroys the items (the cursor closes), even unread', async () => {
    const items = Readable.from([] as ReportUtilityItem[][]);
    const rows = reportRows(items);
    rows.destroy();
    await new Promise((r) => setImmediate(r));
    expect(items.destroyed).toBe(true);
  });
});

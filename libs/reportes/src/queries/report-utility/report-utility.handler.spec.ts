import { EventEmitter } from 'node:events';
import { Readable } from 'node:stream';
import type { AppConfig } from '@nomina-api/platform/config';
import type { MikroORM } from '@mikro-orm/core';
import { attachFakeCursor } from '@nomina-api/platform/testing';
import { type PgClient, SqlReader } from '@nomina-api/platform/persistence';
import { REPORT_STATEMENT_TIMEOUT_MS, ReportUtilityHandler } from './report-utility.handler';
import { ReportUtilityQuery } from './report-utility.query';
import type { ReportUtilityRow } from './report-utility.sql';

const criteria = {
  businessIds: ['b'],
  dateInit: '2024-03-01T00:00:00.000Z',
  dateEnd: '2024-03-31T23:59:59.999Z',
  grouped: true,
  estados: ['Pagada' as const],
};
const figures = {
  quantity: '1',
  totalBruto: '10.00',
  totalDiscount: '0.00',
  totalTaxes: '0.00',
  total: '10.00',
  cost: '4.00',
  grossProfit: '6.00',
};
const productRow: ReportUtilityRow = {
  isTotal: false,
  saleId: null,
  date: null,
  productId: 'c0ffee00-0000-4000-8000-000000000001',
  code: 'A',
  name: 'a',
  categoryName: null,
  avgCost: '4.0000',
  ...figures,
};
const totalsRow: ReportUtilityRow = { ...productRow, isTotal: true, productId: null, code: null, name: null, avgCost: null };

/** A client whose cursor serves `rows` (attachFakeCursor); records the statements it is sent. */
function fakeReader(rows: ReportUtilityRow[] | Error, opts: { beginFails?: boolean; noConnection?: boolean } = {}) {
  const statements: unknown[][] = [];
  let released = false;
  let cursor: (Readable & { cursorClosed: () => boolean }) | undefined;
  // An emitter like pg's Client: the reader watches its 'end' event while a cursor is open.
  const client = Object.assign(new EventEmitter(), {
    query(text: unknown, values?: unknown[]) {
      if (typeof text === 'string') {
        statements.push([text, ...(values ?? [])]);
        if (opts.beginFails && text.startsWith('begin')) return Promise.reject(Object.assign(new Error('down'), { code: 'ECONNREFUSED' }));
        return Promise.resolve({ rows: [], rowCount: 0 });
      }
      statements.push(['<cursor>']);
      cursor = attachFakeCursor(text as Readable & { cursor: unknown }, rows);
      return cursor;
    },
  }) as unknown as PgClient;
  /** The real SqlReader (its snapshot and stream code under test), handing out the fake client. */
  class FakeReader extends SqlReader {
    protected override acquire(): Promise<PgClient> {
      return opts.noConnection ? Promise.reject(new Error('Knex: Timeout acquiring a connection')) : Promise.resolve(client);
    }

    protected override release(): Promise<void> {
      released = true;
      return Promise.resolve();
    }
  }
  const reader = new FakeReader(undefined as unknown as MikroORM);
  return { reader, statements, released: () => released, cursor: () => cursor };
}

async function collect(stream: Readable): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const item of stream) out.push(item);
  return out;
}

const config = (ms: number) => ({ dbStatementTimeoutMs: ms }) as AppConfig;
const tick = () => new Promise((r) => setImmediate(r));

describe('ReportUtilityHandler', () => {
  it('streams rows then totals inside a read-only snapshot with the report timeout, then releases', async () => {
    const fake = fakeReader([productRow, totalsRow]);
    const items = await new ReportUtilityHandler(fake.reader, config(15000)).execute(new ReportUtilityQuery('tenant', criteria));
    expect((await collect(items)).flat()).toEqual([
      { row: expect.objectContaining({ productId: 'C0FFEE00000040008000000000000001', avgCost: '4.0000' }) },
      { totals: figures },
    ]);
    await tick();
    expect(fake.statements).toEqual([
      [`begin transaction isolation level repeatable read, read only; set local statement_timeout = ${REPORT_STATEMENT_TIMEOUT_MS}`],
      ['<cursor>'],
      ['rollback'],
    ]);
    expect(fake.released()).toBe(true);
  });

  it('keeps a longer pool timeout, and 0 (no limit) stays 0', async () => {
    for (const [pool, expected] of [
      [3_600_000, 3_600_000],
      [0, 0],
    ] as const) {
      const fake = fakeReader([totalsRow]);
      await collect(await new ReportUtilityHandler(fake.reader, config(pool)).execute(new ReportUtilityQuery('t', criteria)));
      expect(fake.statements[0][0]).toBe(
        `begin transaction isolation level repeatable read, read only; set local statement_timeout = ${expected}`,
      );
    }
  });

  it('a consumer that stops early closes the cursor and frees the connection', async () => {
    const fake = fakeReader(Array.from({ length: 10_000 }, () => productRow).concat(totalsRow));
    const items = await new ReportUtilityHandler(fake.reader, config(15000)).execute(new ReportUtilityQuery('t', criteria));
    items.destroy();
    await tick();
    await tick();
    expect(fake.cursor()?.destroyed).toBe(true);
    expect(fake.cursor()?.cursorClosed()).toBe(true);
    expect(fake.statements.at(-1)).toEqual(['rollback']);
    expect(fake.released()).toBe(true);
  });

  it('a query that fails before its first row rejects (→ problem+json), after releasing', async () => {
    const fake = fakeReader(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }));
    await expect(new ReportUtilityHandler(fake.reader, config(15000)).execute(new ReportUtilityQuery('t', criteria))).rejects.toMatchObject(
      { code: '57014' },
    );
    await tick();
    expect(fake.released()).toBe(true);
  });

  it('no connection, or a transaction that cannot start, rejects', async () => {
    await expect(
      new ReportUtilityHandler(fakeReader([], { noConnection: true }).reader, config(1)).execute(new ReportUtilityQuery('t', criteria)),
    ).rejects.toThrow(/Timeout acquiring/);
    await expect(
      new ReportUtilityHandler(fakeReader([], { beginFails: true }).reader, config(1)).execute(new ReportUtilityQuery('t', criteria)),
    ).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});

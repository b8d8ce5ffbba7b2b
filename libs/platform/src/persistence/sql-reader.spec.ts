import { EventEmitter } from 'node:events';
import { Logger } from '@nestjs/common';
import type { MikroORM } from '@mikro-orm/core';
import { attachFakeCursor } from './__fixtures__/fake-cursor';
import { prepared } from './prepared-statement';
import { CURSOR_BATCH_ROWS, type PgClient, SqlReader } from './sql-reader';

/**
 * A pg-like client: answers statements from `answer`; a cursor serves `cursorRows`, then ends, or
 * (`stalls`) waits forever like one whose backend stopped answering (attachFakeCursor).
 */
function fakeReader(
  answer: (text: string, values: unknown[]) => unknown[],
  cursorRows: unknown[] = [],
  stalls = false,
  config?: { dbPreparedStatements: boolean },
) {
  const statements: string[] = [];
  let released = 0;
  const client = Object.assign(new EventEmitter(), {
    query(text: unknown, values: unknown[] = []) {
      if (typeof text === 'string') {
        statements.push(text);
        return Promise.resolve({ rows: answer(text, values), rowCount: 0 });
      }
      const named = text as { name?: string; text: string; values: unknown[] };
      if (named.name) {
        statements.push(`${named.name}: ${named.text}`);
        return Promise.resolve({ rows: answer(named.text, named.values), rowCount: 0 });
      }
      statements.push('<cursor>');
      return attachFakeCursor(text as { cursor: unknown }, cursorRows, { stalls });
    },
  });
  class Reader extends SqlReader {
    protected override acquire(): Promise<PgClient> {
      return Promise.resolve(client as unknown as PgClient);
    }

    protected override release(): Promise<void> {
      released++;
      return Promise.resolve();
    }
  }
  return { reader: new Reader(undefined as unknown as MikroORM, undefined, config), client, statements, released: () => released };
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('SqlReader', () => {
  it('query: a prepared() statement goes by its name (parsed once per connection); plain SQL and DB_PREPARED_STATEMENTS=false go as text', async () => {
    const lookup = prepared('select $1::int as n');
    expect(lookup.name).toMatch(/^nomina_[0-9a-f]{24}$/);
    expect(prepared('select $1::int as n').name).toBe(lookup.name);
    expect(prepared('select $1::int as m').name).not.toBe(lookup.name);

    const on = fakeReader((_text, values) => [{ n: values[0] }]);
    expect(await on.reader.query(lookup, [7])).toEqual([{ n: 7 }]);
    expect(await on.reader.queryOnPrimary(lookup, [8])).toEqual([{ n: 8 }]);
    expect(await on.reader.query('select 1', [])).toEqual([{ n: undefined }]);
    expect(on.statements).toEqual([`${lookup.name}: select $1::int as n`, `${lookup.name}: select $1::int as n`, 'select 1']);

    const off = fakeReader((_text, values) => [{ n: values[0] }], [], false, { dbPreparedStatements: false });
    expect(await off.reader.query(lookup, [7])).toEqual([{ n: 7 }]);
    expect(off.statements).toEqual(['select $1::int as n']);
  });

  it.each([
    ['26000', 'prepared statement "nomina_…" does not exist'],
    ['42P05', 'prepared statement "nomina_…" already exists'],
  ])(
    'query: a server that cannot keep named statements (%s, a transaction-mode pooler) gets plain text from then on',
    async (code, message) => {
      const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
      const lookup = prepared('select $1::int as n');
      const fake = fakeReader((text, values) => {
        if (fake.statements[fake.statements.length - 1].startsWith('nomina_')) throw Object.assign(new Error(message), { code });
        return [{ n: values[0], text }];
      });
      expect(await fake.reader.query(lookup, [7])).toEqual([{ n: 7, text: 'select $1::int as n' }]);
      expect(await fake.reader.query(lookup, [8])).toEqual([{ n: 8, text: 'select $1::int as n' }]);
      expect(fake.statements).toEqual([`${lookup.name}: select $1::int as n`, 'select $1::int as n', 'select $1::int as n']);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0][0]).toContain('DB_PREPARED_STATEMENTS=false');
      warn.mockRestore();
    },
  );

  it('query: reads already sent by name when the first one fails are repeated as text too; one warning', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const lookup = prepared('select $1::int as n');
    const pending: (() => void)[] = [];
    const fake = fakeReader((text, values) => {
      if (fake.statements[fake.statements.length - 1].startsWith('nomina_')) throw Object.assign(new Error('gone'), { code: '26000' });
      return [{ n: values[0] }];
    });
    // Both reads are sent (by name) before either answer arrives.
    const query = fake.client.query.bind(fake.client);
    fake.client.query = ((q: unknown, v?: unknown[]) =>
      new Promise((resolve) => pending.push(() => resolve(undefined))).then(() => query(q, v) as unknown)) as typeof fake.client.query;
    const both = Promise.all([fake.reader.query(lookup, [1]), fake.reader.query(lookup, [2])]);
    await tick();
    expect(pending).toHaveLength(2);
    for (const go of pending.splice(0)) go();
    await tick();
    for (const go of pending.splice(0)) go();
    expect(await both).toEqual([[{ n: 1 }], [{ n: 2 }]]);
    expect(fake.statements.filter((t) => t.startsWith('nomina_'))).toHaveLength(2);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('query: other errors of a prepared statement are not retried', async () => {
    const fake = fakeReader(() => {
      throw Object.assign(new Error('division by zero'), { code: '22012' });
    });
    await expect(fake.reader.query(prepared('select 1/0'), [])).rejects.toThrow('division by zero');
    expect(fake.statements).toHaveLength(1);
  });

  it('page: one statement when the page carries the total; the count only for size 0 or an offset past the end', async () => {
    const fake = fakeReader((text) =>
      text.includes('limit') ? (text.includes('empty') ? [] : [{ id: 1, total: '7' }]) : [{ total: '7' }],
    );
    expect(await fake.reader.page('select rows', 'select count', ['t'], { offset: 0, size: 2 })).toEqual({
      rows: [{ id: 1, total: '7' }],
      total: 7,
    });
    expect(fake.statements).toEqual(['select rows\n limit $2 offset $3']);
    expect(await fake.reader.page('select empty', 'select count', ['t'], { offset: 50, size: 2 })).toEqual({ rows: [], total: 7 });
    expect(await fake.reader.page('select rows', 'select count', ['t'], { offset: 0, size: 0 })).toEqual({ rows: [], total: 7 });
    expect(fake.statements.slice(1)).toEqual(['select empty\n limit $2 offset $3', 'select count', 'select count']);
  });

  it('stream: head and cursor in one read-only snapshot; rows mapped; rolled back and released after the last row', async () => {
    const fake = fakeReader(() => [{ total: '2' }], [{ n: 1 }, { n: 2 }]);
    const { head, rows } = await fake.reader.stream<{ n: number }, number, number>('select n', [], {
      batch: 10,
      map: (r) => r.n * 10,
      head: async (query) => Number((await query<{ total: string }>('select count'))[0].total),
      statementTimeoutMs: 900,
    });
    const out: number[] = [];
    for await (const x of rows) out.push(x as number);
    await tick();
    await tick();
    expect(head).toBe(2);
    expect(out).toEqual([10, 20]);
    expect(fake.statements).toEqual([
      'begin transaction isolation level repeatable read, read only; set local statement_timeout = 900',
      'select count',
      '<cursor>',
      'rollback',
    ]);
    expect(fake.released()).toBe(1);
  });

  it('stream: fetches CURSOR_BATCH_ROWS rows per round trip unless the caller says otherwise', async () => {
    const all = Array.from({ length: CURSOR_BATCH_ROWS + 1 }, (_, n) => ({ n }));
    const read = async (opts?: { batch: number }): Promise<number[]> => {
      const { rows } = await fakeReader(() => [], all).reader.stream('select n', [], opts);
      let count = 0;
      for await (const _ of rows) count++;
      expect(count).toBe(all.length);
      return (rows as unknown as { fetchSizes: number[] }).fetchSizes;
    };
    expect(CURSOR_BATCH_ROWS).toBe(250);
    expect(await read()).toEqual([CURSOR_BATCH_ROWS, CURSOR_BATCH_ROWS]);
    expect(await read({ batch: 100 })).toEqual([100, 100, 100]);
  });

  it('stream: a connection that ends mid-stream fails the rows (so the response is cut), logs it and releases', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      const fake = fakeReader(() => [], [{ n: 1 }], true);
      // A full batch, so the stream asks for the next one, which never comes.
      const { rows } = await fake.reader.stream('select n', [], { batch: 1 });
      const failure = new Promise<Error>((resolve) => rows.once('error', resolve));
      rows.resume();
      await tick();
      fake.client.emit('end');
      expect((await failure).message).toMatch(/se cerró durante la lectura/);
      await tick();
      await tick();
      expect(fake.released()).toBe(1);
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      warn.mockRestore();
    }
  });
  it('stream: rows all fetched are still delivered when the connection ends before they are read', async () => {
    const fake = fakeReader(() => [], [{ n: 1 }, { n: 2 }]);
    const { rows } = await fake.reader.stream('select n', [], { batch: 10 });
    fake.client.emit('end');
    const out: unknown[] = [];
    for await (const x of rows) out.push(x);
    expect(out).toEqual([{ n: 1 }, { n: 2 }]);
    await tick();
    expect(fake.released()).toBe(1);
  });

  it('stream: a destroy whose cursor close never answers (dead backend) completes when the connection ends, and releases', async () => {
    const fake = fakeReader(() => [], [{ n: 1 }], true);
    const { rows } = await fake.reader.stream('select n', [], { batch: 1 });
    const closed = new Promise((resolve) => rows.once('close', resolve));
    rows.destroy();
    await tick();
    expect(fake.released()).toBe(0);
    fake.client.emit('end');
    await closed;
    await tick();
    await tick();
    expect(fake.released()).toBe(1);
    expect(fake.statements.at(-1)).toBe('rollback');
  });
});

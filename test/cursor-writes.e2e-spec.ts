import { Socket } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SqlReader } from '@nomina-api/platform/persistence';
import { createTestApp } from './support/test-app';

/**
 * A streamed read sends PostgreSQL one socket write per step — the snapshot's begin, the cursor's
 * opening with its first fetch, each further fetch, the close, the rollback — rather than one per
 * protocol message (pg-cursor writes parse, bind, describe, flush, execute, flush, close and sync
 * each on its own). On a real connection, the writes that reach any socket are counted while
 * SqlReader streams 600 rows 250 at a time (nothing else writes meanwhile: no HTTP request).
 */
describe('cursor socket writes (e2e)', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('begin, opening + first fetch, each further fetch, close and rollback are one write each; every row arrives', async () => {
    const sql = app.get(SqlReader);
    // The pool's connection is opened (and warm) before counting.
    await sql.query('select 1');
    const proto = Socket.prototype as unknown as { _write: (...a: unknown[]) => unknown; _writev: (...a: unknown[]) => unknown };
    const { _write: write, _writev: writev } = proto;
    let writes = 0;
    proto._write = function (this: Socket, ...a: unknown[]) {
      writes++;
      return write.apply(this, a);
    };
    proto._writev = function (this: Socket, ...a: unknown[]) {
      writes++;
      return writev.apply(this, a);
    };
    const seen: number[] = [];
    try {
      const { rows } = await sql.stream<{ n: number }, number>('select n from generate_series(1, 600) as n', [], {
        batch: 250,
        batches: true,
        map: (r) => r.n,
      });
      const closed = new Promise<void>((done) => rows.once('close', done));
      for await (const batch of rows as AsyncIterable<number[]>) seen.push(...batch);
      await closed;
      // The rollback is sent once the cursor closed.
      await new Promise((done) => setImmediate(done));
    } finally {
      proto._write = write;
      proto._writev = writev;
    }
    expect(seen).toEqual(Array.from({ length: 600 }, (_, i) => i + 1));
    // begin; opening + fetch 1 (250); fetch 2 (250); fetch 3 (100, the end); close + sync; rollback. Uncorked: 14.
    expect(writes).toBe(6);
  });
});

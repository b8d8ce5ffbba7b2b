import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SqlReader } from '@nomina-api/platform/persistence';
import { Client } from 'pg';
import { ANDINA_ID, ANDINA_USER, type Cluster, exampleDataset, freshDatabase, sleep, startCluster } from '../scripts/lib/environment';
import {
  checkRecordedBlocks,
  freezeBackendInCommit,
  freezeServer,
  type NumberingRun,
  nextNumber,
  recordedBlocks,
  runNumbering,
} from '../scripts/lib/numbering';
import { createTestApp, get, listenOnFreePort, login } from './support/test-app';

/**
 * Issue #31, break 5 (CONTRACT §3.8: no number is ever lost), on an embedded PostgreSQL of this
 * suite's own (its processes are frozen with SIGSTOP) and the example dataset (Andina's 2023/2:
 * 37 documents a call).
 *
 * The fault that loses a number is a COMMIT whose answer never comes back while the commit itself
 * happens. It is produced for real: a synchronous standby that does not confirm (what a standby
 * down looks like) holds every COMMIT after its commit record is written, and the backend caught
 * there is frozen with SIGSTOP beyond the service's client-side deadline (statement budget + 1 s).
 * Before: that call answered 503 and its block was committed anyway (numbers delivered to nobody,
 * no log line). Then the whole server is frozen for 3 s under the same load. And clients that
 * hung up at once each still consumed a block.
 */
jest.setTimeout(180_000);

const DOCS = 37;
const PATH = '/pagos/nominaelectronica/2023/2';
const STATEMENT_MS = 1000;

describe('e-payroll numbering under real faults (e2e)', () => {
  let dir: string;
  let cluster: Cluster;
  let url: string;
  let app: NestFastifyApplication;
  let token: string;
  let port: number;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'nomina-numbering-'));
    cluster = await startCluster(dir);
    url = await freshDatabase(cluster.adminUrl, 'numbering', [exampleDataset()]);
    app = await createTestApp({ DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_MS), DB_CONNECT_TIMEOUT_MS: '1000', DB_POOL_MAX: '6' }, url);
    token = await login(app, ANDINA_USER.email, ANDINA_USER.password);
    port = await listenOnFreePort(app);
  });

  afterAll(async () => {
    await app?.close();
    await cluster?.release();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const keyed = (prefix: string) => (i: number) => `${prefix}-${i}`;

  async function call(key: string): Promise<{ status: number; body: string; ms: number; headers: Record<string, unknown> }> {
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url: PATH, headers: { authorization: `Bearer ${token}`, 'idempotency-key': key } });
    return { status: res.statusCode, body: res.body, ms: performance.now() - started, headers: res.headers };
  }

  /** The key's block fetched again: the same numbers, nothing consumed. */
  async function replay(key: string): Promise<{ status: number; replayed: boolean; first?: number; count: number }> {
    const res = await call(key);
    const docs = res.status === 200 ? (JSON.parse(res.body).contenido as { consecutivo: number }[]) : [];
    return {
      status: res.status,
      replayed: res.headers['idempotency-replayed'] === 'true',
      first: docs[0]?.consecutivo,
      count: docs.length,
    };
  }

  /** Waits until the service holds no transaction any more (the calls left behind by their clients finished). */
  async function quiet(): Promise<void> {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      let last = -1;
      for (let stable = 0; stable < 4;) {
        const { rows } = await client.query(
          `select count(*)::int as busy,
                  (select siguiente_numero from nomina_electronica_secuencia where tenant_id = $1)::int as next
             from pg_stat_activity where datname = current_database() and application_name = 'nomina-read-api' and state <> 'idle'`,
          [ANDINA_ID],
        );
        stable = rows[0].busy === 0 && rows[0].next === last ? stable + 1 : 0;
        last = rows[0].next;
        await sleep(250);
      }
    } finally {
      await client.end();
    }
  }

  it('a backend frozen (SIGSTOP) inside COMMIT, then the whole server, under 20 concurrent callers: consumed = delivered + recorded-and-replayable', async () => {
    const logged = jest.spyOn(Logger.prototype, 'log');
    // The COMMIT caught frozen outlives the client-side deadline: its outcome must be asked of PostgreSQL.
    const settled = jest.spyOn(SqlReader.prototype, 'commitOutcome');
    const start = await nextNumber(url, ANDINA_ID);
    const keyOf = keyed('congelada');
    let faults: Promise<boolean> = Promise.resolve(false);
    const run: NumberingRun = await runNumbering((i) => call(keyOf(i)), {
      clients: 20,
      total: 40,
      onCall: (i) => {
        // Each frozen 3 s: longer than the client-side deadline (statement budget + 1 s).
        if (i === 4) faults = freezeBackendInCommit(cluster.adminUrl, 3000);
        if (i === 24) faults = faults.then(async (caught) => (await freezeServer(cluster.embedded.clusterDir, 3000), caught));
      },
    });
    expect(await faults).toBe(true);
    await quiet();
    const final = await nextNumber(url, ANDINA_ID);
    const blocks = await recordedBlocks(url, ANDINA_ID, start);
    const check = checkRecordedBlocks(run, blocks, start, final, keyOf);
    expect(check.problems).toEqual([]);
    // Every block taken is logged, once (the log line of the block whose COMMIT answer was lost was missing).
    const lines = logged.mock.calls.map((c) => String(c[0])).filter((m) => m.startsWith('Numeración de nómina electrónica consumida'));
    logged.mockRestore();
    const outcomes = await Promise.all(settled.mock.results.map((r) => r.value as Promise<string | undefined>));
    settled.mockRestore();
    expect(outcomes.length).toBeGreaterThanOrEqual(1);
    expect(outcomes.every((o) => o === 'committed' || o === 'aborted')).toBe(true);
    expect(lines.length).toBe(blocks.length);
    for (const b of blocks) expect(lines.filter((m) => m.includes(` primero=NE${b.primero} `)).length).toBe(1);
    // Whatever nobody received is there to fetch again with its key, without consuming.
    for (const b of check.undelivered)
      expect(await replay(b.clave!)).toEqual({ status: 200, replayed: true, first: b.primero, count: b.cantidad });
    expect(await nextNumber(url, ANDINA_ID)).toBe(final);
    expect(check.delivered + check.undelivered.reduce((n, b) => n + b.cantidad, 0)).toBe(final - start);
    expect(run.outcomes.filter((o) => o.status === 200).length).toBeGreaterThan(0);
    expect(run.outcomes.every((o) => o.status === 200 || o.status === 503)).toBe(true);
    process.stdout.write(
      `numbering frozen: ${JSON.stringify(histogram(run))}; consumed ${final - start} = delivered ${check.delivered} + recorded and replayable ${final - start - check.delivered}; lost COMMIT answers settled: ${JSON.stringify(outcomes)}\n`,
    );
  });

  it('300 clients hanging up 30 ms into their call: only recorded blocks consume numbers, each replayable by its key; the others consume nothing', async () => {
    const start = await nextNumber(url, ANDINA_ID);
    const keyOf = keyed('adios');
    const CLIENTS = 300;
    const answered: number[] = [];
    // Another transaction holds the sequence row meanwhile, as a slow call ahead of them would: every
    // call that got in is still inside the service (taking its block, or waiting its turn) when its
    // client leaves, and runs on once the row is free.
    const holder = new Client({ connectionString: url });
    await holder.connect();
    await holder.query('begin');
    await holder.query('select 1 from nomina_electronica_secuencia where tenant_id = $1 for update', [ANDINA_ID]);
    try {
      const hangUp = (i: number) =>
        new Promise<void>((resolve) => {
          const socket = connect(port, '127.0.0.1');
          socket.on('error', () => undefined);
          socket.once('data', () => answered.push(i));
          socket.once('close', () => resolve());
          socket.write(`GET ${PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nIdempotency-Key: ${keyOf(i)}\r\n\r\n`);
          setTimeout(() => socket.destroy(), 30);
        });
      // In waves of ten, so that each request is routed to the handler before its client leaves.
      for (let wave = 0; wave < CLIENTS / 10; wave++) await Promise.all(Array.from({ length: 10 }, (_, k) => hangUp(wave * 10 + k)));
    } finally {
      await holder.query('commit');
      await holder.end();
    }
    await quiet();
    const final = await nextNumber(url, ANDINA_ID);
    const blocks = await recordedBlocks(url, ANDINA_ID, start);
    const check = checkRecordedBlocks({ outcomes: [], seconds: 0 }, blocks, start, final, keyOf);
    expect(check.problems).toEqual([]);
    expect(blocks.every((b) => b.cantidad === DOCS && /^adios-\d+$/.test(b.clave ?? ''))).toBe(true);
    // The calls whose clients left before their COMMIT (all of them: the row was held) consumed nothing.
    expect(blocks.length).toBeLessThanOrEqual(CLIENTS / 10);
    for (const b of blocks) expect(await replay(b.clave!)).toEqual({ status: 200, replayed: true, first: b.primero, count: b.cantidad });
    expect(await nextNumber(url, ANDINA_ID)).toBe(final);
    process.stdout.write(
      `numbering hang-ups: ${CLIENTS} clients gone 30 ms into their call, ${answered.length} got bytes before leaving; ${blocks.length} blocks consumed (${final - start} numbers), all recorded and replayable\n`,
    );
  });

  it('a client gone while its COMMIT is under way: the block is recorded and its key fetches it again, consuming nothing', async () => {
    const start = await nextNumber(url, ANDINA_ID);
    const admin = new Client({ connectionString: cluster.adminUrl, application_name: 'numbering-check' });
    await admin.connect();
    try {
      // A synchronous standby that does not confirm holds the COMMIT after its commit record.
      await admin.query(`alter system set synchronous_standby_names = 'ninguna'`);
      await admin.query('select pg_reload_conf()');
      const socket = connect(port, '127.0.0.1');
      socket.on('error', () => undefined);
      const closed = new Promise((resolve) => socket.once('close', resolve));
      socket.write(`GET ${PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nIdempotency-Key: se-fue-tarde\r\n\r\n`);
      let waiting = 0;
      for (let i = 0; i < 500 && waiting === 0; i++) {
        const { rows } = await admin.query(
          `select count(*)::int as n from pg_stat_activity where application_name = 'nomina-read-api' and wait_event = 'SyncRep'`,
        );
        waiting = rows[0].n;
        if (!waiting) await sleep(10);
      }
      expect(waiting).toBe(1);
      socket.destroy();
      await closed;
    } finally {
      await admin.query('alter system reset synchronous_standby_names');
      await admin.query('select pg_reload_conf()');
      await admin.end();
    }
    await quiet();
    const final = await nextNumber(url, ANDINA_ID);
    expect(final - start).toBe(DOCS);
    expect(await recordedBlocks(url, ANDINA_ID, start)).toEqual([{ primero: start, cantidad: DOCS, clave: 'se-fue-tarde' }]);
    expect(await replay('se-fue-tarde')).toEqual({ status: 200, replayed: true, first: start, count: DOCS });
    expect(await nextNumber(url, ANDINA_ID)).toBe(final);
  });

  it('after the faults the next call numbers right after the last recorded block', async () => {
    const start = await nextNumber(url, ANDINA_ID);
    const res = await get(app, PATH, token);
    expect(res.status).toBe(200);
    expect(res.json().contenido[0].consecutivo).toBe(start);
  });
});

function histogram(run: NumberingRun): Record<string, number> {
  const h: Record<string, number> = {};
  for (const o of run.outcomes) {
    const k = o.status === 200 ? '200' : `${o.status} ${o.code ?? ''}`.trim();
    h[k] = (h[k] ?? 0) + 1;
  }
  return h;
}

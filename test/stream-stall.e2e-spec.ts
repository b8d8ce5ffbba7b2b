import { connect, type Socket } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Client } from 'pg';
import { addBulkEmployees, BULK_USER, bulkTenantDataset } from '../scripts/lib/bulk-tenant';
import { ANDINA_ID, ANDINA_USER, exampleDataset, httpCall, PACIFICO_USER, percentile, sleep } from '../scripts/lib/environment';
import { createTestApp, expectProblem, get, listenOnFreePort, login } from './support/test-app';
import { dropDatabase, seedDatabase } from './support/test-database';

/**
 * Issue #31, break 1 (CONTRACT §10, "no client can hold the database"): ten raw sockets ask one
 * tenant's ≥ 10 MB export and then read nothing. Before, each kept its pooled connection and its
 * cursor open for as long as the socket lived, and every other request of every tenant — reads,
 * POST /login, /health/ready — waited for a connection and answered 503 "the database is not
 * available". Now streams take at most DB_STREAM_MAX connections (half the pool), the others
 * answer 503 SERVICIO_OCUPADO after waiting DB_CONNECT_TIMEOUT_MS, another tenant's reads go on,
 * and each stalled download is cut STREAM_STALL_TIMEOUT_MS after it stopped moving: socket
 * closed, cursor closed, connection back in the pool.
 */
jest.setTimeout(120_000);

const DB = 'nomina_test_stream_stall';
/** ≈ 11 MB of CSV: far more than the socket buffers between a paused client and the service hold. */
const EMPLOYEES = 42_000;
const STALL_MS = 1500;
const CONNECT_MS = 1000;
const POOL = 4;
const READERS = 10;

interface StalledReader {
  socket: Socket;
  /** Status of the answer (from its first bytes), once known. */
  status: Promise<number>;
  /** The first bytes: the head, and for a problem its body. */
  head: Promise<string>;
  bytes: number;
  /** When the service closed the socket (performance.now()), if it did. */
  closedAt?: number;
}

describe('ten stalled readers of a large export beside another tenant (e2e, raw sockets)', () => {
  let url: string;
  let app: NestFastifyApplication;
  let port: number;
  let bulkToken: string;
  let andinaToken: string;

  beforeAll(async () => {
    url = await seedDatabase(DB, [exampleDataset(), bulkTenantDataset()]);
    await addBulkEmployees(url, EMPLOYEES);
    app = await createTestApp(
      { DB_POOL_MAX: String(POOL), STREAM_STALL_TIMEOUT_MS: String(STALL_MS), DB_CONNECT_TIMEOUT_MS: String(CONNECT_MS) },
      url,
    );
    port = await listenOnFreePort(app);
    bulkToken = await login(app, BULK_USER.email, BULK_USER.password);
    andinaToken = await login(app, ANDINA_USER.email, ANDINA_USER.password);
  });

  afterAll(async () => {
    await app?.close();
    if (process.env.TEST_PG_ADMIN_URL) await dropDatabase(process.env.TEST_PG_ADMIN_URL, DB);
  });

  /** Sends the request on a raw socket, reads its first chunk (the status line) and then nothing. */
  function stalledReader(i: number): StalledReader {
    const socket = connect(port, '127.0.0.1');
    const reader: StalledReader = { socket, bytes: 0 } as StalledReader;
    reader.head = new Promise((resolve) => {
      socket.once('data', (chunk: Buffer) => {
        reader.bytes += chunk.length;
        socket.pause();
        resolve(chunk.toString('utf8'));
      });
      socket.once('close', () => resolve(''));
    });
    reader.status = reader.head.then((head) => Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0));
    socket.once('close', () => (reader.closedAt = performance.now()));
    socket.on('error', () => undefined);
    socket.write(`GET /empleados?format=csv&lector=${i} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${bulkToken}\r\n\r\n`);
    return reader;
  }

  /** The service's backends matching `where` right now (a column condition of pg_stat_activity). */
  async function serviceBackends(where: string): Promise<number> {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and application_name = 'nomina-read-api' and ${where}`,
      );
      return rows[0].n as number;
    } finally {
      await client.end();
    }
  }
  /** Those holding a transaction (a cursor). */
  const backendsInTransaction = (): Promise<number> => serviceBackends(`state in ('active', 'idle in transaction')`);
  /** Those waiting for a lock. */
  const lockWaiters = (): Promise<number> => serviceBackends(`wait_event_type = 'Lock'`);

  it('other reads, login and readiness stay 200; the readers past DB_STREAM_MAX get SERVICIO_OCUPADO; the stalled ones are cut', async () => {
    const auth = { authorization: `Bearer ${andinaToken}` };
    const started = performance.now();
    const readers = Array.from({ length: READERS }, (_, i) => stalledReader(i));
    try {
      // While the downloads stall and the readers past the cap wait for a slot: another tenant's
      // reads, a login and the readiness probe answer 200.
      const reads: { status: number; ms: number }[] = [];
      const reading = (async () => {
        while (performance.now() - started < CONNECT_MS + STALL_MS / 2) {
          const res = await httpCall(`http://127.0.0.1:${port}`, { path: '/empleados?size=1', headers: auth });
          reads.push({ status: res.status, ms: res.ms });
        }
      })();
      const [loginRes, ready] = await Promise.all([
        httpCall(`http://127.0.0.1:${port}`, {
          method: 'POST',
          path: '/login',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(PACIFICO_USER),
        }),
        httpCall(`http://127.0.0.1:${port}`, { path: '/health/ready' }),
      ]);
      const statuses = await Promise.all(readers.map((r) => r.status));
      await reading;
      expect(reads.filter((r) => r.status !== 200)).toEqual([]);
      expect(reads.length).toBeGreaterThan(1);
      expect(loginRes.status).toBe(200);
      expect(ready.status).toBe(200);
      // At most DB_STREAM_MAX (half the pool) streams run; the others waited for a slot and were told the service is busy.
      expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
      expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
      for (const r of readers) {
        if ((await r.status) !== 503) continue;
        const head = await r.head;
        expect(head).toMatch(/^retry-after: \d+\r$/im);
        expect(head).toMatch(/content-type: application\/problem\+json/i);
        expect(head).toContain('"code":"SERVICIO_OCUPADO"');
        expect(head).toMatch(/servicio está ocupado/);
        expect(head).not.toMatch(/base de datos no está disponible/);
      }
      process.stdout.write(
        `stalled readers: statuses ${JSON.stringify(statuses)}; ${reads.length} reads of another tenant beside them, ` +
          `p50 ${percentile(
            reads.map((r) => r.ms),
            50,
          ).toFixed(1)} ms, max ${Math.max(...reads.map((r) => r.ms)).toFixed(1)} ms\n`,
      );

      // Each stalled download is cut while its client still reads nothing: its cursor is closed and
      // its connection given back...
      const deadline = started + CONNECT_MS + STALL_MS + 8000;
      let holding = await backendsInTransaction();
      while (holding > 0 && performance.now() < deadline) {
        await sleep(100);
        holding = await backendsInTransaction();
      }
      expect(holding).toBe(0);
      // ...and its socket closed: read now, a reader gets what was buffered and then the end,
      // never the whole file (a paused socket cannot see the close before it reads).
      const streaming = readers.filter((_, i) => statuses[i] === 200);
      for (const r of streaming) {
        r.socket.on('data', (chunk: Buffer) => void (r.bytes += chunk.length));
        r.socket.resume();
      }
      const readUntil = performance.now() + 10_000;
      while (streaming.some((r) => r.closedAt === undefined) && performance.now() < readUntil) await sleep(50);
      // And the service goes on: a new download is whole, and large (more than the socket buffers hold).
      const whole = await httpCall(`http://127.0.0.1:${port}`, {
        path: '/empleados?format=csv',
        headers: { authorization: `Bearer ${bulkToken}` },
      });
      expect(whole.status).toBe(200);
      expect(whole.error).toBeUndefined();
      expect(Buffer.byteLength(whole.body)).toBeGreaterThan(10 * 1024 * 1024);
      expect(whole.body.split('\r\n')).toHaveLength(EMPLOYEES + 2);
      expect(streaming.map((r) => ({ closed: r.closedAt !== undefined, cut: r.bytes < Buffer.byteLength(whole.body) }))).toEqual(
        streaming.map(() => ({ closed: true, cut: true })),
      );
    } finally {
      for (const r of readers) r.socket.destroy();
    }
  });

  it("every connection busy with the service's own work (numbering calls queued on a lock): 503 SERVICIO_OCUPADO, readiness 200", async () => {
    const busyApp = await createTestApp({ DB_POOL_MAX: '2', DB_CONNECT_TIMEOUT_MS: String(CONNECT_MS) }, url);
    const admin = new Client({ connectionString: url });
    await admin.connect();
    try {
      // The tenant's sequence row exists after one call; a transaction of another client then holds it.
      expect((await get(busyApp, '/pagos/nominaelectronica/2023/2', andinaToken)).status).toBe(200);
      await admin.query('begin');
      await admin.query(`select 1 from nomina_electronica_secuencia where tenant_id = $1 for update`, [ANDINA_ID]);
      const numbering = [1, 2].map(() => get(busyApp, '/pagos/nominaelectronica/2023/2', andinaToken));
      // Both calls hold their connection, waiting for the row: the pool of 2 is full.
      for (let i = 0; i < 100 && (await lockWaiters()) < 2; i++) await sleep(50);
      expect(await lockWaiters()).toBe(2);
      const started = performance.now();
      const busy = await get(busyApp, '/empleados?size=1', andinaToken);
      const body = expectProblem(busy, 503, 'SERVICIO_OCUPADO');
      expect(body.detail).toMatch(/servicio está ocupado/);
      expect(busy.headers['retry-after']).toBe('2');
      expect(performance.now() - started).toBeLessThan(CONNECT_MS + 2000);
      const ready = await get(busyApp, '/health/ready');
      expect(ready.status).toBe(200);
      await admin.query('rollback');
      expect((await Promise.all(numbering)).map((r) => r.status)).toEqual([200, 200]);
      expect((await get(busyApp, '/empleados?size=1', andinaToken)).status).toBe(200);
    } finally {
      await admin.end();
      await busyApp.close();
    }
  });
});

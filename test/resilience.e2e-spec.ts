import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  ANDINA_ID,
  ANDINA_USER,
  type Cluster,
  exampleDataset,
  freshDatabase,
  PgServer,
  serviceBackendPids,
  sleep,
  startCluster,
  terminateBackends,
} from '../scripts/lib/environment';
import { checkNumbering, nextNumber, runNumbering } from '../scripts/lib/numbering';
import { createTestApp, expectProblem, type InjectResult, login } from './support/test-app';

/**
 * Short versions of `npm run chaos` and scripts/numbering.ts: an embedded PostgreSQL of this
 * suite's own (it is stopped and started under the app), the example dataset, the app in-process.
 */
jest.setTimeout(120_000);

const CONNECT_TIMEOUT_MS = 1000;

describe('resilience (e2e): PostgreSQL stopped, crashed and its backends killed under the app', () => {
  let dir: string;
  let cluster: Cluster;
  let pg: PgServer;
  let url: string;
  let app: NestFastifyApplication;
  let token: string;

  const get = async (path: string): Promise<InjectResult & { ms: number }> => {
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } });
    return {
      status: res.statusCode,
      headers: res.headers,
      body: res.body,
      json: () => JSON.parse(res.body),
      ms: performance.now() - started,
    };
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'nomina-resilience-'));
    cluster = await startCluster(dir);
    pg = new PgServer(cluster.embedded.clusterDir);
    url = await freshDatabase(cluster.adminUrl, 'resilience', [exampleDataset()]);
    app = await createTestApp({ DB_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS), DB_POOL_MAX: '5' }, url);
    token = await login(app, ANDINA_USER.email, ANDINA_USER.password);
  });

  afterAll(async () => {
    await app?.close();
    await cluster?.release();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('while PostgreSQL is down: 503 problem+json at once, /health/ready 503, /health/live 200; back within 5 s of its start', async () => {
    expect((await get('/empleados?size=1')).status).toBe(200);
    for (const mode of ['fast', 'immediate'] as const) {
      await pg.stop(mode);
      for (let i = 0; i < 3; i++) {
        const res = await get('/empleados?size=1');
        const body = expectProblem(res, 503, 'SERVICE_UNAVAILABLE');
        expect(body.detail).toMatch(/base de datos no está disponible/);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.ms).toBeLessThan(CONNECT_TIMEOUT_MS + 1000);
      }
      expectProblem(await get('/health/ready'), 503);
      expect((await get('/health/live')).status).toBe(200);
      await pg.start();
      const back = performance.now();
      let status = 0;
      while (status !== 200 && performance.now() - back < 5000) {
        status = (await get('/empleados?size=1')).status;
        if (status !== 200) await sleep(50);
      }
      expect({ mode, status }).toEqual({ mode, status: 200 });
      expect((await get('/health/ready')).status).toBe(200);
    }
  });

  it('a PostgreSQL that accepts connections but never answers: 503 after DB_CONNECT_TIMEOUT_MS, not a hang', async () => {
    await terminateBackends(cluster.adminUrl, 'resilience');
    await sleep(200);
    pg.freeze();
    try {
      const res = await get('/empleados?size=1');
      expectProblem(res, 503, 'SERVICE_UNAVAILABLE');
      expect(res.ms).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS - 50);
      expect(res.ms).toBeLessThan(3 * CONNECT_TIMEOUT_MS + 500);
      expectProblem(await get('/health/ready'), 503);
    } finally {
      pg.thaw();
    }
    const back = performance.now();
    let status = 0;
    while (status !== 200 && performance.now() - back < 5000) status = (await get('/empleados?size=1')).status;
    expect(status).toBe(200);
  });

  it('frozen backends (SIGSTOP, like a partition): 503 with Retry-After within the statement budget + 5 s, ready 503 within 2 s; the frozen connections are dropped', async () => {
    const STATEMENT_MS = 1000;
    const frozenApp = await createTestApp(
      { DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_MS), DB_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS), DB_POOL_MAX: '3' },
      url,
    );
    const timed = async (path: string): Promise<InjectResult & { ms: number }> => {
      const started = performance.now();
      // Without a client-side deadline the request waits for the thaw: give up long before.
      const hung = new Promise<null>((resolve) => setTimeout(() => resolve(null), STATEMENT_MS + 10_000).unref());
      const res = await Promise.race([frozenApp.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } }), hung]);
      if (!res) return { status: 0, headers: {}, body: 'hung', json: <T>() => null as T, ms: performance.now() - started };
      return {
        status: res.statusCode,
        headers: res.headers,
        body: res.body,
        json: () => JSON.parse(res.body),
        ms: performance.now() - started,
      };
    };
    const frozen: number[] = [];
    try {
      await terminateBackends(cluster.adminUrl, 'resilience');
      await sleep(200);
      // Fill the pool: every connection it may hand out is one that will be frozen. Parallel
      // requests open a new connection only while the others are busy, so on a loaded machine one
      // round may not be enough.
      for (let round = 0; round < 20 && (await serviceBackendPids(cluster.adminUrl, 'resilience')).length < 3; round++) {
        for (const res of await Promise.all(Array.from({ length: 6 }, () => timed('/empleados?size=1')))) expect(res.status).toBe(200);
      }
      frozen.push(...(await serviceBackendPids(cluster.adminUrl, 'resilience')));
      expect(frozen.length).toBeGreaterThanOrEqual(3);
      for (const pid of frozen) process.kill(pid, 'SIGSTOP');
      const [list, ready] = await Promise.all([timed('/empleados?size=1'), timed('/health/ready')]);
      expectProblem(list, 503, 'SERVICE_UNAVAILABLE');
      expect(list.headers['retry-after']).toBe('5');
      expect(list.ms).toBeLessThan(STATEMENT_MS + 5000);
      expectProblem(ready, 503);
      expect(ready.ms).toBeLessThan(2000);
    } finally {
      for (const pid of frozen) process.kill(pid, 'SIGCONT');
    }
    try {
      // The timed-out connections were destroyed, not pooled: every request after the thaw succeeds.
      for (let i = 0; i < 6; i++) expect((await timed('/empleados?size=1')).status).toBe(200);
      expect((await timed('/health/ready')).status).toBe(200);
    } finally {
      await frozenApp.close();
    }
  });

  it('terminated backends: at most the in-flight requests fail (503), the next ones succeed', async () => {
    const inFlight = Promise.all(Array.from({ length: 10 }, () => get('/pagos?params%5Bestados%5D=PG&size=50')));
    await terminateBackends(cluster.adminUrl, 'resilience');
    for (const res of await inFlight) expect([200, 503]).toContain(res.status);
    for (let i = 0; i < 5; i++) expect((await get('/pagos?params%5Bestados%5D=PG&size=5')).status).toBe(200);
  });

  it('e-payroll numbering with PostgreSQL crashed mid-run: 200 answers hold distinct numbers that, with the final sequence value, are contiguous', async () => {
    const start = await nextNumber(url, ANDINA_ID);
    let fault: Promise<void> = Promise.resolve();
    const run = await runNumbering(
      async () => {
        const res = await get('/pagos/nominaelectronica/2023/2');
        return { status: res.status, body: res.body, ms: res.ms };
      },
      {
        clients: 20,
        total: 200,
        onCall: (i) => {
          if (i === 60) {
            fault = (async () => {
              await pg.stop('immediate');
              await sleep(500);
              await pg.start();
            })();
          }
          if (i === 140) {
            const previous = fault;
            fault = previous.then(async () => void (await terminateBackends(cluster.adminUrl, 'resilience')));
          }
        },
      },
    );
    await fault;
    const check = checkNumbering(run, start, await nextNumber(url, ANDINA_ID), 37);
    expect(check.problems).toEqual([]);
    expect(check.calls['200']).toBeGreaterThanOrEqual(20);
    expect(check.calls['503 SERVICE_UNAVAILABLE'] ?? 0).toBeGreaterThan(0);
  });
});

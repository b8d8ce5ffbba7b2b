import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Client } from 'pg';
import { type EmbeddedStandby, ReadPools, startEmbeddedStandby } from '@nomina-api/platform/persistence';
import { ANDINA_ID, ANDINA_USER, exampleDataset } from '../scripts/lib/environment';
import { createTestApp, get, login } from './support/test-app';
import { dropDatabase, runScoped, seedDatabase, TEST_DATA_DIR } from './support/test-database';

/**
 * Issue #14 / CONTRACT §10: a real streaming standby of the test server, built from the embedded
 * binaries (pg_backup_start/stop + a file copy), and the service reading from it.
 */
jest.setTimeout(180_000);

const DB = 'nomina_test_replicas';
const PAGOS = '/pagos?params%5Bestados%5D=PG,PP&size=5';

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const embedded = !process.env.DATABASE_URL;
// The standby is built from the embedded server's files; a DATABASE_URL server needs its own replica.
(embedded ? describe : describe.skip)('streaming read replica (e2e)', () => {
  let url: string;
  let standby: EmbeddedStandby;
  let app: NestFastifyApplication;
  let reads: ReadPools;
  let token: string;
  let primaryDb: Client;
  let replicaDb: Client;

  beforeAll(async () => {
    url = await seedDatabase(DB, [exampleDataset()]);
    standby = await startEmbeddedStandby({
      dataDir: TEST_DATA_DIR,
      adminUrl: process.env.TEST_PG_ADMIN_URL!,
      name: runScoped('nomina_test_standby'),
    });
    primaryDb = new Client({ connectionString: url });
    await primaryDb.connect();
    replicaDb = new Client({ connectionString: standby.url(runScoped(DB)) });
    await replicaDb.connect();
    // A principal cache as in production: the per-request status read goes to the primary.
    app = await createTestApp(
      { DATABASE_REPLICA_URLS: standby.url(runScoped(DB)), PRINCIPAL_CACHE_TTL_MS: '5000', REPLICA_MAX_LAG_MS: '5000' },
      url,
    );
    reads = app.get(ReadPools);
    token = await login(app, ANDINA_USER.email, ANDINA_USER.password);
  });
  afterAll(async () => {
    await app?.close();
    await primaryDb?.end();
    await replicaDb?.end().catch(() => undefined);
    await standby?.destroy();
    if (process.env.TEST_PG_ADMIN_URL) await dropDatabase(process.env.TEST_PG_ADMIN_URL, DB);
  });

  const replicaPool = (): ReturnType<ReadPools['report']>[number] => reads.report().find((p) => p.pool === 'replica-1')!;
  const replicaCommits = async (): Promise<number> =>
    Number((await replicaDb.query(`select xact_commit from pg_stat_database where datname = current_database()`)).rows[0].xact_commit);

  it('is a real standby, and /health/ready lists it as disponible beside the primary', async () => {
    expect((await replicaDb.query('select pg_is_in_recovery() as r')).rows[0].r).toBe(true);
    const ready = await get(app, '/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.json().pools).toEqual([
      expect.objectContaining({ pool: 'primaria', estado: 'principal' }),
      expect.objectContaining({ pool: 'replica-1', estado: 'disponible', servidor: `127.0.0.1:${standby.port}` }),
    ]);
    expect(ready.body).not.toContain(new URL(process.env.TEST_PG_ADMIN_URL!).password);
  });

  it('serves the reads from the replica (counted on the standby itself)', async () => {
    const before = { replica: replicaPool().lecturas, primary: reads.primaryReads, commits: await replicaCommits() };
    for (let i = 0; i < 20; i++) expect((await get(app, PAGOS, token)).status).toBe(200);
    expect(replicaPool().lecturas - before.replica).toBeGreaterThanOrEqual(20);
    expect(reads.primaryReads - before.primary).toBe(0);
    // The standby's own statistics see those transactions (flushed at most once a second).
    await waitFor('the standby to count the reads', async () => (await replicaCommits()) - before.commits >= 20);
    const metrics = (await get(app, '/metrics')).body;
    expect(metrics).toMatch(/db_replica_up\{pool="replica-1"\} 1/);
    expect(metrics).toMatch(/db_replica_lag_seconds\{pool="replica-1"\} \d/);
    expect(metrics).toMatch(/db_replica_pool_connections\{pool="replica-1",state="idle"\} \d/);
    expect(metrics).toMatch(/db_reads_total\{pool="replica-1"\} [1-9]/);
  });

  it('answers byte for byte what the primary answers (same type parsers and session settings)', async () => {
    const primaryOnly = await createTestApp({}, url);
    try {
      const paths = [
        '/pagos?params%5Bestados%5D=PG,PP&size=50',
        '/pagoEmpleadoDetalles/conceptosacumulados/2023-01-01/2023-12-31/false',
        '/reports/reportUtility?dateInitISO=2000-01-01T00:00:00.000Z&dateEndISO=2099-12-31T23:59:59.999Z',
        '/proveedor',
      ];
      const before = replicaPool().lecturas;
      for (const path of paths) {
        const [fromReplica, fromPrimary] = [await get(app, path, token), await get(primaryOnly, path, token)];
        expect([path, fromReplica.status]).toEqual([path, 200]);
        expect(fromReplica.body).toBe(fromPrimary.body);
      }
      expect(replicaPool().lecturas - before).toBeGreaterThanOrEqual(paths.length);
    } finally {
      await primaryOnly.close();
    }
  });

  it('numbers e-payroll documents on the primary (a standby cannot write)', async () => {
    const siguiente = async (): Promise<number> =>
      Number(
        (await primaryDb.query('select siguiente_numero from nomina_electronica_secuencia where tenant_id = $1', [ANDINA_ID])).rows[0]
          .siguiente_numero,
      );
    const before = await siguiente();
    const res = await get(app, '/pagos/nominaelectronica/2023/2', token);
    expect(res.status).toBe(200);
    expect(res.json().total).toBeGreaterThan(0);
    expect(await siguiente()).toBe(before + res.json().total);
  });

  it('data written on the primary is served through the replica after catch-up', async () => {
    const marker = `Marcador réplica ${Date.now()}`;
    const { rows } = await primaryDb.query(
      `update pago set descripcion = $2 where tenant_id = $1 and id = (select id from pago where tenant_id = $1 and estado = 'PG' order by id limit 1) returning id`,
      [ANDINA_ID, marker],
    );
    expect(rows).toHaveLength(1);
    const primaryBefore = reads.primaryReads;
    const body = await waitFor('the replica to replay the update', async () => {
      const res = await get(app, `${PAGOS}&filter=${encodeURIComponent(marker)}`, token);
      return res.json().total === 1 ? (res.json() as { contenido: { descripcion: string }[] }) : undefined;
    });
    expect(body.contenido[0].descripcion).toBe(marker);
    expect(reads.primaryReads).toBe(primaryBefore);
  });

  it('a lagging replica (replay paused) is skipped, and comes back once it catches up', async () => {
    const lagApp = await createTestApp(
      { DATABASE_REPLICA_URLS: standby.url(runScoped(DB)), PRINCIPAL_CACHE_TTL_MS: '5000', REPLICA_MAX_LAG_MS: '300' },
      url,
    );
    const lagReads = lagApp.get(ReadPools);
    const lagToken = await login(lagApp, ANDINA_USER.email, ANDINA_USER.password);
    try {
      await waitFor('the replica to be disponible', async () => lagReads.replicas[0].state === 'disponible');
      await replicaDb.query('select pg_wal_replay_pause()');
      const marker = `Retrasada ${Date.now()}`;
      await primaryDb.query(
        `update pago set descripcion = $2 where tenant_id = $1 and id = (select id from pago where tenant_id = $1 and estado = 'PG' order by id desc limit 1)`,
        [ANDINA_ID, marker],
      );
      await waitFor('the replica to be skipped as lagging', async () => lagReads.replicas[0].state === 'retrasada');
      const replicaBefore = lagReads.replicas[0].reads;
      // The fresh row is there at once: the read went to the primary, not to the stale replica.
      const res = await get(lagApp, `${PAGOS}&filter=${encodeURIComponent(marker)}`, lagToken);
      expect(res.json().total).toBe(1);
      expect(lagReads.replicas[0].reads).toBe(replicaBefore);
      expect((await get(lagApp, '/health/ready')).json().pools[1]).toEqual(
        expect.objectContaining({ estado: 'retrasada', retrasoMs: expect.any(Number) }),
      );
      await replicaDb.query('select pg_wal_replay_resume()');
      await waitFor('the replica to come back', async () => lagReads.replicas[0].state === 'disponible');
      expect((await get(lagApp, PAGOS, lagToken)).status).toBe(200);
      expect(lagReads.replicas[0].reads).toBe(replicaBefore + 1);
    } finally {
      await replicaDb.query('select pg_wal_replay_resume()').catch(() => undefined);
      await lagApp.close();
    }
  });

  it('stopping the replica under load fails no request; the reads move to the primary and come back', async () => {
    let stop = false;
    const statuses: number[] = [];
    const worker = async (): Promise<void> => {
      while (!stop) statuses.push((await get(app, PAGOS, token)).status);
    };
    const workers = Array.from({ length: 6 }, worker);
    await new Promise((r) => setTimeout(r, 500));
    const replicaBefore = replicaPool().lecturas;
    expect(replicaBefore).toBeGreaterThan(0);
    const stoppedAt = Date.now();
    await replicaDb.end().catch(() => undefined);
    await standby.stop();
    await waitFor('the replica to be marked down', async () => replicaPool().estado === 'caida');
    const primaryAfterStop = reads.primaryReads;
    await waitFor('reads on the primary', async () => reads.primaryReads > primaryAfterStop + 20);
    process.stdout.write(`failover: replica stopped -> reads on the primary in ${Date.now() - stoppedAt} ms\n`);
    await standby.start();
    await waitFor('the replica to come back', async () => replicaPool().estado === 'disponible');
    const replicaBack = replicaPool().lecturas;
    await waitFor('reads on the replica again', async () => replicaPool().lecturas > replicaBack + 5);
    stop = true;
    await Promise.all(workers);
    expect(statuses.length).toBeGreaterThan(50);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    replicaDb = new Client({ connectionString: standby.url(runScoped(DB)) });
    await replicaDb.connect();
  });

  it('a "replica" that is a primary is logged and never used', async () => {
    const wrong = await createTestApp({ DATABASE_REPLICA_URLS: url }, url);
    try {
      const pools = wrong.get(ReadPools);
      expect(pools.replicas[0].state).toBe('no_es_replica');
      const wrongToken = await login(wrong, ANDINA_USER.email, ANDINA_USER.password);
      expect((await get(wrong, PAGOS, wrongToken)).status).toBe(200);
      expect(pools.replicas[0].reads).toBe(0);
      expect((await get(wrong, '/health/ready')).json().pools[1].estado).toBe('no_es_replica');
    } finally {
      await wrong.close();
    }
  });
});

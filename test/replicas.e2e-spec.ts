import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Client } from 'pg';
import { type EmbeddedStandby, ReadPools } from '@nomina-api/platform/persistence';
import { ANDINA_ID, ANDINA_USER } from '../scripts/lib/environment';
import { embeddedServer, FAULT_SUPPLIER, type ReplicaSetup, replicaSetup, waitFor } from './support/standbys';
import { createTestApp, get, login } from './support/test-app';
import { databaseUrl, runScoped } from './support/test-database';

/**
 * Issue #14, #31 / CONTRACT §10: two real streaming standbys of the test server, built from the
 * embedded binaries (pg_backup_start/stop + a file copy), and the service reading from them:
 * reads spread over both, answers byte for byte the primary's, writes on the primary, a standby
 * stopped under load; and replica URLs that are not copies of DATABASE_URL's database (another
 * database with the same schema, a database without the tables, a role without grants, the
 * primary itself) are rejected with their reason, logged once and never used.
 */
jest.setTimeout(180_000);

const DB = 'nomina_test_replicas';
const OTHER_DB = 'nomina_test_replicas_otra';
const PAGOS = '/pagos?params%5Bestados%5D=PG,PP&size=5';

(embeddedServer ? describe : describe.skip)('streaming read replicas (e2e)', () => {
  let setup: ReplicaSetup;
  let url: string;
  let standbys: EmbeddedStandby[];
  let app: NestFastifyApplication;
  let reads: ReadPools;
  let token: string;
  let primaryDb: Client;
  let admin: Client;
  const noGrants = runScoped('nomina_test_sin_permisos');

  beforeAll(async () => {
    admin = new Client({ connectionString: process.env.TEST_PG_ADMIN_URL });
    await admin.connect();
    setup = await replicaSetup(DB, 'nomina_test_replica', { REPLICA_MAX_LAG_MS: '5000' }, async () => {
      // Another database with the same schema and different data: a replica URL that names it must never answer.
      await admin.query(`drop database if exists "${runScoped(OTHER_DB)}" with (force)`);
      await admin.query(`create database "${runScoped(OTHER_DB)}" template "${runScoped(DB)}"`);
      const other = new Client({ connectionString: databaseUrl(process.env.TEST_PG_ADMIN_URL!, runScoped(OTHER_DB)) });
      await other.connect();
      await other.query(`update proveedor set razon_social = 'Otra base de datos' where tenant_id = $1`, [ANDINA_ID]);
      await other.end();
      // A login role with no grant on the service's tables.
      await admin.query(`drop role if exists ${noGrants}`);
      await admin.query(`create role ${noGrants} login password 'sin-permisos'`);
    });
    ({ url, standbys, app, reads, token, primaryDb } = setup);
  });
  afterAll(async () => {
    await setup?.close();
    await admin?.query(`drop database if exists "${runScoped(OTHER_DB)}" with (force)`).catch(() => undefined);
    await admin?.query(`drop role if exists ${noGrants}`).catch(() => undefined);
    await admin?.end();
  });

  const pool = (name: string): ReturnType<ReadPools['report']>[number] => reads.report().find((p) => p.pool === name)!;
  const commits = async (standby: EmbeddedStandby): Promise<number> => {
    const client = new Client({ connectionString: standby.url(runScoped(DB)) });
    await client.connect();
    try {
      return Number(
        (await client.query(`select xact_commit from pg_stat_database where datname = current_database()`)).rows[0].xact_commit,
      );
    } finally {
      await client.end();
    }
  };

  it('are real standbys, and /health/ready lists them by name (no host, no port) as disponible beside the primary', async () => {
    await waitFor('both replicas', () => reads.replicas.every((r) => r.usable));
    const ready = await get(app, '/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.json().pools).toEqual([
      expect.objectContaining({ pool: 'primaria', estado: 'principal' }),
      expect.objectContaining({ pool: 'replica-1', estado: 'disponible', retrasoMs: expect.any(Number) }),
      expect.objectContaining({ pool: 'replica-2', estado: 'disponible', retrasoMs: expect.any(Number) }),
    ]);
    for (const s of standbys) expect(ready.body).not.toContain(String(s.port));
    expect(ready.body).not.toContain('127.0.0.1');
    expect(ready.body).not.toContain(new URL(process.env.TEST_PG_ADMIN_URL!).password);
  });

  it('spreads the reads over both replicas (counted by the service and on each standby); none on the primary', async () => {
    const before = { r1: pool('replica-1').lecturas, r2: pool('replica-2').lecturas, primary: reads.primaryReads };
    const standbyBefore = await Promise.all(standbys.map(commits));
    for (let i = 0; i < 40; i++) expect((await get(app, PAGOS, token)).status).toBe(200);
    const r1 = pool('replica-1').lecturas - before.r1;
    const r2 = pool('replica-2').lecturas - before.r2;
    expect(r1 + r2).toBeGreaterThanOrEqual(40);
    // Round-robin per request: each replica serves about half, and neither is left out.
    expect(Math.min(r1, r2)).toBeGreaterThanOrEqual(0.35 * (r1 + r2));
    expect(reads.primaryReads - before.primary).toBe(0);
    // Between two reads each replica's last connection is kept warm for the next, as the primary's is.
    expect(reads.replicas.map((r) => r.warm.size)).toEqual([1, 1]);
    // The standbys' own statistics see those transactions (flushed at most once a second).
    await waitFor('both standbys to count the reads', async () => {
      const now = await Promise.all(standbys.map(commits));
      return now.every((n, i) => n - standbyBefore[i] >= 15);
    });
    const metrics = (await get(app, '/metrics')).body;
    for (const name of ['replica-1', 'replica-2']) {
      expect(metrics).toMatch(new RegExp(`db_replica_up\\{pool="${name}"\\} 1`));
      expect(metrics).toMatch(new RegExp(`db_replica_lag_seconds\\{pool="${name}"\\} \\d`));
      expect(metrics).toMatch(new RegExp(`db_reads_total\\{pool="${name}"\\} [1-9]`));
    }
    expect(metrics).not.toContain(String(standbys[0].port));
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
      const before = pool('replica-1').lecturas + pool('replica-2').lecturas;
      for (const path of paths) {
        const [fromReplica, fromPrimary] = [await get(app, path, token), await get(primaryOnly, path, token)];
        expect([path, fromReplica.status]).toEqual([path, 200]);
        expect(fromReplica.body).toBe(fromPrimary.body);
      }
      expect(pool('replica-1').lecturas + pool('replica-2').lecturas - before).toBeGreaterThanOrEqual(paths.length);
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

  it("replica URLs that are not copies of DATABASE_URL's database are rejected with their reason, logged once, never used; answers stay right", async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn');
    const [s1, s2] = standbys;
    const noGrantsUrl = new URL(s1.url(runScoped(DB)));
    noGrantsUrl.username = noGrants;
    noGrantsUrl.password = 'sin-permisos';
    const urls = [
      s1.url(runScoped(DB)), // replica-1: the right one
      s2.url(runScoped(OTHER_DB)), // replica-2: another database with the same schema
      s2.url('postgres'), // replica-3: a database without the tables
      noGrantsUrl.toString(), // replica-4: a role without SELECT grants
      url, // replica-5: the primary itself
    ];
    const mixed = await createTestApp({ DATABASE_REPLICA_URLS: urls.join(','), PRINCIPAL_CACHE_TTL_MS: '5000' }, url);
    try {
      const pools = mixed.get(ReadPools);
      const reasons = (): Record<string, string | undefined> =>
        Object.fromEntries(
          (mixed.get(ReadPools).report() as { pool: string; estado: string; motivo?: string }[])
            .filter((p) => p.estado === 'rechazada')
            .map((p) => [p.pool, p.motivo]),
        );
      expect(reasons()).toEqual({
        'replica-2': expect.stringMatching(/otra base de datos/),
        'replica-3': expect.stringMatching(/otra base de datos.*no tiene las tablas del servicio/),
        'replica-4': expect.stringMatching(/no puede leer \d+ tabla\(s\)/),
        'replica-5': expect.stringMatching(/no está en recuperación/),
      });
      const mixedToken = await login(mixed, ANDINA_USER.email, ANDINA_USER.password);
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const supplier = await get(mixed, `/proveedor/${FAULT_SUPPLIER}`, mixedToken);
        statuses.push(supplier.status);
        expect(supplier.json()[0].razonSocial).not.toBe('Otra base de datos');
        const empleados = await get(mixed, '/empleados?size=3', mixedToken);
        statuses.push(empleados.status);
        expect(empleados.json().total).toBeGreaterThan(0);
      }
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
      expect(pools.replicas.slice(1).map((r) => r.reads)).toEqual([0, 0, 0, 0]);
      expect(pools.replicas[0].reads).toBeGreaterThan(0);
      const ready = await get(mixed, '/health/ready');
      expect(ready.status).toBe(200);
      expect(
        ready
          .json()
          .pools.slice(2)
          .map((p: { estado: string; motivo: string }) => [p.estado, typeof p.motivo]),
      ).toEqual(Array(4).fill(['rechazada', 'string']));
      // Examined again every few seconds (here: still wrong): one warning per replica and reason.
      await new Promise((r) => setTimeout(r, 5500));
      const rejections = warn.mock.calls.map(([m]) => String(m)).filter((m) => /rechazada/.test(m));
      expect(rejections.map((m) => /Réplica (replica-\d)/.exec(m)?.[1]).sort()).toEqual([
        'replica-2',
        'replica-3',
        'replica-4',
        'replica-5',
      ]);
      // Not rejected for good: once the role may read (a GRANT on the primary, replayed), it is used.
      await primaryDb.query(`grant select on all tables in schema public to ${noGrants}`);
      await waitFor('the role with grants to be used', () => pools.replicas[3].usable, 15_000);
    } finally {
      warn.mockRestore();
      await mixed.close();
    }
  });

  it('stopping a replica under load fails no request; its reads move to the other replica and the primary, and come back', async () => {
    await waitFor('both replicas', () => reads.replicas.every((r) => r.usable));
    let stop = false;
    const statuses: number[] = [];
    const worker = async (): Promise<void> => {
      while (!stop) statuses.push((await get(app, PAGOS, token)).status);
    };
    const workers = Array.from({ length: 6 }, worker);
    await new Promise((r) => setTimeout(r, 500));
    const [first] = standbys;
    const stoppedAt = Date.now();
    await first.stop();
    await waitFor('replica-1 to be marked down', () => pool('replica-1').estado === 'caida');
    const afterStop = pool('replica-2').lecturas;
    await waitFor('reads on replica-2', () => pool('replica-2').lecturas > afterStop + 20);
    process.stdout.write(`failover: replica-1 stopped -> marked down in ${Date.now() - stoppedAt} ms\n`);
    await first.start();
    await waitFor('replica-1 to come back', () => pool('replica-1').estado === 'disponible');
    const back = pool('replica-1').lecturas;
    await waitFor('reads on replica-1 again', () => pool('replica-1').lecturas > back + 5);
    stop = true;
    await Promise.all(workers);
    expect(statuses.length).toBeGreaterThan(50);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Client } from 'pg';
import { generateDataset } from '@nomina-api/importer/demo/generate-dataset';
import { writeDatasetFile } from '@nomina-api/importer/demo/write-dataset-file';
import { loadDataset } from '@nomina-api/importer/load-dataset';
import { type EmbeddedStandby, migrateDatabase, ReadPools } from '@nomina-api/platform/persistence';
import { APP_SCHEMA } from '../apps/api/src/database/schema';
import { paymentOnStoredBonds } from '../scripts/lib/payroll-run';
import { importCli } from './support/import-cli';
import { embeddedServer, startStandbys, waitFor } from './support/standbys';
import { createTestApp, get, login } from './support/test-app';
import { dropDatabase, freshDatabase, runScoped } from './support/test-database';

/**
 * Issue #35 / CONTRACT §6, §10: a one-payment merge on a tenant of the medium demo dataset (Andina:
 * 500 employees, 248 payments, 815 k payslip lines) leaves the replica usable. A real streaming
 * standby of the test server; the merge is `npm run import -- file --merge` as a child process, as
 * a user runs it; reads go through the service continuously before, during and after the merge's
 * transaction, and every one of them must be served by the replica (none skipped to the primary as
 * lagging), until the replica answers the merged payment and REPLICA_MAX_LAG_MS more have passed.
 * REPLICA_MAX_LAG_MS is the contract's default, 5000: while the primary writes, the lag measured
 * against it reads up to about two check intervals by the sampling alone (2 s here, 1 s at 2000),
 * so a tighter bound would test the shared machine's scheduling rather than the merge.
 */
jest.setTimeout(300_000);

const DB = 'nomina_test_replica_merge';
const LAG_MS = 5000;
const ADMIN = { email: 'admin@andina.demo.co', password: 'Andina#2024' };
const PAGO = '5e7c1b2a-5d4e-4f60-8a71-000000000035';

interface Read {
  path: string;
  startedAt: number;
  endedAt: number;
  status: number;
  /** Reads the request took from the replica and from the primary (as a fallback), from ReadPools' counters. */
  onReplica: number;
  onPrimary: number;
  /** The replica's state and lag (ms, measured against the primary) as reported when the request ended. */
  estado: string;
  lagMs: number | null;
  body: any;
}

(embeddedServer ? describe : describe.skip)('a one-payment merge on the medium dataset, read through a replica (e2e)', () => {
  let url: string;
  let primaryDb: Client;
  let standby: EmbeddedStandby | undefined;
  let app: NestFastifyApplication;
  let reads: ReadPools;
  let token: string;
  let dir: string;
  let tenant: { uuid: string; nit: string; nombre: string; activo: boolean };
  const timings: string[] = [];

  const timed = async <T>(what: string, fn: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const out = await fn();
    timings.push(`${what} ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return out;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'replica-merge-'));
    url = await freshDatabase(process.env.TEST_PG_ADMIN_URL!, runScoped(DB));
    await migrateDatabase(url, APP_SCHEMA);
    primaryDb = new Client({ connectionString: url });
    await primaryDb.connect();
    // Andina at medium scale, alone: the merged tenant whole (its ten years of history); the other
    // tenants would only double the load's time, and the merge never reads them.
    const andina = generateDataset({ scale: 'medium' }).tenants[0];
    const { uuid, nit, nombre, activo } = andina;
    tenant = { uuid, nit, nombre, activo };
    await timed('Andina (medium) loaded', () => loadDataset(primaryDb, { tenants: [andina] }, { replace: false }));
    // Settled as a database in service is, so the merge is not measured beside the bulk load's autovacuum.
    await timed('vacuum analyze', () => primaryDb.query('vacuum analyze'));
    [standby] = await timed('standby built', () => startStandbys('nomina_test_rmerge', 1));
    await timed('standby caught up', () => standby!.caughtUp(120_000));
    app = await createTestApp({ DATABASE_REPLICA_URLS: standby.url(runScoped(DB)), REPLICA_MAX_LAG_MS: String(LAG_MS) }, url);
    reads = app.get(ReadPools);
    token = await login(app, ADMIN.email, ADMIN.password);
    await waitFor('the replica to be disponible', () => reads.replicas[0].usable);
  });
  afterAll(async () => {
    await app?.close();
    await primaryDb?.end();
    await standby?.destroy();
    await dropDatabase(process.env.TEST_PG_ADMIN_URL!, DB);
    if (dir) rmSync(dir, { recursive: true, force: true });
    if (timings.length) process.stderr.write(`replica-merge: ${timings.join('; ')}\n`);
  });

  /** One new payment on every active bond of the tenant, 12 concept lines each: a month's payroll run. */
  async function onePaymentFile(): Promise<{ file: string; payslips: number }> {
    const { pago, bonds } = await paymentOnStoredBonds(
      primaryDb,
      tenant.uuid,
      PAGO,
      {
        ano: 2026,
        mes: 1,
        descripcion: 'Nómina de enero (merge con réplica)',
        fechaDesde: '2026-01-01',
        fechaHasta: '2026-01-31',
        fechaPago: '2026-01-31',
        estado: 'PG',
        tipoPago: 'PR',
        definitivo: true,
      },
      { lines: 12 },
    );
    const file = join(dir, 'merge.json');
    await writeDatasetFile({ tenants: [{ ...tenant, pagos: [pago] }] }, file);
    return { file, payslips: bonds.length };
  }

  it('every read before, during and after the merge is served by the replica, which shows the payment shortly after commit', async () => {
    const { file, payslips } = await onePaymentFile();
    expect(payslips).toBeGreaterThan(100);
    const replica = reads.replicas[0];
    const paths = [
      `/pagoEmpleados?params%5Bpago%5D=${PAGO}&size=1000`,
      '/pagos?params%5Bestados%5D=EP,PA,PP,PG,RE,AN&size=1',
      '/pagoEmpleadoDetalles/conceptosacumulados/2026-01-01/2026-12-31/false?size=1000',
    ];
    const log: Read[] = [];
    const read = async (path: string): Promise<Read> => {
      const [replicaBefore, primaryBefore] = [replica.reads, reads.primaryReads];
      const startedAt = performance.now();
      const res = await get(app, path, token);
      const entry: Read = {
        path,
        startedAt,
        endedAt: performance.now(),
        status: res.status,
        onReplica: replica.reads - replicaBefore,
        onPrimary: reads.primaryReads - primaryBefore,
        estado: replica.reportedState,
        lagMs: replica.lagMs,
        body: res.status === 200 ? res.json() : res.body,
      };
      log.push(entry);
      return entry;
    };

    // The merge's transaction as the primary shows it (the CLI connects as nomina-import).
    const merging: number[] = [];
    let committedAt: number | undefined;
    let mergeDone = false;
    const watcher = (async () => {
      const watch = new Client({ connectionString: url });
      await watch.connect();
      try {
        while (committedAt === undefined) {
          const { rows } = await watch.query<{ open: boolean; stored: boolean }>(
            `select exists (select 1 from pg_stat_activity where application_name = 'nomina-import' and xact_start is not null) as open,
                    exists (select 1 from pago where tenant_id = $1 and id = $2) as stored`,
            [tenant.uuid, PAGO],
          );
          const now = performance.now();
          if (rows[0].open) merging.push(now);
          if (rows[0].stored) committedAt = now;
          else if (mergeDone) throw new Error('the merge ended without the payment on the primary');
          await new Promise((r) => setTimeout(r, 20));
        }
      } finally {
        await watch.end();
      }
    })();
    // Its failure is reported where it is awaited, after the reads.
    watcher.catch(() => undefined);

    // Reads before the merge starts, then all through it, then until the replica shows the
    // payment and REPLICA_MAX_LAG_MS more have passed (a replica that had not replayed the commit
    // would be judged lagging within that time).
    const readsStarted = performance.now();
    let shownAt: number | undefined;
    let mergeRun: Awaited<ReturnType<typeof importCli>> | undefined;
    const merge = new Promise<void>((resolve) => setTimeout(resolve, 1000)).then(async () => {
      mergeRun = await importCli(url, file, ['--merge']);
      mergeDone = true;
    });
    for (let i = 0; ; i++) {
      const r = await read(paths[i % paths.length]);
      if (shownAt === undefined && r.path === paths[0] && r.status === 200 && r.body.total === payslips) shownAt = r.endedAt;
      if (mergeDone && (mergeRun!.code !== 0 || (shownAt !== undefined && performance.now() > shownAt + LAG_MS))) break;
      if (performance.now() - readsStarted > 240_000) break;
    }
    await merge;
    expect([mergeRun!.code, mergeRun!.stderr.slice(-500)]).toEqual([0, expect.any(String)]);
    await watcher;
    expect(mergeRun!.stdout).toMatch(/insertados 1 pago/);

    // Every read answered 200, served by the replica; none went to the primary.
    const problems = log.filter((r) => r.status !== 200 || r.onReplica < 1 || r.onPrimary !== 0 || r.estado !== 'disponible');
    const first = problems.slice(0, 5).map(({ body, ...r }) => ({ ...r, body: typeof body === 'string' ? body.slice(0, 200) : undefined }));
    expect({ problems: problems.length, first }).toEqual({ problems: 0, first: [] });
    // The reads really overlapped the merge's transaction and followed its commit.
    const [txStart, txEnd] = [merging[0], merging[merging.length - 1]];
    expect(merging.length).toBeGreaterThan(0);
    const during = log.filter((r) => r.endedAt >= txStart && r.startedAt <= txEnd);
    const after = log.filter((r) => r.startedAt > committedAt!);
    expect(during.length).toBeGreaterThan(0);
    expect(after.length).toBeGreaterThan(10);
    // Before the commit the replica answers the state before the merge: no payslip of the new payment.
    expect(log.filter((r) => r.path === paths[0] && r.endedAt < txStart).every((r) => r.body.total === 0)).toBe(true);
    // It shows the merged payment shortly after commit: within REPLICA_MAX_LAG_MS by contract.
    expect(shownAt).toBeDefined();
    const visibleAfterMs = Math.max(0, shownAt! - committedAt!);
    expect(visibleAfterMs).toBeLessThan(LAG_MS);
    const newest = log.filter((r) => r.path === paths[1] && r.startedAt > shownAt!);
    expect(newest.length).toBeGreaterThan(0);
    for (const r of newest) expect(r.body.contenido[0].uuid).toBe(PAGO.replace(/-/g, '').toUpperCase());

    // The public surface agrees: /metrics counts no read on the primary, /health/ready says disponible.
    const metrics = (await get(app, '/metrics')).body;
    expect(metrics).toMatch(/^db_reads_total\{pool="primaria"\} 0$/m);
    expect(metrics).toMatch(/^db_replica_up\{pool="replica-1"\} 1$/m);
    const ready = (await get(app, '/health/ready')).json();
    expect(ready.pools.find((p: { pool: string }) => p.pool === 'replica-1')).toEqual(expect.objectContaining({ estado: 'disponible' }));

    const slowest = Math.max(...log.map((r) => r.endedAt - r.startedAt));
    const maxLag = Math.max(...log.map((r) => r.lagMs ?? 0));
    timings.push(
      `merge of ${payslips} payslips: CLI ${mergeRun!.stdout.trim().split('\n').pop()}; transaction seen open ${(txEnd - txStart).toFixed(0)} ms; ` +
        `${log.length} reads (${during.length} during it, slowest ${slowest.toFixed(0)} ms), replica lag at most ${maxLag} ms; ` +
        `payment on the replica ${visibleAfterMs.toFixed(0)} ms after the primary showed it`,
    );
  });
});

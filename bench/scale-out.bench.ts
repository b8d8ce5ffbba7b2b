/**
 * `node tools/run-ts.js bench/scale-out.bench.ts [--duration S] [--connections N] [--no-build]`
 *
 * Scale-out numbers for docs/SCALING.md, in one run on one database (the demo dataset in
 * nomina_scaleout on the embedded server of .data/bench, plus a streaming standby of it built
 * from the same binaries):
 *   1. one instance, every read on the primary;
 *   2. one instance with DATABASE_REPLICA_URLS = the standby: req/s and the share of reads the
 *      replica served (from /health/ready);
 *   3. two instances on the primary, loaded at once: total req/s;
 *   4. failover: the standby is stopped under load; time until the reads are on the primary, and
 *      the failed requests (expected 0).
 * The load is GET /pagos (a paged list, the commonest read). Prints a Markdown table and the load
 * average, for docs/SCALING.md's measurements.
 */
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedStandby } from '@nomina-api/platform/persistence';
import { opt } from './lib/cli';
import { load, type LoadResult } from './lib/measure';
import { benchServer, withDatabase } from './lib/pg';
import { type RunningService, startService } from './lib/service';

const ROOT = join(__dirname, '..');
const MAIN = join(ROOT, 'dist/apps/api/src/main.js');
const DURATION = Number(opt('duration') ?? 8);
const CONNECTIONS = Number(opt('connections') ?? 10);
const PATH = '/pagos?params%5Bestados%5D=PG,PP&size=20';
const log = (m: string): void => void process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${m}\n`);
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

interface Pool {
  pool: string;
  lecturas: number;
}
async function pools(s: RunningService): Promise<Pool[]> {
  return ((await (await fetch(`${s.origin}/health/ready`)).json()) as { pools?: Pool[] }).pools ?? [];
}
const readsOf = (ps: Pool[], name: string): number => ps.find((p) => p.pool === name)?.lecturas ?? 0;

async function main(): Promise<void> {
  if (!process.argv.includes('--no-build')) spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  const server = await benchServer('nomina_scaleout');
  const adminUrl = withDatabase(server.url, 'postgres');
  log('seeding the demo dataset into nomina_scaleout ...');
  const seed = spawnSync(
    process.execPath,
    [join(ROOT, 'dist/apps/api/src/cli/seed.js'), '--scale', 'demo', '--database', 'nomina_scaleout', '--replace'],
    {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: adminUrl },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (seed.status !== 0) throw new Error('seed failed');
  const standby = await startEmbeddedStandby({ dataDir: join(ROOT, '.data/bench'), adminUrl, name: 'bench_standby', log });
  const replicaUrl = standby.url('nomina_scaleout');
  const rows: string[] = [];
  const row = (name: string, r: Pick<LoadResult, 'rps' | 'median' | 'p95' | 'non2xx' | 'errors'>, extra = ''): void => {
    rows.push(`| ${name} | ${r.rps.toFixed(1)} | ${r.median.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.non2xx + r.errors} | ${extra} |`);
    log(rows[rows.length - 1]);
  };
  const loadBefore = loadavg()[0];
  try {
    // 1. One instance on the primary.
    const a = await startService(MAIN, server.url, 'scaleout-a');
    row('1 instance, primary only', await load(`${a.origin}${PATH}`, a.auth, CONNECTIONS, DURATION));

    // 3. Two instances on the primary, the same total connections split over both.
    const b = await startService(MAIN, server.url, 'scaleout-b');
    const half = Math.max(1, Math.round(CONNECTIONS / 2));
    const [ra, rb] = await Promise.all([
      load(`${a.origin}${PATH}`, a.auth, half, DURATION),
      load(`${b.origin}${PATH}`, b.auth, half, DURATION),
    ]);
    row('2 instances, primary only (sum)', {
      rps: ra.rps + rb.rps,
      median: Math.max(ra.median, rb.median),
      p95: Math.max(ra.p95, rb.p95),
      non2xx: ra.non2xx + rb.non2xx,
      errors: ra.errors + rb.errors,
    });
    await b.stop();
    await a.stop();

    // 2. One instance reading from the replica.
    const r = await startService(MAIN, server.url, 'scaleout-replica', [], { DATABASE_REPLICA_URLS: replicaUrl });
    const before = await pools(r);
    const onReplica = await load(`${r.origin}${PATH}`, r.auth, CONNECTIONS, DURATION);
    const after = await pools(r);
    const replicaReads = readsOf(after, 'replica-1') - readsOf(before, 'replica-1');
    const primaryReads = readsOf(after, 'primaria') - readsOf(before, 'primaria');
    row(
      '1 instance, reads on the replica',
      onReplica,
      `replica read share ${((100 * replicaReads) / Math.max(1, replicaReads + primaryReads)).toFixed(1)} % (${replicaReads} / ${replicaReads + primaryReads})`,
    );

    // 4. Failover under load.
    const during = load(`${r.origin}${PATH}`, r.auth, CONNECTIONS, DURATION);
    await sleep((DURATION * 1000) / 3);
    const primaryAtStop = readsOf(await pools(r), 'primaria');
    const stoppedAt = performance.now();
    const stopping = standby.stop();
    let failoverMs = NaN;
    while (performance.now() - stoppedAt < 10_000) {
      if (readsOf(await pools(r), 'primaria') > primaryAtStop) {
        failoverMs = performance.now() - stoppedAt;
        break;
      }
      await sleep(10);
    }
    await stopping;
    const failover = await during;
    row('failover: standby stopped under load', failover, `reads on the primary ${failoverMs.toFixed(0)} ms after pg_ctl stop began`);
    await standby.start();
    const backAt = performance.now();
    const state = async (): Promise<string | undefined> =>
      ((await (await fetch(`${r.origin}/health/ready`)).json()) as { pools: { pool: string; estado: string }[] }).pools.find(
        (p) => p.pool === 'replica-1',
      )?.estado;
    while ((await state()) !== 'disponible' && performance.now() - backAt < 30_000) await sleep(50);
    log(`standby back in service ${(performance.now() - backAt).toFixed(0)} ms after it started`);
    await r.stop();
  } finally {
    await standby.destroy();
    await server.release();
  }
  process.stdout.write(
    `\n${cpus().length} CPUs, load average ${loadBefore.toFixed(2)} before / ${loadavg()[0].toFixed(2)} after; ` +
      `${CONNECTIONS} connections, ${DURATION} s per phase, GET ${PATH}\n\n` +
      `| phase | req/s | median ms | p95 ms | failed | notes |\n|---|---:|---:|---:|---:|---|\n${rows.join('\n')}\n`,
  );
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${(err as Error).stack}\n`);
    process.exit(1);
  },
);

/**
 * What reading from replicas costs on single-row reads (issue #31): the freshness monitor (one
 * connection to the primary and one per replica, sampled every second) and the pool pinned per
 * request (one lookup on the request's async context per read). Per build, two targets in
 * alternating rounds on one database:
 *   - `<build>/primary`: no DATABASE_REPLICA_URLS;
 *   - `<build>/replicas`: DATABASE_REPLICA_URLS = two streaming standbys of it (every read on a replica).
 * With two builds (`--build head=<main.js of the code before> --build new=dist/apps/api/src/main.js`)
 * the `replicas` targets are an A/B of the replica routing alone: same standbys, same load.
 *
 *   node tools/run-ts.js bench/replica-reads.bench.ts [--build name=main.js ...] [--rounds 3]
 *     [--duration 5] [--connections 10] [--no-build]
 *
 * Its own embedded PostgreSQL in .data/bench-replicas (the standbys copy the whole cluster: the
 * big bench datasets of .data/bench would make that minutes), demo dataset. Prints, per scenario
 * and target, the median over the rounds of requests/s and the service's CPU ms per request, and
 * each one's spread over the rounds (max − min over the median): the run's noise, against which
 * the ratios are read. Reads on the standbys count as CPU of their own processes, not the primary's.
 */
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { type EmbeddedStandby, startEmbeddedPostgres, startEmbeddedStandby } from '@nomina-api/platform/persistence';
import { opt, opts } from './lib/cli';
import { loadWithCpu } from './lib/measure';
import { serviceClient, withDatabase } from './lib/pg';
import { buildScenarios, discover } from './lib/scenarios';
import { type RunningService, startService } from './lib/service';

const ROOT = join(__dirname, '..');
const DATA_DIR = join(ROOT, '.data/bench-replicas');
const DATABASE = 'nomina_replicas';
const ROUNDS = Number(opt('rounds') ?? 3);
const DURATION = Number(opt('duration') ?? 5);
const CONNECTIONS = Number(opt('connections') ?? 10);
const SCENARIOS = ['empleado-documento', 'proveedor-id'];
const builds = (opts('build').length ? opts('build') : [`new=${join(ROOT, 'dist/apps/api/src/main.js')}`]).map((b) => ({
  name: b.slice(0, b.indexOf('=')),
  main: b.slice(b.indexOf('=') + 1),
}));
const log = (m: string): void => void process.stderr.write(`[replicas ${new Date().toISOString().slice(11, 19)}] ${m}\n`);

interface Sample {
  rps: number;
  cpu: number;
  median: number;
  p95: number;
  failed: number;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const spread = (xs: number[]): number => (Math.max(...xs) - Math.min(...xs)) / median(xs);

async function main(): Promise<void> {
  if (!process.argv.includes('--no-build')) spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  const db = await startEmbeddedPostgres({ dataDir: DATA_DIR, port: 0, database: 'postgres', log: () => undefined });
  const url = withDatabase(db.url, DATABASE);
  log('seeding the demo dataset ...');
  const seed = spawnSync(
    process.execPath,
    [join(ROOT, 'dist/apps/api/src/cli/seed.js'), '--scale', 'demo', '--database', DATABASE, '--replace'],
    { cwd: ROOT, env: { ...process.env, DATABASE_URL: db.url }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (seed.status !== 0) throw new Error('seed failed');
  const standbys: EmbeddedStandby[] = [];
  const loads = [loadavg()[0]];
  const samples = new Map<string, Sample[]>();
  try {
    for (const name of ['bench_replica_1', 'bench_replica_2'])
      standbys.push(await startEmbeddedStandby({ dataDir: DATA_DIR, adminUrl: db.url, name, log }));
    const replicaUrls = standbys.map((s) => s.url(DATABASE)).join(',');
    type Target = { name: string; main: string; env: Record<string, string> };
    const targets = builds.flatMap((b): Target[] => [
      { name: `${b.name}/primary`, main: b.main, env: {} },
      { name: `${b.name}/replicas`, main: b.main, env: { DATABASE_REPLICA_URLS: replicaUrls } },
    ]);
    const raw = await serviceClient(url);
    let scenarios: { name: string; path: string }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Fresh processes every round, started in a rotated order (each settles in its own GC state).
      const order = targets.map((_, i) => targets[(i + round) % targets.length]);
      const running: { name: string; service: RunningService }[] = [];
      try {
        for (const t of order)
          running.push({ name: t.name, service: await startService(t.main, url, `replicas-${t.name.replace('/', '-')}`, [], t.env) });
        if (!scenarios.length) {
          const token = running[0].service.auth.authorization.slice('Bearer '.length);
          const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { tid: string; bid: string };
          scenarios = buildScenarios(await discover(raw, claims.tid, claims.bid)).filter((s) => SCENARIOS.includes(s.name));
        }
        for (const s of scenarios) {
          for (const { name, service } of running) {
            const u = `${service.origin}${s.path}`;
            await loadWithCpu(service.child.pid!, u, service.auth, CONNECTIONS, 1); // warm-up
            const r = await loadWithCpu(service.child.pid!, u, service.auth, CONNECTIONS, DURATION);
            const key = `${s.name}\t${name}`;
            samples.set(key, [
              ...(samples.get(key) ?? []),
              { rps: r.rps, cpu: r.cpuMsPerReq, median: r.median, p95: r.p95, failed: r.non2xx + r.errors },
            ]);
            log(`round ${round + 1} ${s.name} ${name}: ${r.rps.toFixed(0)} req/s, ${r.cpuMsPerReq.toFixed(3)} CPU ms/req`);
          }
        }
        loads.push(loadavg()[0]);
      } finally {
        for (const r of running) await r.service.stop();
      }
    }
    await raw.end();
  } finally {
    for (const s of standbys) await s.destroy();
    await db.release();
  }

  const first = builds[0].name;
  const lines = [
    `${cpus().length} CPUs, load average ${loads.map((l) => l.toFixed(1)).join(' → ')} (start, after each round); ${ROUNDS} rounds, ` +
      `${CONNECTIONS} connections, ${DURATION} s per target; spread = (max − min) / median over the rounds`,
    '',
    `| scenario | target | req/s | spread | CPU ms/req | spread | median ms | p95 ms | failed | CPU / ${first}'s same target | CPU / same build's primary |`,
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const cpuOf = (scenario: string, target: string): number => median(samples.get(`${scenario}\t${target}`)!.map((x) => x.cpu));
  for (const [key, xs] of samples) {
    const [scenario, target] = key.split('\t');
    const [build, kind] = target.split('/');
    const cpu = median(xs.map((x) => x.cpu));
    lines.push(
      `| ${scenario} | ${target} | ${median(xs.map((x) => x.rps)).toFixed(0)} | ${(100 * spread(xs.map((x) => x.rps))).toFixed(0)} % | ${cpu.toFixed(3)} | ` +
        `${(100 * spread(xs.map((x) => x.cpu))).toFixed(0)} % | ${median(xs.map((x) => x.median)).toFixed(1)} | ${median(xs.map((x) => x.p95)).toFixed(1)} | ` +
        `${xs.reduce((n, x) => n + x.failed, 0)} | ${(cpu / cpuOf(scenario, `${first}/${kind}`)).toFixed(2)} | ${(cpu / cpuOf(scenario, `${build}/primary`)).toFixed(2)} |`,
    );
  }
  process.stdout.write(`\n${lines.join('\n')}\n`);
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${(err as Error).stack}\n`);
    process.exit(1);
  },
);

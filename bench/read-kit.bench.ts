/**
 * What the read kit costs per read, without HTTP around it: CPU of the process per
 * `SqlReader.query` (detallePago's prepared statement on the largest payment, `--callers` reads in
 * flight at once), for one or more builds, in alternating rounds with a fresh process per build and
 * round: the pool acquire and the query deadlines, measured apart from the HTTP layer.
 *
 *   node tools/run-ts.js bench/read-kit.bench.ts --scale medium --build head=bench/.out/head --build new=dist \
 *     [--rounds 5] [--seconds 3] [--callers 10] [--node-flags "--max-semi-space-size=24 ..."]
 *
 * A build is a compiled tree (`npm run build`'s dist/, or a copy of it built from
 * another commit). Each process builds the app in-process (createApp, no listening socket), warms
 * up for 1.5 s, then measures three windows of `--seconds`; the table has the median over all windows
 * of all rounds, and the spread.
 */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { startEmbeddedPostgres } from '@nomina-api/platform/persistence';
import { opt, opts } from './lib/cli';
import { withDatabase } from './lib/pg';

const ROOT = join(__dirname, '..');
const scale = opt('scale') ?? 'medium';
const ROUNDS = Number(opt('rounds') ?? 5);
const SECONDS = Number(opt('seconds') ?? 3);
const CALLERS = Number(opt('callers') ?? 10);
const FLAGS = (opt('node-flags') ?? '--max-old-space-size=256 --max-semi-space-size=24 --no-allocation-site-pretenuring')
  .split(/\s+/)
  .filter(Boolean);
const builds = opts('build').map((b) => ({ name: b.slice(0, b.indexOf('=')), dist: resolve(b.slice(b.indexOf('=') + 1)) }));
if (!builds.length) throw new Error('--build NAME=<compiled tree> (one or more)');

/** The child: one build's app in this process, its SqlReader read by CALLERS loops. */
const CHILD = `
const [dist, url, seconds, callers] = process.argv.slice(1);
const pino = require('pino');
const { loadConfig } = require(dist + '/libs/platform/src/config/app-config.js');
const { createApp } = require(dist + '/apps/api/src/create-app.js');
const { SqlReader } = require(dist + '/libs/platform/src/persistence/sql-reader.js');
const { DETALLE_PAGO_SQL } = require(dist + '/libs/nomina/src/queries/list-detalle-pago/list-detalle-pago.sql.js');
(async () => {
  const env = { ...process.env, DATABASE_URL: url, JWT_SECRET: 'bench-fixed-secret-0123456789abcdef0123456789abcdef', LOG_LEVEL: 'warn', NODE_ENV: 'production' };
  const app = await createApp(loadConfig(env), url, pino({ level: 'warn' }));
  const sql = app.get(SqlReader);
  const [largest] = await sql.query("select tenant_id::text as t, id::text as p from pago where tipo_pago <> 'IN' order by numero_empleados desc, id limit 1", []);
  const args = [largest.t, largest.p];
  const run = async (ms) => {
    let n = 0;
    const end = Date.now() + ms;
    await Promise.all(Array.from({ length: Number(callers) }, async () => {
      while (Date.now() < end) { await sql.query(DETALLE_PAGO_SQL, args); n++; }
    }));
    return n;
  };
  await run(1500);
  for (let w = 0; w < 3; w++) {
    const c0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    const n = await run(Number(seconds) * 1000);
    const c = process.cpuUsage(c0);
    const s = Number(process.hrtime.bigint() - t0) / 1e9;
    process.stdout.write(JSON.stringify({ cpuUs: (c.user + c.system) / n, perSecond: n / s }) + '\\n');
  }
  await app.close();
})().catch((err) => { console.error(err); process.exit(1); });
`;

function runChild(dist: string, url: string): Promise<{ cpuUs: number; perSecond: number }[]> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [...FLAGS, '-e', CHILD, dist, url, String(SECONDS), String(CALLERS)], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) =>
      code === 0
        ? done(
            out
              .trim()
              .split('\n')
              .map((l) => JSON.parse(l) as { cpuUs: number; perSecond: number }),
          )
        : fail(new Error(`${dist}: exit ${code}`)),
    );
  });
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

async function main(): Promise<void> {
  const db = await startEmbeddedPostgres({ dataDir: join(ROOT, '.data/bench'), port: 0, database: 'postgres', log: () => undefined });
  const url = withDatabase(db.url, `nomina_${scale}`);
  const samples = new Map<string, { cpuUs: number; perSecond: number }[]>(builds.map((b) => [b.name, []]));
  try {
    for (let round = 0; round < ROUNDS; round++) {
      // Rotated order: no build always runs first.
      for (let i = 0; i < builds.length; i++) {
        const b = builds[(i + round) % builds.length];
        const windows = await runChild(b.dist, url);
        samples.get(b.name)!.push(...windows);
        process.stderr.write(
          `[read-kit] round ${round + 1} ${b.name}: ${windows.map((w) => w.cpuUs.toFixed(1)).join(' / ')} µs per read\n`,
        );
      }
    }
  } finally {
    await db.release();
  }
  const first = median(samples.get(builds[0].name)!.map((s) => s.cpuUs));
  process.stdout.write(
    `\n${ROUNDS} rounds × 3 windows of ${SECONDS} s, ${CALLERS} reads in flight, Node ${process.version}, flags ${FLAGS.join(' ')}\n\n` +
      '| build | CPU µs per read (median) | min – max | reads/s (median) | CPU ÷ first |\n|---|---:|---|---:|---:|\n',
  );
  for (const [name, s] of samples) {
    const cpu = s.map((x) => x.cpuUs);
    const m = median(cpu);
    process.stdout.write(
      `| ${name} | ${m.toFixed(1)} | ${Math.min(...cpu).toFixed(1)} – ${Math.max(...cpu).toFixed(1)} | ${median(s.map((x) => x.perSecond)).toFixed(0)} | ${(m / first).toFixed(2)} |\n`,
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

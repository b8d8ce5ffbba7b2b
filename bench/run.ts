/**
 * `npm run bench [-- --scale medium|large] [--only NAME[,NAME]] [--duration S] [--connections N]`
 *
 * For every scenario, in ONE run and on one database:
 *   1. raw SQL: the exact statements the endpoint runs (captured from its own handler, see
 *      lib/recorder.ts), replayed on one node-postgres connection;
 *   2. a bare Fastify + pg baseline server (baseline-server.ts) running the same statements and
 *      writing plain JSON;
 *   3. the service from the compiled build (`node dist/apps/api/src/main.js`) as a child process,
 *      logged in through POST /login.
 *   Sequential latency of the three in turns (blocks of 25 requests), then the baseline's
 *   and the service's fixed-connection load (autocannon), the service's VmRSS sampled every 25 ms.
 * Then the import throughput (bench/import.bench.ts load, 1 M payslip lines, same server).
 *
 * Options: --scale (default large), --only (substrings of scenario names; `import` for the import
 * bench), --duration (load seconds, default 5), --seq (sequential seconds, default 2),
 * --connections (default 10), --pool (DB_POOL_MAX of service and baseline, default 10),
 * --no-import, --import-lines (default 1000000), --no-build, --ab <main.js> (a second build measured
 * next to the service in every scenario, the two swapping places every other scenario: A/B of an
 * optimisation in one run), --service <main.js>
 * (the build measured as the service, side A; default dist/apps/api/src/main.js), --heap-mb N (V8
 * old-space cap of the service processes, default 256 as in the Dockerfile; 0 = V8's default), --tag NAME (name
 * of the results-<tag>.json / last-run-<tag>.md copies; default the scale).
 * Data: the embedded PostgreSQL in .data/bench (or DATABASE_URL's server), database
 * nomina_<scale>, seeded with `npm run seed` when it has no tenant yet.
 * Output: the table on stdout, bench/results.json (+ bench/results-<scale>.json, bench/last-run-<scale>.md).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { cpus, freemem, loadavg, totalmem } from 'node:os';
import { mkdirSync, writeFileSync, createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { startEmbeddedPostgres } from '@nomina-api/platform/persistence';
import { DEMO_LOGINS } from '@nomina-api/importer/demo/generate-dataset';
import { httpGet, interleaved, load, type LoadResult, loadWithCpu, rssSampler, type Stats } from './lib/measure';
import { serviceClient, servicePool, withDatabase } from './lib/pg';
import { drain, RecordingReader, replay, type Statement } from './lib/recorder';
import { buildScenarios, discover } from './lib/scenarios';
import { freePort, opt } from './lib/cli';
import { imageV8Flags } from './lib/service';

const ROOT = join(__dirname, '..');
const OUT = join(__dirname, '.out');
const JWT_SECRET = 'bench-fixed-secret-0123456789abcdef0123456789abcdef';

// ------------------------------------------------------------------------------------ options

const flag = (name: string): boolean => process.argv.includes(`--${name}`);

const scale = (opt('scale') ?? 'large') as 'medium' | 'large';
if (scale !== 'medium' && scale !== 'large') throw new Error('--scale medium|large');
const only = opt('only')
  ?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const DURATION = Number(opt('duration') ?? 5);
const SEQ = Number(opt('seq') ?? 2);
const CONNECTIONS = Number(opt('connections') ?? 10);
const POOL = Number(opt('pool') ?? 10);
const IMPORT_LINES = Number(opt('import-lines') ?? 1_000_000);
/** A second build of the service measured in the same run (A/B of an optimisation): path of its main.js. */
const AB = opt('ab');
/** The service measured (side A of --ab): default the build of the working tree, dist/. */
const SERVICE = opt('service') ?? join(ROOT, 'dist/apps/api/src/main.js');
/**
 * The service (and --ab) processes run with the Dockerfile's V8 flags (its NODE_OPTIONS: a 256 MB
 * old space, 24 MB semi-spaces; its CMD: no allocation-site pretenuring), given as node arguments;
 * `--heap-mb N` replaces the old-space cap, `--heap-mb 0` drops the
 * flags (V8's defaults, sized from the machine's memory, which lets garbage pile up to several
 * times the live heap); `--v8-flags "…"` replaces them all (A/B of the image's settings).
 */
const HEAP_MB = opt('heap-mb') === undefined ? undefined : Number(opt('heap-mb'));
const V8_FLAGS = opt('v8-flags') !== undefined ? opt('v8-flags')!.split(/\s+/).filter(Boolean) : imageV8Flags(HEAP_MB);
const selected = (name: string): boolean => !only || only.some((o) => name.includes(o));

const log = (s: string): void => void process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${s}\n`);

// ------------------------------------------------------------------------------------ helpers

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const r = spawnSync(cmd, args, { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} → ${r.status}`);
}

async function waitFor(url: string, seconds: number, child: ChildProcess): Promise<void> {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} not ready after ${seconds} s`);
}

const children = new Set<ChildProcess>();
// A crash of the harness must not leave a service or baseline server running.
process.on('exit', () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

function startChild(name: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  mkdirSync(OUT, { recursive: true });
  const out = createWriteStream(join(OUT, `${name}.log`));
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.pipe(out);
  child.stderr!.pipe(out);
  children.add(child);
  return child;
}

async function stopChild(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await once(child, 'exit');
  clearTimeout(timer);
}

function machine(): Record<string, unknown> {
  const free = spawnSync('free', ['-h'], { encoding: 'utf8' }).stdout;
  return {
    nproc: cpus().length,
    cpu: cpus()[0]?.model,
    memTotalGiB: +(totalmem() / 2 ** 30).toFixed(1),
    memFreeGiB: +(freemem() / 2 ** 30).toFixed(1),
    free: free?.trim(),
    node: process.version,
  };
}

// ------------------------------------------------------------------------------------ database

async function benchDatabase(): Promise<{ url: string; release: () => Promise<void> }> {
  let serverUrl: string;
  let release = async (): Promise<void> => undefined;
  if (process.env.DATABASE_URL) {
    serverUrl = withDatabase(process.env.DATABASE_URL, 'postgres');
  } else {
    const db = await startEmbeddedPostgres({ dataDir: join(ROOT, '.data/bench'), port: 0, database: 'postgres', log });
    serverUrl = db.url;
    release = db.release;
  }
  const name = `nomina_${scale}`;
  const url = withDatabase(serverUrl, name);
  if (!(await seeded(serverUrl, name))) {
    log(`${name} has no data: seeding (npm run seed -- --scale ${scale}) ...`);
    const started = performance.now();
    run(process.execPath, [join(ROOT, 'dist/apps/api/src/cli/seed.js'), '--scale', scale, '--replace'], {
      ...process.env,
      DATABASE_URL: serverUrl,
    });
    log(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  return { url, release };
}

/** The import is one transaction: a tenant row means the whole dataset is there. */
async function seeded(serverUrl: string, name: string): Promise<boolean> {
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) return false;
  } finally {
    await admin.end();
  }
  const c = new Client({ connectionString: withDatabase(serverUrl, name) });
  await c.connect();
  try {
    const r = await c.query(`select to_regclass('public.tenant') is not null as ok`);
    if (!r.rows[0].ok) return false;
    return (await c.query('select count(*)::int as n from tenant')).rows[0].n > 0;
  } finally {
    await c.end();
  }
}

// ------------------------------------------------------------------------------------ main

interface ScenarioResult {
  name: string;
  path: string;
  statements: number;
  rows?: number;
  raw: Stats;
  baseSeq: Stats;
  baseLoad: LoadResult & { cpuMsPerReq: number };
  svcSeq: Stats;
  svcLoad: LoadResult & { cpuMsPerReq: number };
  connections: number;
  loadSeconds: number;
  rssPeakMB: number;
  load1: number;
  svcOverRaw: number;
  baseOverRaw: number;
  rpsRatio: number;
  deepRatio?: number;
  bytes: number;
  /** The --ab build, measured next to the service in the same run; `first`: which of the two ran first. */
  ab?: Measured & { first: 'A' | 'B' };
  targets: { name: string; ok: boolean; detail: string }[];
}

/** One build's figures in one scenario. */
interface Measured {
  seq: Stats;
  load: LoadResult & { cpuMsPerReq: number };
  rssPeakMB: number;
}

async function main(): Promise<void> {
  const startedAt = new Date();
  const t0 = performance.now();
  const load0 = loadavg();
  log(
    `scale ${scale}, load ${DURATION} s × ${CONNECTIONS} connections, sequential ${SEQ} s, DB_POOL_MAX ${POOL}; load average ${load0.map((x) => x.toFixed(2)).join(' ')}`,
  );
  if (!flag('no-build')) {
    log('npm run build');
    run('npm', ['run', 'build', '--silent']);
  }
  const db = await benchDatabase();
  let service: ChildProcess | undefined;
  let serviceB: ChildProcess | undefined;
  let baseline: ChildProcess | undefined;
  const results: ScenarioResult[] = [];
  let importResult: Record<string, unknown> | undefined;
  const loadSamples: number[] = [load0[0]];
  let rawClient: Client | undefined;
  try {
    const scenariosWanted = !only || only.some((o) => o !== 'import');
    if (scenariosWanted) {
      // ------------------------------------------------------------ the service
      const svcPort = await freePort();
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        DATABASE_URL: db.url,
        DEMO_DATA: 'false',
        LOG_LEVEL: 'warn',
        JWT_SECRET,
        NODE_ENV: 'production',
        PORT: String(svcPort),
        HOST: '127.0.0.1',
        DB_POOL_MAX: String(POOL),
      };
      service = startChild('service', [...V8_FLAGS, SERVICE], env);
      const svc = `http://127.0.0.1:${svcPort}`;
      await waitFor(`${svc}/health/ready`, 300, service);
      log(`service up (pid ${service.pid}) on ${svc}`);

      const login = DEMO_LOGINS[0];
      const signIn = async (origin: string): Promise<string> => {
        const res = await fetch(`${origin}/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: login.email, password: login.password }),
        });
        if (!res.ok) throw new Error(`login ${login.email}: ${res.status} ${await res.text()}`);
        return ((await res.json()) as { tokenCurrent: string }).tokenCurrent;
      };
      const token = await signIn(svc);
      let svcB: string | undefined;
      let authB: Record<string, string> = {};
      if (AB) {
        const portB = await freePort();
        serviceB = startChild('service-b', [...V8_FLAGS, AB], { ...env, PORT: String(portB) });
        svcB = `http://127.0.0.1:${portB}`;
        await waitFor(`${svcB}/health/ready`, 300, serviceB);
        authB = { authorization: `Bearer ${await signIn(svcB)}` };
        log(`service B (${AB}) up (pid ${serviceB.pid}) on ${svcB}`);
      }
      const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { tid: string; bid: string };
      const auth = { authorization: `Bearer ${token}` };

      // ------------------------------------------------------------ scenarios and their statements
      const raw = (rawClient = await serviceClient(db.url));
      const ctx = await discover(raw, claims.tid, claims.bid);
      log(`context: ${JSON.stringify(ctx)}`);
      const scenarios = buildScenarios(ctx).filter((s) => selected(s.name) || (only && only.some((o) => s.name === `${o}`)));
      // a deep page needs its first page in the same run
      for (const s of buildScenarios(ctx))
        if (scenarios.some((x) => x.deepOf === s.name) && !scenarios.some((x) => x.name === s.name)) scenarios.unshift(s);
      const pool = servicePool(db.url, POOL, { application_name: 'bench-capture' });
      const captured: Record<string, Statement[]> = {};
      const rowsOf: Record<string, number | undefined> = {};
      for (const s of scenarios) {
        const reader = new RecordingReader(pool);
        const out = await drain(await s.capture(reader));
        captured[s.name] = reader.statements;
        rowsOf[s.name] = rowsIn(out);
      }
      await pool.end();
      mkdirSync(OUT, { recursive: true });
      const file = join(OUT, `scenarios-${scale}.json`);
      writeFileSync(file, JSON.stringify(captured, null, 1));

      // ------------------------------------------------------------ the baseline
      const basePort = await freePort();
      baseline = startChild('baseline', [join(ROOT, 'tools/run-ts.js'), join(ROOT, 'bench/baseline-server.ts'), file], {
        ...process.env,
        DATABASE_URL: db.url,
        PORT: String(basePort),
        DB_POOL_MAX: String(POOL),
      });
      const base = `http://127.0.0.1:${basePort}`;
      await waitFor(`${base}/${scenarios[0].name}`, 60, baseline);
      log(`baseline up (pid ${baseline.pid}) on ${base}`);

      // ------------------------------------------------------------ measure
      const seqOpts = { warmup: 2, seconds: SEQ, minSamples: 5, maxSamples: 500 };
      for (const [index, s] of scenarios.entries()) {
        const statements = captured[s.name];
        const check = await httpGet(`${svc}${s.path}`, auth, true);
        if (check.status !== 200) throw new Error(`${s.name}: service answered ${check.status}: ${check.body?.slice(0, 300)}`);
        const bcheck = await httpGet(`${base}/${s.name}`, {});
        if (bcheck.status !== 200) throw new Error(`${s.name}: baseline answered ${bcheck.status}`);

        const probe = performance.now();
        await replay(raw, statements);
        const heavy = performance.now() - probe > 300;
        // Heavy statements: fewer warm-up calls and samples, or one scenario would take minutes.
        const httpSeq = heavy ? { ...seqOpts, warmup: 1, minSamples: 3 } : seqOpts;
        // The sequential latencies of the raw SQL, the baseline and the build(s) in blocks taking
        // turns, before any load phase: the ratios compare the same minutes, and no build follows
        // another's load.
        const withB = Boolean(svcB && serviceB);
        const [rawStats, baseSeq, svcSeq, bSeq] = await interleaved(
          [
            () => replay(raw, statements),
            () => httpGet(`${base}/${s.name}`, {}),
            () => httpGet(`${svc}${s.path}`, auth),
            ...(withB ? [() => httpGet(`${svcB}${s.path}`, authB)] : []),
          ],
          httpSeq,
          // A statement of a third of a second or more pays no cold start worth a warm-up.
          heavy ? { block: 1, warm: 0 } : {},
        );

        // A statement of seconds would complete nothing in a 5 s load phase with 10 connections
        // queued on 2 cores: heavy scenarios get fewer connections (the same for baseline and
        // service) and a load phase long enough for a few completions each.
        const wanted = s.connections ?? CONNECTIONS;
        const conns = Math.max(1, Math.min(wanted, Math.floor((DURATION * 1000) / (4 * rawStats.median))));
        const duration = Math.min(Math.max(DURATION, Math.ceil((3 * conns * rawStats.median) / 1000)), 30);
        await load(`${base}/${s.name}`, {}, conns, 1);
        const baseLoad = await loadWithCpu(baseline.pid!, `${base}/${s.name}`, {}, conns, duration);
        // One build under the scenario: a 1 s warm-up, the load with CPU, its peak RSS.
        const measure = async (proc: ChildProcess, url: string, headers: Record<string, string>, seq: Stats): Promise<Measured> => {
          const rss = rssSampler(proc.pid!);
          await load(`${url}${s.path}`, headers, conns, 1);
          const measured = await loadWithCpu(proc.pid!, `${url}${s.path}`, headers, conns, duration);
          return { seq, load: measured, rssPeakMB: Math.round(rss.stop()) };
        };
        // With --ab the two builds swap places every other scenario: the one measured right after
        // the baseline can pay for that place, so neither side always has it.
        const bFirst = withB && index % 2 === 1;
        const measuredB = bFirst ? await measure(serviceB!, svcB!, authB, bSeq) : undefined;
        const { load: svcLoad, rssPeakMB } = await measure(service, svc, auth, svcSeq);
        let ab: ScenarioResult['ab'];
        if (svcB && serviceB) ab = { ...(measuredB ?? (await measure(serviceB, svcB, authB, bSeq))), first: bFirst ? 'B' : 'A' };
        const load1 = loadavg()[0];
        loadSamples.push(load1);
        const r: ScenarioResult = {
          name: s.name,
          path: s.path,
          statements: statements.length,
          rows: rowsOf[s.name],
          raw: rawStats,
          baseSeq,
          baseLoad,
          svcSeq,
          svcLoad,
          connections: conns,
          loadSeconds: duration,
          rssPeakMB,
          load1,
          svcOverRaw: svcSeq.median / rawStats.median,
          baseOverRaw: baseSeq.median / rawStats.median,
          rpsRatio: svcLoad.rps / baseLoad.rps,
          bytes: check.bytes,
          targets: [],
          ab,
        };
        r.targets.push({ name: 'median ≤ 1.25 × SQL', ok: r.svcOverRaw <= 1.25, detail: `${r.svcOverRaw.toFixed(2)}×` });
        if (s.single) r.targets.push({ name: 'rps ≥ 0.7 × baseline', ok: r.rpsRatio >= 0.7, detail: `${r.rpsRatio.toFixed(2)}×` });
        if (s.maxMedianMs)
          r.targets.push({
            name: `median ≤ ${s.maxMedianMs} ms`,
            ok: svcSeq.median <= s.maxMedianMs,
            detail: `${svcSeq.median.toFixed(1)} ms`,
          });
        r.targets.push({ name: 'RSS ≤ 300 MB', ok: r.rssPeakMB <= 300, detail: `${r.rssPeakMB} MB` });
        if (s.deepOf) {
          const first = results.find((x) => x.name === s.deepOf);
          if (first) {
            r.deepRatio = svcSeq.median / first.svcSeq.median;
            r.targets.push({ name: 'deep ≤ 3 × first page', ok: r.deepRatio <= 3, detail: `${r.deepRatio.toFixed(2)}×` });
          }
        }
        if (svcLoad.non2xx || svcLoad.errors || baseLoad.non2xx || baseLoad.errors) {
          r.targets.push({
            name: 'no errors under load',
            ok: false,
            detail: `service non2xx ${svcLoad.non2xx} err ${svcLoad.errors}; baseline non2xx ${baseLoad.non2xx} err ${baseLoad.errors}`,
          });
        }
        results.push(r);
        log(row(r));
      }
    }

    // ------------------------------------------------------------ import throughput
    if (!flag('no-import') && (!only || only.includes('import'))) {
      importResult = importBench(db.url);
      loadSamples.push(loadavg()[0]);
    }
  } finally {
    // Before the database is stopped: a connection still open then would be terminated under us.
    await rawClient?.end().catch(() => undefined);
    await stopChild(service);
    await stopChild(serviceB);
    await stopChild(baseline);
    await db.release();
  }

  const seconds = (performance.now() - t0) / 1000;
  const report = {
    scale,
    startedAt: startedAt.toISOString(),
    seconds: Math.round(seconds),
    settings: { durationS: DURATION, sequentialS: SEQ, connections: CONNECTIONS, dbPoolMax: POOL },
    machine: machine(),
    loadAverage: { start: load0, end: loadavg(), perScenario1m: loadSamples },
    scenarios: results,
    import: importResult,
  };
  const md = table(results, importResult, report);
  process.stdout.write(`\n${md}\n`);
  writeFileSync(join(__dirname, 'results.json'), JSON.stringify(report, null, 2));
  const tag = opt('tag') ?? scale;
  writeFileSync(join(__dirname, `results-${tag}.json`), JSON.stringify(report, null, 2));
  writeFileSync(join(__dirname, `last-run-${tag}.md`), md);
  log(`done in ${seconds.toFixed(0)} s; bench/results.json written`);
}

/** Rows a handler answered: a streamed count, a list, the list inside its page or report, or one record. */
function rowsIn(out: unknown): number | undefined {
  if (typeof out === 'number') return out;
  if (Array.isArray(out)) return out.length;
  if (!out || typeof out !== 'object') return undefined;
  const o = out as Record<string, unknown>;
  for (const key of ['rows', 'reportByProduct', 'records', 'documentos']) {
    const v = o[key];
    if (Array.isArray(v)) return v.length;
    if (typeof v === 'number') return v;
  }
  return 1;
}

function importBench(url: string): Record<string, unknown> {
  log(`import bench: ${IMPORT_LINES} payslip lines (bench/import.bench.ts load) ...`);
  const r = spawnSync(
    process.execPath,
    [join(ROOT, 'tools/run-ts.js'), join(ROOT, 'bench/import.bench.ts'), 'load', `--lines=${IMPORT_LINES}`],
    {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: withDatabase(url, 'postgres') },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const out = `${r.stdout}\n${r.stderr}`;
  writeFileSync(join(OUT, 'import.log'), out);
  const num = (re: RegExp): number | undefined => {
    const m = re.exec(out);
    return m ? Number(m[1].replace(/[.,\s]/g, '')) : undefined;
  };
  const res = {
    exit: r.status,
    payslipLinesPerS: num(/=> (\d[\d.,]*) líneas de nómina\/s/),
    allLinesPerS: num(/\((\d[\d.,]*) líneas\/s en total\)/),
    seconds: /en ([\d.]+) s\n/.exec(out)?.[1],
    summary: /^(\d+ líneas de nómina .*)$/m.exec(out)?.[1],
    rssPeakMB: num(/RSS pico del proceso: (\d+) MB/),
    phases: /^(preparando.*|.* s, .* s.*)$/m.exec(out)?.[1],
  };
  log(`import: ${JSON.stringify(res)}`);
  return res;
}

const ms = (x: number): string => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));

function row(r: ScenarioResult): string {
  return (
    `${r.name}: SQL ${ms(r.raw.median)}/${ms(r.raw.p95)} ms, base ${ms(r.baseSeq.median)} ms ${r.baseLoad.rps.toFixed(0)} rps, ` +
    `service ${ms(r.svcSeq.median)}/${ms(r.svcSeq.p95)} ms, CPU/req base ${ms(r.baseLoad.cpuMsPerReq)} svc ${ms(r.svcLoad.cpuMsPerReq)} ms, load ${ms(r.svcLoad.median)}/${ms(r.svcLoad.p95)} ms ${r.svcLoad.rps.toFixed(0)} rps, ` +
    `svc/SQL ${r.svcOverRaw.toFixed(2)}, rps svc/base ${r.rpsRatio.toFixed(2)}, RSS ${r.rssPeakMB} MB, load1 ${r.load1.toFixed(1)}`
  );
}

function table(
  results: ScenarioResult[],
  imp: Record<string, unknown> | undefined,
  report: {
    machine: Record<string, unknown>;
    loadAverage: { start: number[]; end: number[]; perScenario1m: number[] };
    seconds: number;
    settings: Record<string, number>;
  },
): string {
  const lines: string[] = [];
  const la = report.loadAverage.perScenario1m;
  lines.push(
    `Scale **${scale}**, ${new Date().toISOString()}; ${report.machine.nproc} CPUs (${report.machine.cpu}), Node ${report.machine.node}; ` +
      `load ${report.settings.durationS} s × ${report.settings.connections} connections (nómina electrónica: 20), sequential ${report.settings.sequentialS} s, DB_POOL_MAX ${report.settings.dbPoolMax}, service V8 flags ${V8_FLAGS.length ? V8_FLAGS.join(' ') : 'V8 defaults'}; ` +
      `load average (1 min) during the run: min ${Math.min(...la).toFixed(2)}, median ${[...la].sort((a, b) => a - b)[Math.floor(la.length / 2)].toFixed(2)}, max ${Math.max(...la).toFixed(2)}; run took ${report.seconds} s.`,
  );
  lines.push('');
  lines.push('Latencies in ms (median / p95). "seq" = one request at a time; "load" = fixed connections. Ratios from the same run.');
  lines.push('');
  lines.push(
    '| scenario | rows | conns | raw SQL | baseline seq | service seq | svc/SQL | base/SQL | baseline load rps | service load | service rps | svc/base rps | CPU ms/req base / svc | RSS MB | deep/first | targets missed |',
  );
  lines.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const r of results) {
    const missed =
      r.targets
        .filter((t) => !t.ok)
        .map((t) => `${t.name} (${t.detail})`)
        .join('; ') || '—';
    lines.push(
      `| ${r.name} | ${r.rows ?? ''} | ${r.connections} | ${ms(r.raw.median)} / ${ms(r.raw.p95)} | ${ms(r.baseSeq.median)} / ${ms(r.baseSeq.p95)} | ${ms(r.svcSeq.median)} / ${ms(r.svcSeq.p95)} | ` +
        `${r.svcOverRaw.toFixed(2)} | ${r.baseOverRaw.toFixed(2)} | ${r.baseLoad.rps.toFixed(0)} | ${ms(r.svcLoad.median)} / ${ms(r.svcLoad.p95)} | ${r.svcLoad.rps.toFixed(1)} | ` +
        `${r.rpsRatio.toFixed(2)} | ${ms(r.baseLoad.cpuMsPerReq)} / ${ms(r.svcLoad.cpuMsPerReq)} | ${r.rssPeakMB} | ${r.deepRatio === undefined ? '' : r.deepRatio.toFixed(2)} | ${missed} |`,
    );
  }
  if (results.some((r) => r.ab)) {
    lines.push('');
    lines.push(
      `A/B in the same run: A = ${SERVICE}, B = ${AB}. Sequential median ms, load req/s; "first": the build measured right after the baseline (they swap every other scenario).`,
    );
    lines.push('');
    lines.push(
      '| scenario | first | A seq | B seq | B/A seq | A rps | B rps | B/A rps | A CPU ms/req | B CPU ms/req | B/A CPU | A RSS | B RSS |',
    );
    lines.push('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of results.filter((x) => x.ab)) {
      const b = r.ab!;
      lines.push(
        `| ${r.name} | ${b.first} | ${ms(r.svcSeq.median)} | ${ms(b.seq.median)} | ${(b.seq.median / r.svcSeq.median).toFixed(2)} | ${r.svcLoad.rps.toFixed(1)} | ${b.load.rps.toFixed(1)} | ` +
          `${(b.load.rps / r.svcLoad.rps).toFixed(2)} | ${ms(r.svcLoad.cpuMsPerReq)} | ${ms(b.load.cpuMsPerReq)} | ${(b.load.cpuMsPerReq / r.svcLoad.cpuMsPerReq).toFixed(2)} | ${r.rssPeakMB} | ${b.rssPeakMB} |`,
      );
    }
  }
  if (imp?.exit !== 0 && imp) {
    lines.push('');
    lines.push(`Import (bench/import.bench.ts load): FAILED with exit ${String(imp.exit)}; its output is in bench/.out/import.log.`);
  } else if (imp) {
    lines.push('');
    lines.push(
      `Import (bench/import.bench.ts load, ${IMPORT_LINES} payslip lines + sales): ${imp.payslipLinesPerS ?? '?'} payslip lines/s (${imp.allLinesPerS ?? '?'} lines/s all kinds), ${imp.summary ?? ''}; peak RSS ${imp.rssPeakMB ?? '?'} MB; target ≥ 100 000 lines/s: ${Number(imp.payslipLinesPerS) >= 100_000 ? 'met' : 'MISSED'}.`,
    );
  }
  return lines.join('\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

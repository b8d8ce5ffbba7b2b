/**
 * Per-request framework cost: several builds of the service (and optionally the bare baseline)
 * under the same load, in ALTERNATING rounds, so the other tenants' load on this shared machine
 * hits every build alike. Reports, per scenario and target, the median over the rounds of CPU ms
 * per request (the service process's /proc/<pid>/stat over the load phase), requests/s, load
 * latency and sequential latency, plus the raw SQL of the scenario.
 *
 *   node tools/run-ts.js bench/framework.bench.ts --scale medium \
 *     --build base=/tmp/fw-base/dist/apps/api/src/main.js --build new=/tmp/fw-dist/apps/api/src/main.js \
 *     [--build 'semi1=--max-semi-space-size=1 /tmp/fw-dist/apps/api/src/main.js'] \
 *     [--baseline [--wire-baseline] [--nest-floor]] [--rounds 3] [--duration 5] [--seq 2] [--connections 10] \
 *     [--only detallePago,empleado-documento,proveedor-id,pagos-default] [--cpu-prof DIR] \
 *     [--heap-sample DIR [--heap-promoted]] [--same-processes]
 *
 * Every round runs fresh service processes (started in a rotated order; --same-processes keeps the
 * first ones): each process settles in a fast or a slow GC state and keeps it, so one process per
 * build would make the whole run one draw. The baseline runs once.
 * The first --build is the reference of the B/A columns; words before a build's main file are node
 * flags for that build only (same code, another V8 setting). Services run like bench/run.ts starts
 * them (DEMO_DATA=false, LOG_LEVEL=warn, NODE_ENV=production, DB_POOL_MAX, fixed JWT_SECRET);
 * --cpu-prof passes `--cpu-prof --cpu-prof-dir=DIR` to every build and to the baseline (profiles are
 * written at exit: DIR/<build name>.cpuprofile, DIR/baseline.cpuprofile).
 * --heap-sample preloads bench/lib/heap-sample.js in every build and the baseline and samples
 * each load phase with V8's sampling heap profiler (SIGUSR2 on, SIGUSR2 off): the table gains the
 * bytes allocated per request, and the top allocation sites of each target follow it (profiles:
 * DIR/<scenario>.<target>.r<round>.heapprofile). With --heap-promoted only what survived the
 * young generation is counted (what the old generation's collections will have to deal with).
 * The sampler costs CPU: read the CPU columns of such a run as relative only.
 * --wire-baseline adds a second baseline target, `baseline-wire`: the same server and work, answering
 * with the response headers the first build sent for the scenario (captured once, before the
 * rounds) and asked with the first build's Authorization header, so that the wire is the
 * service's (what the load generator writes and parses, what both HTTP layers handle) and only the
 * code in between differs (bench/baseline-server.ts).
 * --nest-floor adds two targets, each the baseline's handlers in a minimal Nest application on
 * Nest's Fastify adapter, in a process of its own (bench/baseline-server.ts, BASELINE_NEST):
 * `nest-floor`, Nest's router alone (no guard, pipe, interceptor, hook or plugin, no CQRS), and
 * `nest-stack`, plus the mechanisms a secured read goes through, doing nothing (three synchronous
 * guards, a custom parameter decorator, a parameter through a pipe, QueryBus and a query handler).
 * With --wire-baseline they answer with the service's headers (`nest-floor-wire`,
 * `nest-stack-wire`), so that baseline → baseline-wire → nest-floor-wire → nest-stack-wire → the
 * build add one layer at a time; their ratios are in the builds' columns.
 * Besides the target's own CPU, each load phase counts PostgreSQL's (postmaster and backends) and
 * the whole machine's CPU per request: the service, PostgreSQL and the load generator share the
 * cores, so req/s follows their sum.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import type { Client } from 'pg';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '@nomina-api/platform/persistence';
import { DEMO_LOGINS } from '@nomina-api/importer/demo/generate-dataset';
import { type AllocationSummary, summarizeHeapProfile } from './lib/heap-profile';
import { httpGet, load, loadWithCpu, procStat, sequential, type Stats } from './lib/measure';
import { serviceClient, servicePool, withDatabase } from './lib/pg';
import { drain, RecordingReader, replay, type Statement } from './lib/recorder';
import { buildScenarios, discover } from './lib/scenarios';
import { freePort, opt, opts } from './lib/cli';

const ROOT = join(__dirname, '..');
const OUT = join(__dirname, '.out');
const JWT_SECRET = 'bench-fixed-secret-0123456789abcdef0123456789abcdef';

const scale = opt('scale') ?? 'medium';
const ROUNDS = Number(opt('rounds') ?? 3);
const DURATION = Number(opt('duration') ?? 5);
const SEQ = Number(opt('seq') ?? 2);
const CONNECTIONS = Number(opt('connections') ?? 10);
const POOL = Number(opt('pool') ?? 10);
const CPU_PROF = opt('cpu-prof');
/** Keep one process per build for every round (default: a fresh one per round). */
const SAME_PROCESSES = process.argv.includes('--same-processes');
/** The bare baseline as a target (the options below add targets served by its server). */
const BASELINE = process.argv.includes('--baseline');
/** A second baseline target with the service's request and response headers. */
const WIRE = process.argv.includes('--wire-baseline');
if (WIRE && !BASELINE) throw new Error('--wire-baseline runs on the baseline server: add --baseline');
/** The baseline's handlers inside a minimal Nest application (bare, and with the stack's mechanisms). */
const NEST_FLOOR = process.argv.includes('--nest-floor');
if (NEST_FLOOR && !BASELINE) throw new Error('--nest-floor runs on the baseline server: add --baseline');
/** Response headers of the service that a server writes of its own (length, date, connection). */
const OWN_HEADERS = new Set(['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);
const HEAP = opt('heap-sample');
const HEAP_PROMOTED = process.argv.includes('--heap-promoted');
if (HEAP) mkdirSync(HEAP, { recursive: true });
/** Node flags and environment that preload the heap sampler into a target (none without --heap-sample). */
const heapSampling = (name: string): { flags: string[]; env: NodeJS.ProcessEnv } =>
  HEAP
    ? {
        flags: ['-r', join(__dirname, 'lib/heap-sample.js')],
        env: { HEAP_SAMPLE_PREFIX: join(HEAP, name), HEAP_SAMPLE_PROMOTED: HEAP_PROMOTED ? '1' : '0' },
      }
    : { flags: [], env: {} };
const only = (opt('only') ?? 'detallePago,empleado-documento,proveedor-id,pagos-default').split(',').filter(Boolean);
const builds = opts('build').map((b) => {
  const words = b
    .slice(b.indexOf('=') + 1)
    .trim()
    .split(/\s+/);
  return { name: b.slice(0, b.indexOf('=')), main: words[words.length - 1], flags: words.slice(0, -1) };
});
if (!builds.length) throw new Error('--build NAME=path/to/main.js (one or more)');

const log = (s: string): void => void process.stderr.write(`[fw ${new Date().toISOString().slice(11, 19)}] ${s}\n`);

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (const until = Date.now() + 120_000; Date.now() < until;) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} not ready`);
}

const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

function startChild(name: string, args: string[], env: NodeJS.ProcessEnv, append = false): ChildProcess {
  mkdirSync(OUT, { recursive: true });
  const out = createWriteStream(join(OUT, `fw-${name}.log`), { flags: append ? 'a' : 'w' });
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.pipe(out);
  child.stderr!.pipe(out);
  children.add(child);
  return child;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await once(child, 'exit');
  clearTimeout(timer);
}

interface Target {
  name: string;
  child: ChildProcess;
  url: (scenario: { name: string; path: string }) => string;
  headers: Record<string, string>;
  /** The name its process's heap sampler writes under (baseline-wire shares the baseline's process). */
  process?: string;
}

interface Sample {
  rps: number;
  cpu: number;
  /** The kernel's part of cpu (system time: socket reads and writes, epoll). */
  sys: number;
  /** PostgreSQL's CPU ms per request (all its processes). */
  db: number;
  /** The machine's busy CPU ms per request (all processes, all cores). */
  machine: number;
  loadMedian: number;
  seq: number;
  /** KB allocated per request (sampled; --heap-sample only). */
  alloc: number;
}

/** The postmaster: the parent of this connection's backend. */
async function postmasterPid(client: Client): Promise<number> {
  const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
  return Number(procStat(rows[0].pid)![1]);
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const ms = (x: number): string => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x >= 1 ? x.toFixed(2) : x.toFixed(3));

/** Starts one build; `round` > 0 for a fresh process of a later round (its own profile, the log appended). */
async function startService(name: string, main: string, flags: string[], env: NodeJS.ProcessEnv, round = 0): Promise<Target> {
  const port = await freePort();
  const heap = heapSampling(name);
  const profileName = round > 0 ? `${name}.r${round + 1}.cpuprofile` : `${name}.cpuprofile`;
  const args = [
    ...flags,
    ...heap.flags,
    ...(CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`, `--cpu-prof-name=${profileName}`] : []),
    main,
  ];
  const child = startChild(name, args, { ...env, ...heap.env, PORT: String(port) }, round > 0);
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(`${origin}/health/ready`, child);
  const login = DEMO_LOGINS[0];
  const res = await fetch(`${origin}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: login.email, password: login.password }),
  });
  if (!res.ok) throw new Error(`${name}: login ${res.status}`);
  const token = ((await res.json()) as { tokenCurrent: string }).tokenCurrent;
  log(`${name} (${main}) up, pid ${child.pid}`);
  return { name, child, url: (s) => `${origin}${s.path}`, headers: { authorization: `Bearer ${token}` } };
}

async function main(): Promise<void> {
  const db = await startEmbeddedPostgres({ dataDir: join(ROOT, '.data/bench'), port: 0, database: 'postgres', log });
  const url = withDatabase(db.url, `nomina_${scale}`);
  const targets: Target[] = [];
  const loads: number[] = [loadavg()[0]];
  try {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: url,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      JWT_SECRET,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DB_POOL_MAX: String(POOL),
    };
    for (const b of builds) targets.push(await startService(b.name, b.main, b.flags, env));
    const token = targets[0].headers.authorization.slice('Bearer '.length);
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { tid: string; bid: string };
    const raw = await serviceClient(url);
    const ctx = await discover(raw, claims.tid, claims.bid);
    const postmaster = await postmasterPid(raw);
    const scenarios = buildScenarios(ctx).filter((s) => only.some((o) => s.name.includes(o)));
    const captured: Record<string, Statement[]> = {};
    const pool = servicePool(url, POOL, { application_name: 'bench-capture' });
    for (const s of scenarios) {
      const reader = new RecordingReader(pool);
      await drain(await s.capture(reader));
      captured[s.name] = reader.statements;
    }
    await pool.end();
    if (BASELINE) {
      const file = join(OUT, 'scenarios-fw.json');
      writeFileSync(file, JSON.stringify(captured));
      const wireFile = join(OUT, 'scenarios-fw-wire.json');
      if (WIRE) {
        // The service's response headers for each scenario, from the first build.
        const wire: Record<string, Record<string, string>> = {};
        for (const s of scenarios) {
          const res = await fetch(targets[0].url(s), { headers: targets[0].headers });
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`${targets[0].name} ${s.name}: ${res.status}`);
          wire[s.name] = Object.fromEntries([...res.headers].filter(([name]) => !OWN_HEADERS.has(name)));
        }
        writeFileSync(wireFile, JSON.stringify(wire));
      }
      /**
       * The baseline server as `name`: bare Fastify (`nest` undefined) or in Nest (BASELINE_NEST).
       * Fastify's also answers as `baseline-wire` with --wire-baseline; Nest's answer only as their
       * `-wire` twin then (each layer over the previous one with the same bytes on the wire).
       */
      const startBaseline = async (name: string, nest?: 'bare' | 'stack'): Promise<void> => {
        const port = await freePort();
        const profile = CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`, `--cpu-prof-name=${name}.cpuprofile`] : [];
        const heap = heapSampling(name);
        const child = startChild(
          name,
          [...profile, ...heap.flags, join(ROOT, 'tools/run-ts.js'), join(ROOT, 'bench/baseline-server.ts'), file],
          {
            ...process.env,
            ...heap.env,
            DATABASE_URL: url,
            PORT: String(port),
            DB_POOL_MAX: String(POOL),
            ...(WIRE ? { BASELINE_WIRE: wireFile } : {}),
            ...(nest ? { BASELINE_NEST: nest } : {}),
          },
        );
        await waitFor(`http://127.0.0.1:${port}/${scenarios[0].name}`, child);
        const plain: Target = { name, child, url: (s) => `http://127.0.0.1:${port}/${s.name}`, headers: {} };
        const wired: Target = {
          name: `${name}-wire`,
          child,
          url: (s) => `http://127.0.0.1:${port}/wire/${s.name}`,
          headers: targets[0].headers,
          process: name,
        };
        if (!nest || !WIRE) targets.push(plain);
        if (WIRE) targets.push(wired);
      };
      await startBaseline('baseline');
      if (NEST_FLOOR) {
        await startBaseline('nest-floor', 'bare');
        await startBaseline('nest-stack', 'stack');
      }
    }

    const seqOpts = { warmup: 5, seconds: SEQ, minSamples: 20, maxSamples: 2000 };
    const samples = new Map<string, Sample[]>();
    /** The allocation sites of each scenario and target, from its last round (--heap-sample). */
    const sites = new Map<string, AllocationSummary>();
    /** Windows each process has written so far (the preload numbers its files 1, 2, …). */
    const windows = new Map<ChildProcess, number>();
    /** Switches the target's sampler off and names the window's profile; returns its path. */
    const heapWindow = async (t: Target, name: string): Promise<string> => {
      t.child.kill('SIGUSR2');
      const n = (windows.get(t.child) ?? 0) + 1;
      windows.set(t.child, n);
      const written = join(HEAP!, `${t.process ?? t.name}-${n}.heapprofile`);
      const deadline = Date.now() + 30_000;
      while (!existsSync(written)) {
        if (Date.now() > deadline) throw new Error(`${t.name}: no heap profile ${written}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      const file = join(HEAP!, `${name}.heapprofile`);
      renameSync(written, file);
      return file;
    };
    const rawSeq = new Map<string, number[]>();
    for (let round = 0; round < ROUNDS; round++) {
      if (round > 0 && !SAME_PROCESSES) {
        // A new process per build and round, started in a rotated order: a process settles in a
        // fast or a slow garbage-collection state and keeps it, so
        // the medians over the rounds are over several draws instead of one.
        const order = builds.map((_, i) => builds[(i + round) % builds.length]);
        for (const b of order) {
          const at = targets.findIndex((t) => t.name === b.name);
          await stopChild(targets[at].child);
          targets[at] = await startService(b.name, b.main, b.flags, env, round);
        }
      }
      for (const s of scenarios) {
        for (const t of targets) {
          const check = await httpGet(t.url(s), t.headers);
          if (check.status !== 200) throw new Error(`${t.name} ${s.name}: ${check.status}`);
          if (round === 0) log(`${s.name} ${t.name}: body ${check.bytes} bytes`);
        }
        rawSeq.set(s.name, [...(rawSeq.get(s.name) ?? []), (await sequential(() => replay(raw, captured[s.name]), seqOpts)).median]);
        // Rotate the order every round: no target always runs right after the same one.
        const order = targets.map((_, i) => targets[(i + round) % targets.length]);
        for (const t of order) {
          const seq: Stats = await sequential(() => httpGet(t.url(s), t.headers), seqOpts);
          await load(t.url(s), t.headers, CONNECTIONS, 1);
          if (HEAP) t.child.kill('SIGUSR2');
          const r = await loadWithCpu(t.child.pid!, t.url(s), t.headers, CONNECTIONS, DURATION, postmaster);
          if (r.non2xx || r.errors) throw new Error(`${t.name} ${s.name}: non2xx ${r.non2xx} errors ${r.errors}`);
          const key = `${s.name}|${t.name}`;
          let alloc = NaN;
          if (HEAP) {
            const file = await heapWindow(t, `${s.name}.${t.name}.r${round + 1}`);
            const summary = summarizeHeapProfile(file, r.n);
            alloc = summary.bytesPerRequest / 1024;
            sites.set(key, summary);
          }
          samples.set(key, [
            ...(samples.get(key) ?? []),
            {
              rps: r.rps,
              cpu: r.cpuMsPerReq,
              sys: r.sysMsPerReq,
              db: r.dbMsPerReq,
              machine: r.machineMsPerReq,
              loadMedian: r.median,
              seq: seq.median,
              alloc,
            },
          ]);
          log(
            `round ${round + 1} ${s.name} ${t.name}: ${r.rps.toFixed(0)} rps, CPU ${ms(r.cpuMsPerReq)} ms/req (sys ${ms(r.sysMsPerReq)}), PostgreSQL ${ms(r.dbMsPerReq)}, machine ${ms(r.machineMsPerReq)}, load median ${ms(r.median)} ms, seq ${ms(seq.median)} ms, load1 ${loadavg()[0].toFixed(2)}` +
              (HEAP ? `, allocated ${alloc.toFixed(1)} KB/req` : ''),
          );
        }
        loads.push(loadavg()[0]);
      }
    }
    await raw.end();

    const ref = targets[0].name;
    const lines = [
      `Scale ${scale}, ${ROUNDS} rounds × ${DURATION} s × ${CONNECTIONS} connections per target, alternating; load average (1 min) min ${Math.min(...loads).toFixed(2)}, median ${median(loads).toFixed(2)}, max ${Math.max(...loads).toFixed(2)}.`,
      'Medians over the rounds. seq = sequential median latency (ms); CPU = service CPU ms per request under load, sys = its kernel part; PG = PostgreSQL CPU ms per request; machine = all busy CPU ms per request (service, PostgreSQL, load generator).',
      '',
      '| scenario | target | raw SQL seq | seq | seq/SQL | req/s | CPU ms/req | sys ms/req | PG ms/req | machine ms/req | load median | rps / ' +
        ref +
        ' | CPU / ' +
        ref +
        ' | rps / baseline |' +
        (WIRE ? ' rps / baseline-wire | CPU / baseline-wire |' : '') +
        (HEAP ? ' alloc KB/req |' : ''),
      '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|' + (WIRE ? '---:|---:|' : '') + (HEAP ? '---:|' : ''),
    ];
    for (const s of scenarios) {
      const sql = median(rawSeq.get(s.name)!);
      const m = (t: string, f: keyof Sample): number => median(samples.get(`${s.name}|${t}`)!.map((x) => x[f]));
      for (const t of targets) {
        const base = targets.some((x) => x.name === 'baseline') ? ms(m(t.name, 'rps') / m('baseline', 'rps')) : '';
        lines.push(
          `| ${s.name} | ${t.name} | ${ms(sql)} | ${ms(m(t.name, 'seq'))} | ${(m(t.name, 'seq') / sql).toFixed(2)} | ${m(t.name, 'rps').toFixed(0)} | ${ms(m(t.name, 'cpu'))} | ${ms(m(t.name, 'sys'))} | ${ms(m(t.name, 'db'))} | ${ms(m(t.name, 'machine'))} | ${ms(m(t.name, 'loadMedian'))} | ` +
            `${(m(t.name, 'rps') / m(ref, 'rps')).toFixed(2)} | ${(m(t.name, 'cpu') / m(ref, 'cpu')).toFixed(2)} | ${base} |` +
            (WIRE ? ` ${ms(m(t.name, 'rps') / m('baseline-wire', 'rps'))} | ${ms(m(t.name, 'cpu') / m('baseline-wire', 'cpu'))} |` : '') +
            (HEAP ? ` ${m(t.name, 'alloc').toFixed(1)} |` : ''),
        );
      }
    }
    if (HEAP) {
      lines.push('', `Allocation sites (last round, sampled KB per request${HEAP_PROMOTED ? ', promoted only' : ''}):`);
      for (const [key, summary] of sites) {
        const [scenario, target] = key.split('|');
        lines.push('', `${scenario}, ${target}: ${(summary.bytesPerRequest / 1024).toFixed(1)} KB/req`);
        for (const x of summary.sites) lines.push(`- ${(x.bytesPerRequest / 1024).toFixed(1)} ${x.site}`);
      }
    }
    const md = lines.join('\n');
    process.stdout.write(`\n${md}\n`);
    mkdirSync(OUT, { recursive: true });
    writeFileSync(join(OUT, 'framework.md'), md);
    writeFileSync(
      join(OUT, 'framework.json'),
      JSON.stringify({ scale, rounds: ROUNDS, loads, samples: Object.fromEntries(samples), rawSeq: Object.fromEntries(rawSeq) }, null, 1),
    );
  } finally {
    for (const t of targets) await stopChild(t.child);
    await db.release();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

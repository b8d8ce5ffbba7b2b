/**
 * `npm run chaos [-- --mode embedded|url|both|replicas|runtime|all] [--connections 16] [--outage-ms 4000]`
 * (default all; `replicas`: the replica faults of scripts/chaos-replicas.ts, `runtime`: the
 * service's own faults of scripts/chaos-runtime.ts — stalled downloads, numbering under a frozen
 * server and hang-ups, a /metrics flood, tokens, CSV, login budget —, each with a table of its own):
 * the real service (apps/api/src/main.ts, a child process) under autocannon load on loopback,
 * while PostgreSQL is hurt: backends terminated (pg_terminate_backend), the server stopped with
 * `pg_ctl stop -m fast` and with `-m immediate` (a crash), then started again; the service's
 * backends frozen with SIGSTOP for FREEZE_MS (a network partition: the server cancels nothing),
 * then resumed.
 *
 * Two set-ups: `embedded` — the service runs its own embedded PostgreSQL (DATA_DIR
 * /tmp/chaos-data/embedded) and the script stops that cluster under it; `url` — the service uses
 * DATABASE_URL on a cluster the script runs (/tmp/chaos-data/url).
 *
 * Asserts: the process never exits; during an outage every answer is 503 problem+json with
 * Retry-After and comes quickly (≤ DB_CONNECT_TIMEOUT_MS + 1 s, no hanging), /health/ready is 503
 * and /health/live 200; the service answers 200 again within 5 s of PostgreSQL being back; no
 * request of the load fails otherwise (no timeouts, no resets, nothing but 2xx/503); while the
 * backends are frozen no answer takes more than STATEMENT_TIMEOUT_MS + 5 s (the failures are 503
 * problem+json with Retry-After) and /health/ready answers within 2 s; SIGTERM at the end exits 0.
 * Exit code 0 when every check holds.
 */
import { join } from 'node:path';
import {
  ANDINA_USER,
  exampleDataset,
  freshDatabase,
  httpCall,
  log,
  percentile,
  PgServer,
  runScript,
  type ServerProcess,
  serviceBackendPids,
  sleep,
  spawnServer,
  startCluster,
  terminateBackends,
} from './lib/environment';
import { startLoad } from './lib/load';
import { replicaChaos } from './chaos-replicas';
import { runtimeChaos } from './chaos-runtime';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
}

const CONNECT_TIMEOUT_MS = 2000;
const RECOVERY_LIMIT_MS = 5000;
/** The service's statement budget in this run: a frozen backend must cost at most this + 5 s. */
const STATEMENT_TIMEOUT_MS = 2000;
const FREEZE_MS = 6000;

interface Probe {
  at: number;
  kind: 'api' | 'ready' | 'live';
  status: number;
  ms: number;
  problem: boolean;
  code?: string;
  retryAfter?: string;
  error?: string;
}

interface Mark {
  at: number;
  name: string;
}

interface Outage {
  label: string;
  stopCalled: number;
  stopped: number;
  startCalled: number;
  started: number;
  recoveredAt?: number;
}

async function scenario(
  mode: 'embedded' | 'url',
  connections: number,
  outageMs: number,
): Promise<{ failures: string[]; report: string[] }> {
  const base = process.env.CHAOS_DATA_DIR ?? '/tmp/chaos-data';
  const dataDir = join(base, mode);
  log(`[${mode}] preparing ${dataDir} ...`);
  const cluster = await startCluster(dataDir);
  await freshDatabase(cluster.adminUrl, 'nomina', [exampleDataset()]);
  let server: ServerProcess;
  if (mode === 'embedded') {
    // The service starts (and owns) the embedded PostgreSQL itself, as with `npm start`.
    await cluster.release();
    server = await spawnServer({
      DATA_DIR: dataDir,
      DB_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
      DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
    });
  } else {
    const url = new URL(cluster.adminUrl);
    url.pathname = '/nomina';
    server = await spawnServer({
      DATABASE_URL: url.toString(),
      DB_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
      DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
    });
  }
  const pg = new PgServer(cluster.embedded.clusterDir);
  const adminUrl = pg.urlFor(cluster.adminUrl);
  const failures: string[] = [];
  const report: string[] = [];
  try {
    log(`[${mode}] service at ${server.base} (pid ${server.child.pid})`);
    const login = await httpCall(server.base, {
      method: 'POST',
      path: '/login',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ANDINA_USER),
    });
    const token = JSON.parse(login.body).tokenCurrent as string;
    const auth = { authorization: `Bearer ${token}` };

    const t0 = performance.now();
    const now = (): number => performance.now() - t0;
    const marks: Mark[] = [];
    const mark = (name: string): number => {
      const at = now();
      marks.push({ at, name });
      log(`[${mode}] ${(at / 1000).toFixed(2)} s ${name}`);
      return at;
    };

    const probes: Probe[] = [];
    let probing = true;
    const probeLoop = async (kind: Probe['kind'], path: string, every: number): Promise<void> => {
      while (probing) {
        const at = now();
        const res = await httpCall(server.base, { path, headers: auth, timeoutMs: 15_000 });
        let code: string | undefined;
        const problem = /^application\/problem\+json/.test(String(res.headers['content-type'] ?? ''));
        if (problem) code = (JSON.parse(res.body) as { code?: string }).code;
        probes.push({
          at,
          kind,
          status: res.status,
          ms: res.ms,
          problem,
          code,
          retryAfter: res.headers['retry-after'] as string | undefined,
          error: res.error,
        });
        await sleep(every);
      }
    };

    const durationS = 60;
    const load = startLoad(
      server.base,
      [
        { method: 'GET', path: '/empleados?size=5', headers: auth },
        { method: 'GET', path: '/pagos?params%5Bestados%5D=PG,PP&size=5', headers: auth },
        { method: 'GET', path: '/proveedor?pagina=0&limite=10', headers: auth },
      ],
      { connections, durationS, timeoutS: 10 },
    );
    const loadStart = load.started - t0;
    const probing$ = Promise.all([
      probeLoop('api', '/empleados?size=1', 100),
      probeLoop('ready', '/health/ready', 250),
      probeLoop('live', '/health/live', 500),
    ]);

    await sleep(3000);
    const terminatedAt = mark('pg_terminate_backend on the service backends');
    const killed = await terminateBackends(adminUrl, 'nomina');
    mark(`terminated ${killed} backends`);
    await sleep(3000);

    const outages: Outage[] = [];
    for (const stopMode of ['fast', 'immediate'] as const) {
      const o: Partial<Outage> = { label: `pg_ctl stop -m ${stopMode}` };
      o.stopCalled = mark(`pg_ctl stop -m ${stopMode}`);
      await pg.stop(stopMode);
      o.stopped = mark('PostgreSQL stopped');
      await sleep(outageMs);
      o.startCalled = mark('pg_ctl start');
      await pg.start();
      o.started = mark('PostgreSQL accepting connections');
      outages.push(o as Outage);
      await sleep(RECOVERY_LIMIT_MS + 1000);
    }

    // A partition, as far as the service can tell: its backends stop answering, the server
    // cancels nothing (statement_timeout runs in the frozen process), TCP stays up.
    const frozen = await serviceBackendPids(adminUrl, 'nomina');
    const frozenAt = mark(`SIGSTOP on ${frozen.length} service backends`);
    for (const pid of frozen) process.kill(pid, 'SIGSTOP');
    await sleep(FREEZE_MS);
    for (const pid of frozen) process.kill(pid, 'SIGCONT');
    const thawedAt = mark('SIGCONT');
    await sleep(RECOVERY_LIMIT_MS + 1000);
    probing = false;
    await probing$;
    const result = await load.stop();
    mark('load stopped');

    // --- checks -------------------------------------------------------------------------
    if (server.child.exitCode !== null) failures.push(`the service exited (${server.child.exitCode}) during the run`);

    for (const o of outages) {
      const down = probes.filter((p) => p.at >= o.stopped && p.at + p.ms <= o.startCalled);
      const api = down.filter((p) => p.kind === 'api');
      const bad = api.filter((p) => p.status !== 503 || !p.problem || p.code !== 'SERVICE_UNAVAILABLE' || !p.retryAfter);
      if (!api.length) failures.push(`${o.label}: no probe during the outage`);
      if (bad.length)
        failures.push(
          `${o.label}: ${bad.length}/${api.length} answers during the outage were not 503 problem+json SERVICE_UNAVAILABLE with Retry-After: ${JSON.stringify(bad.slice(0, 3))}`,
        );
      const slowest = Math.max(...api.map((p) => p.ms));
      if (slowest > CONNECT_TIMEOUT_MS + 1000) failures.push(`${o.label}: an answer during the outage took ${slowest.toFixed(0)} ms`);
      const ready = down.filter((p) => p.kind === 'ready');
      if (ready.some((p) => p.status !== 503))
        failures.push(`${o.label}: /health/ready answered ${ready.map((p) => p.status).join(',')} during the outage`);
      const live = down.filter((p) => p.kind === 'live');
      if (live.some((p) => p.status !== 200))
        failures.push(`${o.label}: /health/live answered ${live.map((p) => p.status).join(',')} during the outage`);
      const back = probes.find((p) => p.kind === 'api' && p.at >= o.started && p.status === 200);
      o.recoveredAt = back ? back.at + back.ms : undefined;
      const recovery = o.recoveredAt === undefined ? Infinity : o.recoveredAt - o.started;
      if (recovery > RECOVERY_LIMIT_MS)
        failures.push(`${o.label}: not recovered within ${RECOVERY_LIMIT_MS} ms of PostgreSQL coming back (${recovery} ms)`);
      const loadDown = load.samples.filter((s) => s.at + loadStart >= o.stopped && s.at + loadStart <= o.startCalled);
      report.push(
        `${o.label}: stop took ${(o.stopped - o.stopCalled).toFixed(0)} ms, outage ${(o.startCalled - o.stopped).toFixed(0)} ms, start took ${(o.started - o.startCalled).toFixed(0)} ms; ` +
          `during the outage: ${api.length} probes, all 503 problem+json: ${bad.length === 0}, probe latency p50 ${percentile(
            api.map((p) => p.ms),
            50,
          ).toFixed(1)} ms / max ${slowest.toFixed(1)} ms; ` +
          `load answers ${loadDown.length} (p99 ${percentile(
            loadDown.map((s) => s.ms),
            99,
          ).toFixed(
            0,
          )} ms, max ${Math.max(0, ...loadDown.map((s) => s.ms)).toFixed(0)} ms, statuses ${histogram(loadDown.map((s) => s.status))}); ` +
          `/health/ready ${histogram(ready.map((p) => p.status))}, /health/live ${histogram(live.map((p) => p.status))}; ` +
          `first 200 ${o.recoveredAt === undefined ? 'never' : `${(o.recoveredAt - o.started).toFixed(0)} ms`} after PostgreSQL was back`,
      );
    }

    const loadSamples = load.samples.map((s) => ({ ...s, at: s.at + loadStart }));
    const bound = STATEMENT_TIMEOUT_MS + 5000;
    const duringFreeze = probes.filter((p) => p.at >= frozenAt && p.at < thawedAt);
    const freezeApi = duringFreeze.filter((p) => p.kind === 'api');
    const freezeReady = duringFreeze.filter((p) => p.kind === 'ready');
    const freezeLoad = loadSamples.filter((s) => s.at >= frozenAt && s.at < thawedAt);
    const badFreeze = freezeApi.filter((p) => p.error || !(p.status === 200 || (p.status === 503 && p.problem && p.retryAfter)));
    if (!freezeApi.length) failures.push('freeze: no probe while the backends were frozen');
    if (badFreeze.length)
      failures.push(
        `freeze: ${badFreeze.length} probes were neither 200 nor 503 problem+json with Retry-After: ${JSON.stringify(badFreeze.slice(0, 3))}`,
      );
    const slowestFrozen = Math.max(0, ...freezeApi.map((p) => p.ms), ...freezeLoad.map((s) => s.ms));
    if (slowestFrozen > bound) failures.push(`freeze: an answer took ${slowestFrozen.toFixed(0)} ms (bound ${bound} ms)`);
    const slowestReady = Math.max(0, ...freezeReady.map((p) => p.ms));
    if (freezeReady.some((p) => p.status !== 503 && p.status !== 200) || slowestReady > 2000)
      failures.push(`freeze: /health/ready ${histogram(freezeReady.map((p) => p.status))}, slowest ${slowestReady.toFixed(0)} ms`);
    const freezeBack = probes.find((p) => p.kind === 'api' && p.at >= thawedAt && p.status === 200);
    const freezeRecovery = freezeBack ? freezeBack.at + freezeBack.ms - thawedAt : Infinity;
    if (freezeRecovery > RECOVERY_LIMIT_MS) failures.push(`freeze: not recovered within ${RECOVERY_LIMIT_MS} ms of SIGCONT`);
    report.push(
      `SIGSTOP on ${frozen.length} backends for ${FREEZE_MS} ms (statement budget ${STATEMENT_TIMEOUT_MS} ms): ${freezeApi.length} probes ${histogram(freezeApi.map((p) => p.status))}, ` +
        `probe latency p50 ${percentile(
          freezeApi.map((p) => p.ms),
          50,
        ).toFixed(0)} ms / max ${Math.max(0, ...freezeApi.map((p) => p.ms)).toFixed(0)} ms; ` +
        `load answers ${freezeLoad.length} (max ${Math.max(0, ...freezeLoad.map((s) => s.ms)).toFixed(0)} ms, statuses ${histogram(freezeLoad.map((s) => s.status))}); ` +
        `/health/ready ${histogram(freezeReady.map((p) => p.status))} max ${slowestReady.toFixed(0)} ms; first 200 ${Number.isFinite(freezeRecovery) ? `${freezeRecovery.toFixed(0)} ms` : 'never'} after SIGCONT`,
    );

    // Outside the fault windows everything is 2xx; inside, only 503. Nothing hangs or resets.
    const inWindow = (at: number): boolean =>
      (at >= terminatedAt && at <= terminatedAt + 1500) ||
      (at >= frozenAt && at <= thawedAt + bound) ||
      outages.some((o) => at >= o.stopCalled && at <= (o.recoveredAt ?? o.started + RECOVERY_LIMIT_MS) + 500);
    const unexpected = loadSamples.filter((s) =>
      inWindow(s.at) ? s.status !== 503 && (s.status < 200 || s.status >= 300) : s.status < 200 || s.status >= 300,
    );
    if (unexpected.length)
      failures.push(
        `load: ${unexpected.length} unexpected statuses: ${histogram(unexpected.map((s) => s.status))} at ${unexpected
          .slice(0, 5)
          .map((s) => (s.at / 1000).toFixed(2))
          .join(', ')} s`,
      );
    if (load.errors.length)
      failures.push(
        `load: ${load.errors.length} requests without an answer (${[...new Set(load.errors.map((e) => e.message))].join(', ')})`,
      );
    if (result.timeouts) failures.push(`load: ${result.timeouts} timeouts`);
    const terminateWindow = loadSamples.filter((s) => s.at >= terminatedAt && s.at <= terminatedAt + 1500);
    report.unshift(
      `load: ${connections} connections, ${load.samples.length} answers in ${(now() / 1000).toFixed(1)} s (${(load.samples.length / (now() / 1000)).toFixed(0)} req/s), ` +
        `statuses ${histogram(load.samples.map((s) => s.status))}, timeouts ${result.timeouts}, errors ${load.errors.length}`,
      `pg_terminate_backend (${killed} backends): load answers in the next 1.5 s ${histogram(terminateWindow.map((s) => s.status))}`,
    );

    server.child.kill('SIGTERM');
    const code = await server.exited;
    report.push(`SIGTERM at the end: exit code ${code}`);
    if (code !== 0) failures.push(`exit code after SIGTERM: ${code}\n${server.output().slice(-1500)}`);
    const warnings = server.output().match(/"msg":"(SERVICE_UNAVAILABLE|TIMEOUT) [^"]*"/g) ?? [];
    const messages = new Map<string, number>();
    for (const w of warnings) {
      const key = w
        .replace(/ GET \S+ \[[^\]]*\]/, '')
        .replace(/ \(\+\d+ más en el último segundo\)/, '')
        .slice(0, 160);
      messages.set(key, (messages.get(key) ?? 0) + 1);
    }
    report.push(
      `driver errors mapped to 503 (service log, at most one line per code per second): ${[...messages.entries()].map(([m, n]) => `${n}× ${m}`).join(' | ') || 'none'}`,
    );
    if (/Unhandled error|uncaught/i.test(server.output()))
      failures.push(
        `unhandled errors in the log:\n${server
          .output()
          .match(/.*Unhandled error.*/g)
          ?.slice(0, 3)
          .join('\n')}`,
      );
  } finally {
    if (server!.child.exitCode === null) server!.child.kill('SIGKILL');
    // Whatever state the faults left, stop the cluster (it is only this script's).
    await pg.stop('fast').catch(() => undefined);
    if (mode === 'url') await cluster.release().catch(() => undefined);
  }
  return { failures, report };
}

function histogram(values: number[]): string {
  const m = new Map<number, number>();
  for (const v of values) m.set(v, (m.get(v) ?? 0) + 1);
  return `{${[...m.entries()]
    .sort(([a], [b]) => a - b)
    .map(([k, n]) => `${k}: ${n}`)
    .join(', ')}}`;
}

async function main(): Promise<number> {
  const mode = arg('mode', 'all');
  const connections = Number(arg('connections', '16'));
  const outageMs = Number(arg('outage-ms', '4000'));
  type Mode = 'embedded' | 'url' | 'replicas' | 'runtime';
  const modes: readonly Mode[] =
    mode === 'all' ? ['embedded', 'url', 'replicas', 'runtime'] : mode === 'both' ? ['embedded', 'url'] : [mode as Mode];
  let failed = 0;
  for (const m of modes) {
    const { failures, report } =
      m === 'replicas' ? await replicaChaos() : m === 'runtime' ? await runtimeChaos() : await scenario(m, connections, outageMs);
    process.stdout.write(`\nchaos [${m}] ${failures.length ? 'FAILED' : 'passed'}\n  ${report.join('\n  ')}\n`);
    for (const f of failures) process.stdout.write(`  ✗ ${f}\n`);
    failed += failures.length;
  }
  return failed ? 1 : 0;
}

runScript(main);

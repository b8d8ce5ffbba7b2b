/**
 * `npm run fuzz [-- --runs 10000 --seed 7 --concurrency 8]`: requests derived from the OpenAPI
 * document with fast-check (scripts/lib/fuzz.ts), sent over HTTP to the real service
 * (apps/api/src/main.ts as a child process) on a database of its own loaded with the example
 * dataset (embedded PostgreSQL in FUZZ_DATA_DIR, default /tmp/nomina-fuzz-data, or DATABASE_URL's
 * server). Asserts: no 5xx except the documented 500, every 4xx is problem+json with a detail,
 * the service stays up (health checks during the run, SIGTERM → exit 0 at the end).
 * Exit code 0 when there is no violation.
 */
import { Agent } from 'node:http';
import { checkResponse, contextFromDataset, describeRequest, fc, type FuzzRequest, requestArbitrary } from './lib/fuzz';
import {
  ANDINA_USER,
  exampleDataset,
  freshDatabase,
  httpCall,
  log,
  PACIFICO_USER,
  runScript,
  spawnServer,
  startCluster,
} from './lib/environment';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

async function main(): Promise<number> {
  const runs = arg('runs', 10_000);
  const seed = arg('seed', 20261122);
  const concurrency = arg('concurrency', 8);
  const cluster = await startCluster(process.env.FUZZ_DATA_DIR ?? '/tmp/nomina-fuzz-data');
  const started = performance.now();
  try {
    log('Preparing the database (example dataset)...');
    const url = await freshDatabase(cluster.adminUrl, 'reliability_fuzz', [exampleDataset()]);
    const server = await spawnServer({ DATABASE_URL: url, LOGIN_RATE_LIMIT: '0', DB_POOL_MAX: '10' });
    log(`Service up at ${server.base} (pid ${server.child.pid}).`);
    const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
    const tokens: string[] = [];
    for (const u of [ANDINA_USER, PACIFICO_USER]) {
      const res = await httpCall(server.base, {
        method: 'POST',
        path: '/login',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(u),
      });
      tokens.push(JSON.parse(res.body).tokenCurrent);
    }
    const doc = JSON.parse((await httpCall(server.base, { path: '/docs-json' })).body);
    const requests = fc.sample(requestArbitrary(doc, contextFromDataset(exampleDataset(), tokens)), { numRuns: runs, seed });
    log(`${requests.length} requests (seed ${seed}), ${concurrency} at a time...`);

    const statuses = new Map<string, number>();
    const violations: string[] = [];
    const latencies: number[] = [];
    let next = 0;
    let healthChecks = 0;
    const worker = async (): Promise<void> => {
      for (;;) {
        const i = next++;
        if (i >= requests.length) return;
        const req: FuzzRequest = requests[i];
        const res = await httpCall(server.base, {
          method: req.method,
          path: req.url,
          headers: req.headers,
          body: req.body,
          agent,
          timeoutMs: 30_000,
        });
        latencies.push(res.ms);
        const key = res.error ? `error:${res.error}` : String(res.status);
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
        const problems = res.error
          ? [`no answer (${res.error})`]
          : checkResponse(req, { status: res.status, headers: res.headers as Record<string, string>, body: res.body });
        if (problems.length)
          violations.push(`#${i} ${problems.join('; ')}\n    ${describeRequest(req)}\n    → ${res.status} ${res.body.slice(0, 240)}`);
        if (i % 500 === 499) {
          const live = await httpCall(server.base, { path: '/health/live', timeoutMs: 5000 });
          healthChecks++;
          if (live.status !== 200) violations.push(`#${i} /health/live answered ${live.status} ${live.error ?? ''}`);
          log(`${i + 1} sent, ${violations.length} violation(s)`);
        }
      }
    };
    const t0 = performance.now();
    await Promise.all(Array.from({ length: concurrency }, worker));
    const seconds = (performance.now() - t0) / 1000;
    agent.destroy();

    const ready = await httpCall(server.base, { path: '/health/ready' });
    if (ready.status !== 200) violations.push(`/health/ready after the run: ${ready.status}`);
    const alive = server.child.exitCode === null;
    if (!alive) violations.push(`the service exited during the run (${server.child.exitCode})`);
    server.child.kill('SIGTERM');
    const code = await server.exited;
    if (code !== 0) violations.push(`exit code after SIGTERM: ${code}`);
    if (/Unhandled|uncaught/i.test(server.output()))
      violations.push(`unhandled errors in the service log:\n${server.output().slice(-2000)}`);

    latencies.sort((a, b) => a - b);
    const histogram = [...statuses.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, n]) => `${k}: ${n}`)
      .join(', ');
    process.stdout.write(
      [
        '',
        `fuzz: ${requests.length} requests in ${seconds.toFixed(1)} s (${(requests.length / seconds).toFixed(0)} req/s), seed ${seed}, concurrency ${concurrency}`,
        `statuses: ${histogram}`,
        `latency ms: p50 ${latencies[Math.floor(latencies.length / 2)].toFixed(1)}, p99 ${latencies[Math.floor(latencies.length * 0.99)].toFixed(1)}, max ${latencies[latencies.length - 1].toFixed(1)}`,
        `health checks during the run: ${healthChecks}; service alive until SIGTERM: ${alive}; exit code ${code}`,
        `violations: ${violations.length}`,
        ...violations.slice(0, 30),
        `total time ${((performance.now() - started) / 1000).toFixed(1)} s`,
        '',
      ].join('\n'),
    );
    return violations.length ? 1 : 0;
  } finally {
    await cluster.release();
  }
}

runScript(main);

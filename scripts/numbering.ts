/**
 * `node tools/run-ts.js scripts/numbering.ts [--calls 1000] [--clients 50]`: e-payroll numbering
 * (GET /pagos/nominaelectronica/2023/2 for Andina, ~36 documents a call) over HTTP against the
 * service in this process, on a database of its own (embedded PostgreSQL in
 * /tmp/nomina-numbering-data).
 *
 *  1. `calls` calls from `clients` concurrent clients: the numbers are distinct and contiguous.
 *  2. The same again while PostgreSQL is stopped (`pg_ctl stop -m immediate`, then started) a
 *     third of the way in and the service's backends are terminated at two thirds: every call
 *     answers 200 or 503; the numbers of the 200 answers are distinct and, with the sequence's
 *     final value, contiguous — failed calls consumed nothing, nothing was lost or duplicated.
 */
import { Agent } from 'node:http';
import {
  ANDINA_ID,
  ANDINA_USER,
  exampleDataset,
  freshDatabase,
  httpCall,
  log,
  PgServer,
  runScript,
  sleep,
  startApp,
  startCluster,
  terminateBackends,
} from './lib/environment';
import { checkNumbering, nextNumber, runNumbering } from './lib/numbering';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

async function main(): Promise<number> {
  const calls = arg('calls', 1000);
  const clients = arg('clients', 50);
  const cluster = await startCluster(process.env.NUMBERING_DATA_DIR ?? '/tmp/nomina-numbering-data');
  const pg = new PgServer(cluster.embedded.clusterDir);
  let failed = false;
  try {
    const url = await freshDatabase(cluster.adminUrl, 'reliability_numbering', [exampleDataset()]);
    const { app, base } = await startApp(url, { DB_CONNECT_TIMEOUT_MS: '1000', DB_POOL_MAX: '10' }, true);
    try {
      const login = await httpCall(base, {
        method: 'POST',
        path: '/login',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ANDINA_USER),
      });
      const token = JSON.parse(login.body).tokenCurrent as string;
      const agent = new Agent({ keepAlive: true, maxSockets: clients });
      const call = () =>
        httpCall(base, {
          path: '/pagos/nominaelectronica/2023/2',
          headers: { authorization: `Bearer ${token}` },
          agent,
          timeoutMs: 30_000,
        });
      const perCall = (JSON.parse((await call()).body) as { total: number }).total;
      log(`${perCall} documents per call; ${calls} calls from ${clients} clients per phase`);

      for (const phase of ['steady', 'faults'] as const) {
        const start = await nextNumber(url, ANDINA_ID);
        let faults: Promise<void> = Promise.resolve();
        const events: string[] = [];
        const run = await runNumbering(call, {
          clients,
          total: calls,
          onCall: (i) => {
            if (phase !== 'faults') return;
            if (i === Math.floor(calls / 3)) {
              faults = (async () => {
                events.push('pg_ctl stop -m immediate');
                await pg.stop('immediate');
                await sleep(1500);
                await pg.start();
                events.push('pg_ctl start');
              })();
            }
            if (i === Math.floor((2 * calls) / 3)) {
              const previous = faults;
              faults = (async () => {
                await previous;
                events.push(`pg_terminate_backend: ${await terminateBackends(cluster.adminUrl, 'reliability_numbering')} backends`);
              })();
            }
          },
        });
        await faults;
        const final = await nextNumber(url, ANDINA_ID);
        const check = checkNumbering(run, start, final, perCall);
        const ms = run.outcomes.map((o) => o.ms).sort((a, b) => a - b);
        const failedMs = run.outcomes.filter((o) => o.status !== 200).map((o) => o.ms);
        process.stdout.write(
          [
            '',
            `numbering [${phase}] ${check.ok ? 'passed' : 'FAILED'}: ${calls} calls from ${clients} clients in ${run.seconds.toFixed(1)} s${events.length ? ` (${events.join('; ')})` : ''}`,
            `  answers: ${Object.entries(check.calls)
              .map(([k, n]) => `${k}: ${n}`)
              .join(', ')}; latency p50 ${ms[Math.floor(ms.length / 2)].toFixed(0)} ms, max ${ms[ms.length - 1].toFixed(0)} ms` +
              (failedMs.length ? `; failed calls answered in ≤ ${Math.max(...failedMs).toFixed(0)} ms` : ''),
            `  sequence ${start} → ${final}: ${check.handedOut} numbers handed out in 200 answers, distinct and contiguous: ${check.ok}`,
            ...check.problems.map((p) => `  ✗ ${p}`),
          ].join('\n') + '\n',
        );
        if (!check.ok) failed = true;
      }
      agent.destroy();
    } finally {
      await app.close();
    }
  } finally {
    await cluster.release();
  }
  return failed ? 1 : 0;
}

runScript(main);

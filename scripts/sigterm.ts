/**
 * `node tools/run-ts.js scripts/sigterm.ts [--clients 16] [--load-ms 3000]`: SIGTERM under load.
 * The real service (apps/api/src/main.ts, a child process) on a database of its own (embedded
 * PostgreSQL in /tmp/nomina-sigterm-data, a pool of 3 so that requests queue for a connection);
 * `clients` keep-alive clients send requests without pause, and one e-payroll call is kept in
 * flight on purpose (another transaction holds the
 * sequence row, released 1.5 s after the signal). Then SIGTERM.
 *
 * Asserts: every request the service had accepted before the signal is answered 200 — the
 * long one included, with its numbers committed; requests arriving during the shutdown get 200,
 * 503 problem+json or a refused (new) connection, never a reset, a hang or another status; the
 * process exits 0.
 */
import { Agent } from 'node:http';
import { Client } from 'pg';
import {
  ANDINA_ID,
  ANDINA_USER,
  exampleDataset,
  freshDatabase,
  httpCall,
  type HttpResult,
  log,
  runScript,
  sleep,
  spawnServer,
  startCluster,
} from './lib/environment';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

interface Exchange extends HttpResult {
  sentAt: number;
  path: string;
}

async function main(): Promise<number> {
  const clients = arg('clients', 16);
  const loadMs = arg('load-ms', 3000);
  const cluster = await startCluster(process.env.SIGTERM_DATA_DIR ?? '/tmp/nomina-sigterm-data');
  const failures: string[] = [];
  try {
    const url = await freshDatabase(cluster.adminUrl, 'reliability_sigterm', [exampleDataset()]);
    // A small pool: at the signal, requests are waiting for a connection, not only running queries.
    const server = await spawnServer({
      DATABASE_URL: url,
      SHUTDOWN_TIMEOUT_MS: '10000',
      PRINCIPAL_CACHE_TTL_MS: '5000',
      DB_POOL_MAX: '3',
      DB_CONNECT_TIMEOUT_MS: '10000',
    });
    log(`service at ${server.base} (pid ${server.child.pid})`);
    const login = await httpCall(server.base, {
      method: 'POST',
      path: '/login',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ANDINA_USER),
    });
    const auth = { authorization: `Bearer ${JSON.parse(login.body).tokenCurrent as string}` };
    const agent = new Agent({ keepAlive: true, maxSockets: clients });
    const t0 = performance.now();
    const now = (): number => performance.now() - t0;
    const paths = [
      '/empleados?size=20',
      '/pagos?params%5Bestados%5D=PG,PP&size=20',
      '/proveedor',
      '/pagoEmpleadoDetalles/detallePago/edb3a93c-c8bc-4be2-a4c5-b8abb2a86588',
    ];
    const exchanges: Exchange[] = [];
    let sending = true;
    const client = async (n: number): Promise<void> => {
      for (let i = n; sending; i++) {
        const path = paths[i % paths.length];
        const sentAt = now();
        const res = await httpCall(server.base, { path, headers: auth, agent, timeoutMs: 20_000 });
        exchanges.push({ ...res, sentAt, path });
        if (res.error || res.status === 503) await sleep(20);
      }
    };

    // The long request: blocked on the sequence row that this transaction holds.
    const holder = new Client({ connectionString: url, application_name: 'sigterm-lock-holder' });
    await holder.connect();
    const before = Number(
      (await holder.query('select siguiente_numero from nomina_electronica_secuencia where tenant_id = $1', [ANDINA_ID])).rows[0]
        .siguiente_numero,
    );
    await holder.query('begin');
    await holder.query('select 1 from nomina_electronica_secuencia where tenant_id = $1 for update', [ANDINA_ID]);

    const load = Promise.all(Array.from({ length: clients }, (_, n) => client(n)));
    await sleep(loadMs / 2);
    const longSentAt = now();
    const long = httpCall(server.base, { path: '/pagos/nominaelectronica/2023/2', headers: auth, timeoutMs: 20_000 });
    await sleep(loadMs / 2);

    const signalAt = now();
    server.child.kill('SIGTERM');
    log(`SIGTERM at ${(signalAt / 1000).toFixed(2)} s with ${exchanges.length} answers so far`);
    await sleep(1500);
    await holder.query('commit');
    const code = await Promise.race([server.exited, sleep(20_000).then(() => 'still running after 20 s')]);
    const exitAt = now();
    sending = false;
    await load;
    const longRes = await long;
    const after = Number(
      (await holder.query('select siguiente_numero from nomina_electronica_secuencia where tenant_id = $1', [ANDINA_ID])).rows[0]
        .siguiente_numero,
    );
    await holder.end();
    agent.destroy();

    // --- checks ---------------------------------------------------------------------------
    // Accepted before the signal: answered before it, or sent well before it (20 ms of slack
    // for a request still on its way through the loopback socket).
    const inFlight = exchanges.filter((e) => e.sentAt < signalAt - 20);
    const badInFlight = inFlight.filter((e) => e.status !== 200);
    if (badInFlight.length)
      failures.push(
        `${badInFlight.length} requests sent before SIGTERM did not get 200: ${JSON.stringify(badInFlight.slice(0, 3).map((e) => ({ path: e.path, status: e.status, error: e.error, sentAt: e.sentAt })))}`,
      );
    const pendingAtSignal = inFlight.filter((e) => e.sentAt + e.ms > signalAt);
    const late = exchanges.filter((e) => e.sentAt >= signalAt - 20);
    // A request written on an open keep-alive connection is answered (CONTRACT §7): the service
    // closes idle connections only after they stayed idle for a second, so no reset is allowed.
    // Only new connections may be refused once the listener is closed.
    const lateBad = late.filter(
      (e) =>
        !(e.status === 200 || (e.status === 503 && /problem\+json/.test(String(e.headers['content-type']))) || e.error === 'ECONNREFUSED'),
    );
    if (lateBad.length)
      failures.push(
        `${lateBad.length} requests during the shutdown got neither 200, 503 problem+json nor a refused connection: ${JSON.stringify(lateBad.slice(0, 5).map((e) => ({ status: e.status, error: e.error })))}`,
      );
    const longDocs = longRes.status === 200 ? (JSON.parse(longRes.body) as { total: number }).total : 0;
    if (longRes.status !== 200)
      failures.push(`the long in-flight request got ${longRes.status} ${longRes.error ?? longRes.body.slice(0, 200)}`);
    if (after - before !== longDocs) failures.push(`the sequence moved by ${after - before}, the long request got ${longDocs} numbers`);
    if (code !== 0) failures.push(`exit code ${code}\n${server.output().slice(-1500)}`);

    const hist = (list: Exchange[]): string => {
      const m = new Map<string, number>();
      for (const e of list) m.set(e.error ?? String(e.status), (m.get(e.error ?? String(e.status)) ?? 0) + 1);
      return `{${[...m.entries()].map(([k, n]) => `${k}: ${n}`).join(', ')}}`;
    };
    process.stdout.write(
      [
        '',
        `sigterm ${failures.length ? 'FAILED' : 'passed'}: ${clients} keep-alive clients, SIGTERM after ${(signalAt / 1000).toFixed(1)} s`,
        `  requests sent before the signal: ${inFlight.length} ${hist(inFlight)}; ${pendingAtSignal.length} of them still unanswered when it was sent`,
        `  long e-payroll call (sent at ${(longSentAt / 1000).toFixed(1)} s, lock released 1.5 s after the signal): ${longRes.status}, ${longDocs} numbers committed (sequence ${before} → ${after}), answered ${((longRes.ms + longSentAt - signalAt) / 1000).toFixed(2)} s after the signal`,
        `  requests sent during the shutdown: ${late.length} ${hist(late)}`,
        `  exit code ${code}, ${((exitAt - signalAt) / 1000).toFixed(2)} s after SIGTERM`,
        ...failures.map((f) => `  ✗ ${f}`),
        '',
      ].join('\n'),
    );
  } finally {
    await cluster.release();
  }
  return failures.length ? 1 : 0;
}

runScript(main);

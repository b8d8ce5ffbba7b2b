/**
 * The service's own faults of `npm run chaos` (`-- --mode runtime`; issue #31, CONTRACT §2, §3.8,
 * §8, §10): the real service (apps/api/src/main.ts, a child process, default settings) with DATABASE_URL on an
 * embedded cluster of the script's own (/tmp/chaos-data/runtime) holding the example dataset and a
 * tenant with a 12 MB export. Faults, one after the other, each with its checks:
 *   1. ten raw sockets download that export and read nothing, while another tenant reads, logs in
 *      and probes readiness (STREAM_STALL_TIMEOUT_MS and DB_STREAM_MAX at their defaults);
 *   2. 20 callers number with Idempotency-Keys while one backend is frozen (SIGSTOP) inside a
 *      COMMIT held by a synchronous standby that does not confirm, then the whole server is frozen;
 *   3. 300 clients that hang up 30 ms into their numbering call;
 *   4. 32 anonymous /metrics scrapers beside timed reads (and, as the control, the same flood on /health/live);
 *   5. tokens with `crit` and with an `aud` array; a CSV cell starting with a line feed and `=`;
 *   6. last (it spends the loopback address's login budget): a burst of 50 logins with the right
 *      password first, then a locked e-mail retried 150 times before another user logs in from the
 *      same address.
 * Prints one row per fault: what was measured and whether the contract held.
 */
import { mkdirSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { createHmac } from 'node:crypto';
import { Agent } from 'node:http';
import { Client } from 'pg';
import { addBulkEmployees, BULK_USER, bulkTenantDataset } from './lib/bulk-tenant';
import {
  ANDINA_ID,
  ANDINA_USER,
  type Cluster,
  exampleDataset,
  freshDatabase,
  httpCall,
  log,
  PACIFICO_USER,
  percentile,
  SCRIPT_JWT_SECRET,
  type ServerProcess,
  sleep,
  spawnServer,
  startCluster,
} from './lib/environment';
import { checkRecordedBlocks, freezeBackendInCommit, freezeServer, nextNumber, recordedBlocks, runNumbering } from './lib/numbering';
import type { FaultRow } from './chaos-replicas';

const NUMBERING_PATH = '/pagos/nominaelectronica/2023/2';
const STATEMENT_TIMEOUT_MS = 2000;
/** The service's default (CONTRACT §10). */
const STALL_MS = 10_000;

interface Env {
  server: ServerProcess;
  cluster: Cluster;
  url: string;
  andina: string;
  bulk: string;
}

const login = async (base: string, user: { email: string; password: string }): Promise<string> =>
  JSON.parse(
    (await httpCall(base, { method: 'POST', path: '/login', headers: { 'content-type': 'application/json' }, body: JSON.stringify(user) }))
      .body,
  ).tokenCurrent as string;

/** Backends of the service holding a transaction (a cursor, a numbering) now. */
async function busyBackends(url: string): Promise<number> {
  const client = new Client({ connectionString: url, application_name: 'chaos' });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and application_name = 'nomina-read-api' and state in ('active', 'idle in transaction')`,
    );
    return rows[0].n;
  } finally {
    await client.end();
  }
}

async function stalledReaders({ server, url, andina, bulk }: Env): Promise<FaultRow> {
  const whole = await httpCall(server.base, {
    path: '/empleados?format=csv',
    headers: { authorization: `Bearer ${bulk}` },
    timeoutMs: 120_000,
  });
  const size = Buffer.byteLength(whole.body);
  if (whole.status !== 200) throw new Error(`the whole export answered ${whole.status} ${whole.error ?? ''} ${whole.body.slice(0, 200)}`);
  const started = performance.now();
  const sockets = Array.from({ length: 10 }, (_, i) => {
    const socket = connect(Number(new URL(server.base).port), '127.0.0.1');
    socket.on('error', () => undefined);
    const status = new Promise<number>((resolve) => {
      socket.once('data', (chunk: Buffer) => {
        socket.pause();
        resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(chunk.toString('latin1'))?.[1] ?? 0));
      });
      socket.once('close', () => resolve(0));
    });
    socket.write(`GET /empleados?format=csv&lector=${i} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${bulk}\r\n\r\n`);
    return { socket, status };
  });
  try {
    const reads: { status: number; ms: number }[] = [];
    let loginStatus = 0;
    let readyStatus = 0;
    while (performance.now() - started < STALL_MS - 1000) {
      const res = await httpCall(server.base, { path: '/empleados?size=1', headers: { authorization: `Bearer ${andina}` } });
      reads.push({ status: res.status, ms: res.ms });
      if (reads.length === 5) {
        loginStatus = (
          await httpCall(server.base, {
            method: 'POST',
            path: '/login',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(PACIFICO_USER),
          })
        ).status;
        readyStatus = (await httpCall(server.base, { path: '/health/ready' })).status;
      }
      await sleep(50);
    }
    const statuses = await Promise.all(sockets.map((s) => s.status));
    let cutAfter = Infinity;
    while (performance.now() - started < STALL_MS + 10_000) {
      if ((await busyBackends(url)) === 0) {
        cutAfter = performance.now() - started;
        break;
      }
      await sleep(200);
    }
    const bad = reads.filter((r) => r.status !== 200).length;
    const cut = (server.output().match(/STREAM_STALL_TIMEOUT_MS\): se corta/g) ?? []).length;
    const cancelled = (server.output().match(/57014|statement timeout/g) ?? []).length;
    return {
      fault: `10 raw sockets stop reading a ${(size / 1e6).toFixed(1)} MB export (STREAM_STALL_TIMEOUT_MS=${STALL_MS}, DB_STREAM_MAX default)`,
      measured:
        `downloads ${JSON.stringify(histogram(statuses))}; another tenant's ${reads.length} reads beside them: ${bad} not 200, ` +
        `p50 ${percentile(
          reads.map((r) => r.ms),
          50,
        ).toFixed(
          1,
        )} ms, max ${Math.max(...reads.map((r) => r.ms)).toFixed(0)} ms; POST /login ${loginStatus}, /health/ready ${readyStatus}; ` +
        `${cut} downloads cut by the stall timeout (${cancelled} by a statement timeout); ` +
        `every connection back ${Number.isFinite(cutAfter) ? `${(cutAfter / 1000).toFixed(1)} s` : 'never'} after the downloads started`,
      passed:
        bad === 0 && loginStatus === 200 && readyStatus === 200 && cut === statuses.filter((s) => s === 200).length && cancelled === 0,
    };
  } finally {
    for (const s of sockets) s.socket.destroy();
  }
}

/**
 * The numbering faults run on a service of their own with a short statement budget
 * (DB_STATEMENT_TIMEOUT_MS=2000): its client-side deadline (budget + 1 s) must pass while the
 * server is frozen. The main service keeps the default budget: a payroll export's cursor counts
 * against it, and 2 s would cut a 12 MB download by itself.
 */
async function withNumberingService(env: Env, fn: (env: Env) => Promise<FaultRow>): Promise<FaultRow> {
  const server = await spawnServer({ DATABASE_URL: env.url, DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS) });
  try {
    return await fn({ ...env, server, andina: await login(server.base, ANDINA_USER) });
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
}

async function numberingFrozen({ server, cluster, url, andina }: Env): Promise<FaultRow> {
  const start = await nextNumber(url, ANDINA_ID);
  const keyOf = (i: number): string => `chaos-congelada-${Date.now().toString(36)}-${i}`;
  const keys = new Map<number, string>();
  const key = (i: number): string => keys.get(i) ?? (keys.set(i, keyOf(i)), keys.get(i)!);
  const call = (i: number) =>
    httpCall(server.base, { path: NUMBERING_PATH, headers: { authorization: `Bearer ${andina}`, 'idempotency-key': key(i) } });
  let caught = false;
  let faults: Promise<void> = Promise.resolve();
  const run = await runNumbering(call, {
    clients: 20,
    total: 40,
    onCall: (i) => {
      if (i === 4) faults = freezeBackendInCommit(cluster.adminUrl, 3000).then((c) => void (caught = c));
      if (i === 24) faults = faults.then(() => freezeServer(cluster.embedded.clusterDir, 3000));
    },
  });
  await faults;
  await settle(url);
  const final = await nextNumber(url, ANDINA_ID);
  const check = checkRecordedBlocks(run, await recordedBlocks(url, ANDINA_ID, start), start, final, key);
  let replayed = 0;
  for (const b of check.undelivered) {
    const res = await httpCall(server.base, {
      path: NUMBERING_PATH,
      headers: { authorization: `Bearer ${andina}`, 'idempotency-key': b.clave! },
    });
    if (
      res.status === 200 &&
      res.headers['idempotency-replayed'] === 'true' &&
      JSON.parse(res.body).contenido[0]?.consecutivo === b.primero
    )
      replayed++;
  }
  const undelivered = check.undelivered.reduce((n, b) => n + b.cantidad, 0);
  const statuses = run.outcomes.map((o) => (o.status === 200 ? '200' : `${o.status} ${o.code ?? ''}`.trim()));
  return {
    fault:
      'PostgreSQL frozen under 20 numbering callers: one backend SIGSTOPped inside COMMIT (3 s), then every process of the server (3 s)',
    measured:
      `${JSON.stringify(histogramOf(statuses))}; consumed ${final - start} = delivered ${check.delivered} + recorded and replayable ${undelivered} ` +
      `(${replayed}/${check.undelivered.length} blocks fetched again by key); COMMIT caught frozen: ${caught}; ${check.problems.length} problems${check.problems.length ? `: ${check.problems.slice(0, 2).join('; ')}` : ''}`,
    passed:
      caught && check.problems.length === 0 && replayed === check.undelivered.length && check.delivered + undelivered === final - start,
  };
}

/** Until the service holds no transaction and the sequence stops moving. */
async function settle(url: string): Promise<void> {
  let last = -1;
  for (let stable = 0; stable < 4;) {
    const next = await nextNumber(url, ANDINA_ID);
    stable = next === last && (await busyBackends(url)) === 0 ? stable + 1 : 0;
    last = next;
    await sleep(250);
  }
}

async function hangUps({ server, url, andina }: Env): Promise<FaultRow> {
  const start = await nextNumber(url, ANDINA_ID);
  const prefix = `chaos-adios-${Date.now().toString(36)}`;
  const port = Number(new URL(server.base).port);
  const holder = new Client({ connectionString: url, application_name: 'chaos' });
  await holder.connect();
  // Another transaction holds the sequence row while the clients come and go (a slow call ahead).
  await holder.query('begin');
  await holder.query('select 1 from nomina_electronica_secuencia where tenant_id = $1 for update', [ANDINA_ID]);
  try {
    for (let wave = 0; wave < 30; wave++) {
      await Promise.all(
        Array.from(
          { length: 10 },
          (_, k) =>
            new Promise<void>((resolve) => {
              const socket = connect(port, '127.0.0.1');
              socket.on('error', () => undefined);
              socket.once('close', () => resolve());
              socket.write(
                `GET ${NUMBERING_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${andina}\r\nIdempotency-Key: ${prefix}-${wave * 10 + k}\r\n\r\n`,
              );
              setTimeout(() => socket.destroy(), 30);
            }),
        ),
      );
    }
  } finally {
    await holder.query('commit');
    await holder.end();
  }
  await settle(url);
  const final = await nextNumber(url, ANDINA_ID);
  const blocks = await recordedBlocks(url, ANDINA_ID, start);
  const recorded = blocks.reduce((n, b) => n + b.cantidad, 0);
  return {
    fault: '300 clients hang up 30 ms into their numbering call',
    measured: `${blocks.length} calls consumed a block (${final - start} numbers); ${recorded} numbers in recorded blocks, all with their client's key`,
    passed: recorded === final - start && blocks.length <= 30 && blocks.every((b) => b.clave?.startsWith(prefix)),
  };
}

async function metricsFlood({ server, andina }: Env): Promise<FaultRow> {
  const agent = new Agent({ keepAlive: true, maxSockets: 40 });
  const reads = async (ms: number): Promise<{ status: number; ms: number }[]> => {
    const out: { status: number; ms: number }[] = [];
    for (const until = performance.now() + ms; performance.now() < until;) {
      const res = await httpCall(server.base, { path: '/empleados?size=1', headers: { authorization: `Bearer ${andina}` }, agent });
      out.push({ status: res.status, ms: res.ms });
    }
    return out;
  };
  /** Authenticated reads for `ms` beside 32 clients looping on `path`; the number of their requests. */
  const beside = async (path: string, ms: number): Promise<{ reads: { status: number; ms: number }[]; flood: number }> => {
    let flood = 0;
    let flooding = true;
    const loop = async (): Promise<void> => {
      while (flooding) {
        await httpCall(server.base, { path, agent });
        flood++;
      }
    };
    const loops = Array.from({ length: 32 }, loop);
    const measured = await reads(ms);
    flooding = false;
    await Promise.all(loops);
    return { reads: measured, flood };
  };
  const p50 = (r: { ms: number }[]): number =>
    percentile(
      r.map((x) => x.ms),
      50,
    );
  try {
    const alone = await reads(3000);
    // The control: the same flood on the cheapest route, so what remains is the cost of any 32 busy clients on 2 cores.
    const live = await beside('/health/live', 4000);
    const metrics = await beside('/metrics', 4000);
    const bad = metrics.reads.filter((r) => r.status !== 200).length;
    return {
      fault: '32 anonymous /metrics scrapers in a loop beside authenticated reads (the same flood on /health/live as the control)',
      measured:
        `reads p50 alone ${p50(alone).toFixed(1)} ms; beside ${live.flood} /health/live requests in 4 s ${p50(live.reads).toFixed(1)} ms; ` +
        `beside ${metrics.flood} scrapes in 4 s ${p50(metrics.reads).toFixed(1)} ms (max ${Math.max(...metrics.reads.map((r) => r.ms)).toFixed(0)} ms, ${bad} not 200)`,
      passed: bad === 0 && p50(metrics.reads) <= 2 * p50(live.reads) + 10,
    };
  } finally {
    agent.destroy();
  }
}

/** A token signed by hand with the scripts' secret (the service runs with it). */
function token(header: Record<string, unknown>, claims: Record<string, unknown>): string {
  const b64 = (o: unknown): string => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const body = `${b64({ alg: 'HS256', typ: 'JWT', ...header })}.${b64({ iss: 'nomina-read-api', aud: 'nomina-read-api', iat: now, exp: now + 600, ...claims })}`;
  return `${body}.${createHmac('sha256', SCRIPT_JWT_SECRET).update(body).digest('base64url')}`;
}

async function tokensAndCsv({ server, url, andina }: Env): Promise<FaultRow> {
  const claims = JSON.parse(Buffer.from(andina.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
  const ids = { sub: claims.sub, tid: claims.tid, bid: claims.bid };
  const get = async (t: string): Promise<number> =>
    (await httpCall(server.base, { path: '/empleados?size=1', headers: { authorization: `Bearer ${t}` } })).status;
  const crit = await get(token({ crit: ['exp'] }, ids));
  const audArray = await get(token({}, { ...ids, aud: ['otra-api', 'nomina-read-api'] }));
  const client = new Client({ connectionString: url, application_name: 'chaos' });
  await client.connect();
  try {
    await client.query(
      `insert into proveedor (tenant_id, identificacion, digito_verificacion, tipo_identificacion, razon_social, nombre_comercial)
       values ($1, '990999001', '1', 'NIT', $2, $2) on conflict do nothing`,
      [ANDINA_ID, '\n=1+1'],
    );
    await client.query(
      `insert into proveedor_establecimiento (tenant_id, identificacion, codigo, nombre, direccion, ciudad, telefono, email)
       values ($1, '990999001', '001', 'Principal', 'Calle 1', 'Bogotá', '6010000', 'x@y.co') on conflict do nothing`,
      [ANDINA_ID],
    );
  } finally {
    await client.end();
  }
  const csv = (await httpCall(server.base, { path: '/proveedor?format=csv', headers: { authorization: `Bearer ${andina}` } })).body;
  const prefixed = csv.includes(`"'\n=1+1"`);
  return {
    fault: "a token with `crit`; a token whose `aud` is an array holding the audience; a supplier named '\\n=1+1' exported as CSV",
    measured: `crit ${crit}, aud array ${audArray}; the CSV cell ${prefixed ? "is prefixed with '" : 'is NOT prefixed'}`,
    passed: crit === 401 && audArray === 200 && prefixed,
  };
}

async function loginBudget({ server }: Env): Promise<FaultRow> {
  const attempt = (password: string, email = ANDINA_USER.email) =>
    httpCall(server.base, {
      method: 'POST',
      path: '/login',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
  // A burst with the right password first (LOGIN_RATE_LIMIT=10): the first wave, then 40 more as the right one is answered.
  const first = [ANDINA_USER.password, ...Array.from({ length: 9 }, (_, i) => `mala-a${i}`)].map((p) => attempt(p));
  await first[0];
  const second = Array.from({ length: 40 }, (_, i) => attempt(`mala-b${i}`));
  const burst = await Promise.all([...first, ...second]);
  const checked = burst.filter((r) => r.status === 200 || r.status === 401).length;
  // The e-mail is locked now; 150 more tries from this address, then another user from the same address.
  const retries = await Promise.all(Array.from({ length: 150 }, () => attempt(ANDINA_USER.password)));
  const other = await attempt(PACIFICO_USER.password, PACIFICO_USER.email);
  return {
    fault:
      '50 simultaneous logins, the right password first; then a locked e-mail retried 150 times from one address (limit 10, address 100)',
    measured:
      `${checked} passwords checked in the burst (limit 10); retries ${JSON.stringify(histogram(retries.map((r) => r.status)))}; ` +
      `another user from the same address: ${other.status}`,
    passed: checked <= 10 && retries.every((r) => r.status === 429) && other.status === 200,
  };
}

/** Runs every fault; a fault that throws is a failed row, and the rest still run. */
export async function runtimeChaos(): Promise<{ failures: string[]; report: string[] }> {
  const dataDir = join(process.env.CHAOS_DATA_DIR ?? '/tmp/chaos-data', 'runtime');
  mkdirSync(dataDir, { recursive: true });
  log(`[runtime] preparing ${dataDir} ...`);
  const cluster = await startCluster(dataDir);
  const rows: FaultRow[] = [];
  let server: ServerProcess | undefined;
  try {
    const url = await freshDatabase(cluster.adminUrl, 'nomina', [exampleDataset(), bulkTenantDataset()]);
    await addBulkEmployees(url, 42_000);
    server = await spawnServer({ DATABASE_URL: url });
    const env: Env = { server, cluster, url, andina: await login(server.base, ANDINA_USER), bulk: await login(server.base, BULK_USER) };
    log(`[runtime] service at ${server.base}`);
    const faults: [string, (e: Env) => Promise<FaultRow>][] = [
      ['stalled', stalledReaders],
      ['frozen', (e) => withNumberingService(e, numberingFrozen)],
      ['hangups', (e) => withNumberingService(e, hangUps)],
      ['metrics', metricsFlood],
      ['tokens', tokensAndCsv],
      ['login', loginBudget],
    ];
    // CHAOS_FAULTS=stalled,metrics runs only those (names above); default: all.
    const only = process.env.CHAOS_FAULTS?.split(',').map((f) => f.trim());
    for (const [name, run] of faults.filter(([name]) => !only || only.includes(name))) {
      log(`[runtime] fault: ${name}`);
      rows.push(await run(env).catch((err: Error) => ({ fault: name, measured: `threw: ${err.message}`, passed: false })));
    }
    if (server.child.exitCode !== null)
      rows.push({ fault: 'the service process', measured: `exited (${server.child.exitCode})`, passed: false });
  } finally {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await cluster.release().catch(() => undefined);
  }
  const report = [
    `defaults: DB_POOL_MAX=10 (DB_STREAM_MAX 5), STREAM_STALL_TIMEOUT_MS=${STALL_MS}, DB_STATEMENT_TIMEOUT_MS=15000, LOGIN_RATE_LIMIT=10; ` +
      `the numbering faults on a second service with DB_STATEMENT_TIMEOUT_MS=${STATEMENT_TIMEOUT_MS}`,
    '| fault | measured | held |',
    '| --- | --- | --- |',
    ...rows.map((r) => `| ${r.fault} | ${r.measured} | ${r.passed ? 'yes' : 'NO'} |`),
  ];
  return { failures: rows.filter((r) => !r.passed).map((r) => `${r.fault}: ${r.measured}`), report };
}

function histogram(values: number[]): Record<string, number> {
  return histogramOf(values.map(String));
}

function histogramOf(values: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  return counts;
}

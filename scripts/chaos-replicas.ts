/**
 * The replica faults of `npm run chaos` (`-- --mode replicas`; issue #31, CONTRACT §10): the real
 * service (apps/api/src/main.ts, a child process) with DATABASE_URL on an embedded cluster of its
 * own (/tmp/chaos-data/replicas) and DATABASE_REPLICA_URLS = two real streaming standbys of it,
 * REPLICA_MAX_LAG_MS=2000. Faults, one after the other, each with its checks:
 *   1. the first standby's WAL receiver stopped (SIGSTOP) while a supplier is renamed on the primary;
 *   2. the primary's WAL sender to the second standby stopped (SIGSTOP), the same;
 *   3. the first standby's replay paused (pg_wal_replay_pause) while one transaction renames and
 *      bumps the data version (an import): ETags and bodies, and revalidation after catch-up;
 *   4. a password changed on the primary while both receivers are stopped: the old one at once;
 *   5. the first standby frozen whole (SIGSTOP on every process: a cut network, as the service sees it);
 *   6. a second service whose replica URLs name another database with the same schema, a database
 *      without the tables, a role without grants and the primary itself.
 * Prints one row per fault: what was measured and whether the contract held.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { hashPassword } from '@nomina-api/platform/auth';
import { type EmbeddedStandby, startEmbeddedStandby } from '@nomina-api/platform/persistence';
import {
  ANDINA_ID,
  ANDINA_USER,
  databaseUrl,
  exampleDataset,
  freshDatabase,
  httpCall,
  log,
  type ServerProcess,
  serverProcesses,
  sleep,
  spawnServer,
  startCluster,
} from './lib/environment';
import { FAULT_SUPPLIER, renameSupplier, waitFor, whileFrozen } from './lib/replica-faults';

const LAG_MS = 2000;
const STATEMENT_TIMEOUT_MS = 2000;
const SUPPLIER_PATH = `/proveedor/${FAULT_SUPPLIER}`;

export interface FaultRow {
  fault: string;
  measured: string;
  passed: boolean;
}

interface PoolState {
  pool: string;
  estado: string;
  motivo?: string;
  retrasoMs: number | null;
  lecturas: number;
}

class Service {
  constructor(
    readonly server: ServerProcess,
    private readonly token: string,
  ) {}

  static async start(env: Record<string, string>): Promise<Service> {
    const server = await spawnServer(env);
    const res = await httpCall(server.base, {
      method: 'POST',
      path: '/login',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ANDINA_USER),
    });
    return new Service(server, JSON.parse(res.body).tokenCurrent as string);
  }

  get(path: string, headers: Record<string, string> = {}): ReturnType<typeof httpCall> {
    return httpCall(this.server.base, { path, headers: { authorization: `Bearer ${this.token}`, ...headers }, timeoutMs: 30_000 });
  }

  login(password: string): ReturnType<typeof httpCall> {
    return httpCall(this.server.base, {
      method: 'POST',
      path: '/login',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ANDINA_USER.email, password }),
    });
  }

  async pools(): Promise<PoolState[]> {
    const res = await httpCall(this.server.base, { path: '/health/ready' });
    return (JSON.parse(res.body) as { pools?: PoolState[] }).pools ?? [];
  }

  async bothUsable(): Promise<void> {
    await waitFor('both replicas disponible', async () =>
      (await this.pools()).filter((p) => p.pool.startsWith('replica')).every((p) => p.estado === 'disponible'),
    );
  }

  async stop(): Promise<void> {
    if (this.server.child.exitCode === null) this.server.child.kill('SIGTERM');
    await this.server.exited;
  }
}

async function staleReplica(
  service: Service,
  primary: Client,
  standby: EmbeddedStandby,
  pool: string,
  fault: string,
  pid: () => Promise<number>,
): Promise<FaultRow> {
  await service.bothUsable();
  const marker = `Chaos ${pool} ${Date.now()}`;
  const answers: { at: number; stale: boolean; status: number }[] = [];
  let health: PoolState | undefined;
  const frozenPid = await pid();
  let committedAt = 0;
  await whileFrozen(frozenPid, async () => {
    await renameSupplier(primary, marker);
    committedAt = performance.now();
    while (performance.now() < committedAt + LAG_MS + 3000) {
      const at = performance.now() - committedAt;
      const res = await service.get(SUPPLIER_PATH);
      answers.push({ at, status: res.status, stale: res.status === 200 && JSON.parse(res.body)[0].razonSocial !== marker });
      await sleep(20);
    }
    health = (await service.pools()).find((p) => p.pool === pool);
  });
  const thawedAt = performance.now();
  await waitFor(`${pool} back`, async () => (await service.pools()).find((p) => p.pool === pool)?.estado === 'disponible');
  const back = performance.now() - thawedAt;
  const stale = answers.filter((a) => a.stale);
  const late = stale.filter((a) => a.at > LAG_MS + 1000);
  const errors = answers.filter((a) => a.status !== 200);
  const lastStale = stale.length ? Math.max(...stale.map((a) => a.at)) : 0;
  return {
    fault: `${fault} (${standby.slot})`,
    measured:
      `${answers.length} reads over ${((LAG_MS + 3000) / 1000).toFixed(1)} s: ${stale.length} stale, the last ${lastStale.toFixed(0)} ms after the commit ` +
      `(limit ${LAG_MS + 1000}), ${errors.length} not 200; /health/ready then: ${health?.estado}, retrasoMs ${health?.retrasoMs}; back ${back.toFixed(0)} ms after SIGCONT`,
    passed: late.length === 0 && errors.length === 0 && health?.estado === 'retrasada',
  };
}

async function pausedReplay(service: Service, primary: Client, standby: EmbeddedStandby): Promise<FaultRow> {
  await service.bothUsable();
  const replica = new Client({ connectionString: standby.url('nomina') });
  await replica.connect();
  const marker = `Chaos pausa ${Date.now()}`;
  const seen: { etag: string; stale: boolean }[] = [];
  try {
    await replica.query('select pg_wal_replay_pause()');
    await renameSupplier(primary, marker, { bumpDataVersion: true });
    // Past the data version's cache time (2 s), so it is read again while the replica is stale.
    for (const until = performance.now() + LAG_MS + 1000; performance.now() < until;) {
      const res = await service.get(SUPPLIER_PATH);
      if (res.status === 200) seen.push({ etag: String(res.headers.etag), stale: JSON.parse(res.body)[0].razonSocial !== marker });
    }
  } finally {
    await replica.query('select pg_wal_replay_resume()').catch(() => undefined);
    await replica.end();
  }
  await standby.caughtUp();
  await service.bothUsable();
  await sleep(2100);
  const current = String((await service.get(SUPPLIER_PATH)).headers.etag);
  const mislabelled = seen.filter((s) => s.stale && s.etag === current).length;
  const oldTags = [...new Set(seen.filter((s) => s.stale).map((s) => s.etag))];
  const pinned: number[] = [];
  for (const etag of oldTags) pinned.push((await service.get(SUPPLIER_PATH, { 'if-none-match': etag })).status);
  return {
    fault: `replay paused on ${standby.slot}, rename + data version in one transaction`,
    measured:
      `${seen.length} reads: ${seen.filter((s) => s.stale).length} old bodies, ${mislabelled} of them under the new data's ETag; ` +
      `after catch-up, revalidating the old bodies' ETags: ${JSON.stringify(histogram(pinned))}`,
    passed: mislabelled === 0 && pinned.every((s) => s === 200),
  };
}

async function passwordWhileFrozen(service: Service, primary: Client, standbys: EmbeddedStandby[]): Promise<FaultRow> {
  await service.bothUsable();
  const pids = await Promise.all(standbys.map((s) => s.walReceiverPid()));
  const { rows } = await primary.query<{ h: string }>(`select password_hash as h from usuario where tenant_id = $1 and lower(email) = $2`, [
    ANDINA_ID,
    ANDINA_USER.email,
  ]);
  const changed = 'Chaos#Clave2026';
  const old: number[] = [];
  let fresh = 0;
  try {
    await whileFrozen(pids[0], () =>
      whileFrozen(pids[1], async () => {
        await primary.query(`update usuario set password_hash = $3 where tenant_id = $1 and lower(email) = $2`, [
          ANDINA_ID,
          ANDINA_USER.email,
          await hashPassword(changed),
        ]);
        const changedAt = performance.now();
        for (const at of [100, 1000, 2000, 4000]) {
          await sleep(Math.max(0, changedAt + at - performance.now()));
          old.push((await service.login(ANDINA_USER.password)).status);
        }
        fresh = (await service.login(changed)).status;
      }),
    );
  } finally {
    await primary.query(`update usuario set password_hash = $3 where tenant_id = $1 and lower(email) = $2`, [
      ANDINA_ID,
      ANDINA_USER.email,
      rows[0].h,
    ]);
  }
  return {
    fault: 'password changed on the primary, both WAL receivers stopped',
    measured: `old password at +0.1, +1, +2, +4 s: ${old.join(', ')}; new password: ${fresh}`,
    passed: old.every((s) => s === 401) && fresh === 200,
  };
}

async function frozenStandby(service: Service, standby: EmbeddedStandby): Promise<FaultRow> {
  await service.bothUsable();
  const pids = serverProcesses(standby.dir);
  const answers: { at: number; status: number; ms: number }[] = [];
  let health: PoolState | undefined;
  let stop = false;
  const started = performance.now();
  const worker = async (): Promise<void> => {
    while (!stop) {
      const at = performance.now() - started;
      const res = await service.get('/empleados?size=5');
      answers.push({ at, status: res.status, ms: res.ms });
    }
  };
  let frozenAt = 0;
  for (const pid of pids) process.kill(pid, 'SIGSTOP');
  try {
    frozenAt = performance.now() - started;
    const workers = Array.from({ length: 4 }, worker);
    await sleep(LAG_MS + 3000);
    health = (await service.pools()).find((p) => p.pool === 'replica-1');
    stop = true;
    await Promise.all(workers);
  } finally {
    for (const pid of pids) process.kill(pid, 'SIGCONT');
  }
  const errors = answers.filter((a) => a.status !== 200);
  const slowest = Math.max(...answers.map((a) => a.ms));
  const after = answers.filter((a) => a.at > frozenAt + LAG_MS + 1000);
  const slowAfter = after.length ? Math.max(...after.map((a) => a.ms)) : 0;
  return {
    fault: `${standby.slot} frozen whole (SIGSTOP on its ${pids.length} processes: a cut network), 4 clients`,
    measured:
      `${answers.length} reads, ${errors.length} not 200 ${JSON.stringify(histogram(errors.map((e) => e.status)))}; slowest ${slowest.toFixed(0)} ms ` +
      `(reads caught on it wait for the query deadline, DB_STATEMENT_TIMEOUT_MS ${STATEMENT_TIMEOUT_MS} + 1 s, then go to the primary); ` +
      `after REPLICA_MAX_LAG_MS + 1 s: slowest ${slowAfter.toFixed(0)} ms; /health/ready: ${health?.estado}`,
    passed: errors.length === 0 && slowest <= STATEMENT_TIMEOUT_MS + 3000 && health?.estado !== 'disponible',
  };
}

async function misconfigured(urls: { label: string; url: string }[], primaryUrl: string): Promise<FaultRow> {
  const service = await Service.start({
    DATABASE_URL: primaryUrl,
    DATABASE_REPLICA_URLS: urls.map((u) => u.url).join(','),
    PRINCIPAL_CACHE_TTL_MS: '5000',
  });
  try {
    const statuses: number[] = [];
    let wrong = 0;
    for (let i = 0; i < 20; i++) {
      const supplier = await service.get(SUPPLIER_PATH);
      statuses.push(supplier.status);
      if (supplier.status === 200 && JSON.parse(supplier.body)[0].razonSocial === 'Otra base de datos') wrong++;
      statuses.push((await service.get('/empleados?size=3')).status);
    }
    statuses.push((await service.login(ANDINA_USER.password)).status);
    // Examined again every 5 s: still one warning per replica.
    await sleep(5500);
    const pools = (await service.pools()).filter((p) => p.pool.startsWith('replica'));
    const warnings = urls.map(
      (_, i) => (service.server.output().match(new RegExp(`Réplica replica-${i + 1} [^"]*rechazada`, 'g')) ?? []).length,
    );
    return {
      fault: 'replica URLs that are not copies of DATABASE_URL',
      measured:
        pools.map((p, i) => `${urls[i].label}: ${p.estado} ("${p.motivo}"), ${p.lecturas} reads, ${warnings[i]} warning(s)`).join('; ') +
        `; ${statuses.length} requests ${JSON.stringify(histogram(statuses))}, ${wrong} answers from the other database`,
      passed:
        pools.every((p) => p.estado === 'rechazada' && p.lecturas === 0) &&
        warnings.every((n) => n === 1) &&
        wrong === 0 &&
        statuses.every((s) => s === 200),
    };
  } finally {
    await service.stop();
  }
}

/** Runs every replica fault; a fault that throws is a failed row, and the rest still run. */
export async function replicaChaos(): Promise<{ failures: string[]; report: string[] }> {
  const dataDir = join(process.env.CHAOS_DATA_DIR ?? '/tmp/chaos-data', 'replicas');
  mkdirSync(dataDir, { recursive: true });
  log(`[replicas] preparing ${dataDir} ...`);
  const cluster = await startCluster(dataDir);
  const url = await freshDatabase(cluster.adminUrl, 'nomina', [exampleDataset()]);
  const admin = new Client({ connectionString: cluster.adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists nomina_otra with (force)`);
  await admin.query(`create database nomina_otra template nomina`);
  const other = new Client({ connectionString: databaseUrl(cluster.adminUrl, 'nomina_otra') });
  await other.connect();
  await other.query(`update proveedor set razon_social = 'Otra base de datos' where tenant_id = $1`, [ANDINA_ID]);
  await other.end();
  await admin.query(`drop role if exists chaos_sin_permisos`);
  await admin.query(`create role chaos_sin_permisos login password 'sin-permisos'`);
  const standbys: EmbeddedStandby[] = [];
  const rows: FaultRow[] = [];
  let service: Service | undefined;
  const primary = new Client({ connectionString: url });
  await primary.connect();
  try {
    for (const name of ['chaos_replica_1', 'chaos_replica_2'])
      standbys.push(await startEmbeddedStandby({ dataDir, adminUrl: cluster.adminUrl, name }));
    service = await Service.start({
      DATABASE_URL: url,
      DATABASE_REPLICA_URLS: standbys.map((s) => s.url('nomina')).join(','),
      REPLICA_MAX_LAG_MS: String(LAG_MS),
      DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
      PRINCIPAL_CACHE_TTL_MS: '5000',
    });
    log(`[replicas] service at ${service.server.base}, replicas on ports ${standbys.map((s) => s.port).join(', ')}`);
    const s = service;
    const faults: [string, () => Promise<FaultRow>][] = [
      ['receiver', () => staleReplica(s, primary, standbys[0], 'replica-1', 'WAL receiver stopped', () => standbys[0].walReceiverPid())],
      [
        'sender',
        () => staleReplica(s, primary, standbys[1], 'replica-2', "primary's WAL sender stopped", () => standbys[1].walSenderPid()),
      ],
      ['paused', () => pausedReplay(s, primary, standbys[0])],
      ['password', () => passwordWhileFrozen(s, primary, standbys)],
      ['frozen', () => frozenStandby(s, standbys[0])],
    ];
    for (const [name, run] of faults) {
      log(`[replicas] fault: ${name}`);
      rows.push(await run().catch((err: Error) => ({ fault: name, measured: `threw: ${err.message}`, passed: false })));
    }
    await service.stop();
    const noGrants = new URL(standbys[0].url('nomina'));
    noGrants.username = 'chaos_sin_permisos';
    noGrants.password = 'sin-permisos';
    log('[replicas] fault: misconfigured replica URLs');
    rows.push(
      await misconfigured(
        [
          { label: 'another database, same schema', url: standbys[0].url('nomina_otra') },
          { label: 'a database without the tables', url: standbys[0].url('postgres') },
          { label: 'a role without grants', url: noGrants.toString() },
          { label: 'the primary', url },
        ],
        url,
      ).catch((err: Error) => ({ fault: 'misconfigured replica URLs', measured: `threw: ${err.message}`, passed: false })),
    );
  } finally {
    await service?.stop().catch(() => undefined);
    await primary.end().catch(() => undefined);
    for (const s of standbys) await s.destroy().catch(() => undefined);
    await admin.query(`drop role if exists chaos_sin_permisos`).catch(() => undefined);
    await admin.end().catch(() => undefined);
    await cluster.release().catch(() => undefined);
  }
  const report = [
    `REPLICA_MAX_LAG_MS=${LAG_MS}, DB_STATEMENT_TIMEOUT_MS=${STATEMENT_TIMEOUT_MS}, two standbys`,
    '| fault | measured | held |',
    '| --- | --- | --- |',
    ...rows.map((r) => `| ${r.fault} | ${r.measured} | ${r.passed ? 'yes' : 'NO'} |`),
  ];
  return { failures: rows.filter((r) => !r.passed).map((r) => `${r.fault}: ${r.measured}`), report };
}

function histogram(values: number[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  return counts;
}

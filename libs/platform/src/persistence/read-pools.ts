import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit, Optional } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { knex, type Knex, type PostgreSqlConnection } from '@mikro-orm/postgresql';
import { Client, type ClientConfig } from 'pg';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG, EXPECTED_MIGRATIONS } from '../config/config.tokens';
import { databaseUnavailable } from './connection-errors';
import { lsnToNumber, PrimaryPositions } from './replica-freshness';
import { warmConnections, WarmConnections } from './warm-connections';

/** How often the primary's position and each replica's replay position are measured, at most. */
export const REPLICA_CHECK_INTERVAL_MS = 1000;

/** The primary's name in the health report, the metrics and a request's pin (sql-reader.ts). */
export const PRIMARY_POOL = 'primaria';

/** How often a rejected replica is examined again on its open monitor connection (a GRANT, a migration replayed). */
export const REPLICA_RECHECK_REJECTED_MS = 5000;

/**
 * iniciando: not examined yet; disponible: serves reads; retrasada: has not replayed what the
 * primary had REPLICA_MAX_LAG_MS ago; caida: unreachable; rechazada: not shown to be a copy of
 * DATABASE_URL's database (`motivo` says why), never used.
 */
export type ReplicaState = 'iniciando' | 'disponible' | 'retrasada' | 'caida' | 'rechazada';

/** The part of knex's (tarn) pool the gauges and the health report read. */
export interface TarnPool {
  max: number;
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
  numPendingCreates(): number;
}

export interface PoolReport {
  /** `primaria`, `replica-1`, … in the order of DATABASE_REPLICA_URLS (never a host, port or URL: the report is public). */
  pool: string;
  estado: ReplicaState | 'principal';
  /** Why a replica is `rechazada`. */
  motivo?: string;
  /** How far behind the primary the replica is, in ms, measured against the primary (replicas only); null when unknown. */
  retrasoMs: number | null;
  conexiones: { usadas: number; libres: number; esperando: number; max: number };
  /** Reads served since start. */
  lecturas: number;
}

/** What shows a server to be DATABASE_URL's database: read on the primary, compared on each replica. */
interface Reference {
  systemId: string;
  databaseOid: string;
  /** Tables of the service's schema the service's role can read on the primary. */
  readable: Set<string>;
}

/** Identity, recovery, the migrations table and what the connected role may read, in one round trip. */
const IDENTITY_SQL = `
  select s.system_identifier::text as system_id, pg_is_in_recovery() as recovery, d.oid::text as database_oid,
         to_regclass($1) is not null as migrations_table,
         array(select c.relname::text
                 from pg_class c join pg_namespace n on n.oid = c.relnamespace
                where n.nspname = $2 and c.relkind in ('r', 'p', 'v', 'm')
                  and has_schema_privilege(n.oid, 'usage') and has_table_privilege(c.oid, 'select')) as readable
    from pg_control_system() s join pg_database d on d.datname = current_database()`;

interface IdentityRow {
  system_id: string;
  recovery: boolean;
  database_oid: string;
  migrations_table: boolean;
  readable: string[];
}

/** What each new pooled connection of a replica must show before it serves a read (cheap: no catalog scan). */
const CONNECTION_IDENTITY_SQL = `
  select s.system_identifier::text as system_id, pg_is_in_recovery() as recovery, d.oid::text as database_oid
    from pg_control_system() s join pg_database d on d.datname = current_database()`;

const PRIMARY_POSITION_SQL = `select pg_current_wal_flush_lsn()::text as lsn`;
const REPLAY_SQL = `select pg_is_in_recovery() as recovery, pg_last_wal_replay_lsn()::text as lsn`;

/** A dedicated connection for the monitor (never one of the pool's, which requests may all hold). */
class MonitorConnection {
  private client: Client | undefined;

  constructor(private readonly config: ClientConfig) {}

  get open(): boolean {
    return this.client !== undefined;
  }

  /** Connects when needed; true when this call opened a new connection (identity must be shown again). */
  async connect(): Promise<boolean> {
    if (this.client) return false;
    const client = new Client(this.config);
    client.on('error', () => undefined);
    try {
      await client.connect();
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    this.client = client;
    return true;
  }

  async query<R>(text: string, values: unknown[] = []): Promise<R[]> {
    try {
      return (await this.client!.query<R & object>(text, values)).rows;
    } catch (err) {
      // Whatever failed (a timeout, a dead socket, a statement), the next check starts afresh.
      await this.close();
      throw err;
    }
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}

interface ReplicaOptions {
  checkTimeoutMs: number;
  /** Schema of the service's tables (DATABASE_SCHEMA). */
  schema: string;
  /** Every migration the running code expects. */
  migrations: readonly string[];
  /** The primary's identity, once examined. */
  reference: () => Reference | undefined;
  /** Called once per new reason for rejecting this replica. */
  onRejected: (replica: ReplicaPool) => void;
}

/** One streaming replica: a knex pool built like the primary's, and a monitor connection. */
export class ReplicaPool {
  state: ReplicaState = 'iniciando';
  /** Why it is `rechazada`. */
  reason: string | undefined;
  reads = 0;
  readonly knex: Knex;
  /** Its connections between two reads, shared by every reader of it (warm-connections.ts); closed before the pool. */
  readonly warm = new WarmConnections();
  private readonly monitor: MonitorConnection;
  /** Shown to be a copy of DATABASE_URL's database on the monitor's current connection. */
  private shown = false;
  /** When it was last examined while `rechazada` (performance.now()). */
  private rejectedAt = -Infinity;
  /** Reads may go here until then (performance.now()): the time of the newest primary sample it had replayed + REPLICA_MAX_LAG_MS. */
  private freshUntil = -Infinity;
  /** The lag counts from here (performance.now()): the newest primary sample it had replayed, or the oldest sample kept. */
  private behindSince: number | undefined;

  readonly name: string;
  private readonly url: string;
  private readonly options: ReplicaOptions;

  constructor(name: string, url: string, primary: Knex, options: ReplicaOptions) {
    this.name = name;
    this.url = url;
    this.options = options;
    // The primary's settings (pool size and hooks, type parsers, keepalive, application name) with
    // the replica's address, so a row read here is byte-for-byte the row read on the primary.
    const config = primary.client.config as Knex.Config;
    const u = new URL(url);
    const poolConfig = (config.pool ?? {}) as { afterCreate?: AfterCreate };
    const afterCreate = poolConfig.afterCreate;
    this.knex = knex({
      ...config,
      connection: {
        ...(config.connection as Record<string, unknown>),
        host: decodeURIComponent(u.hostname),
        port: Number(u.port || 5432),
        user: decodeURIComponent(u.username),
        password: decodeURIComponent(u.password),
        database: decodeURIComponent(u.pathname.replace(/^\//, '')),
      },
      pool: {
        ...poolConfig,
        // Every new connection shows it reached the same server and database as the monitor did
        // (a DNS name may point elsewhere by now): otherwise it never serves a read.
        afterCreate: (conn: PgConn, done: (err: Error | null, conn: unknown) => void) => {
          const verify = (err: Error | null): void => {
            if (err) return done(err, conn);
            this.verifyConnection(conn).then(
              () => done(null, conn),
              (e: Error) => done(e, conn),
            );
          };
          if (afterCreate) afterCreate(conn, verify);
          else verify(null);
        },
      } as Knex.PoolConfig,
    });
    this.monitor = new MonitorConnection({
      connectionString: url,
      connectionTimeoutMillis: options.checkTimeoutMs,
      query_timeout: options.checkTimeoutMs,
      application_name: 'nomina-read-api-monitor',
      keepAlive: true,
    });
  }

  /** host:port, for the log only (the health report is public and names pools, not servers). */
  get server(): string {
    const u = new URL(this.url);
    return `${u.hostname}:${u.port || 5432}`;
  }

  /** Usable now: shown to be a copy and fresh within REPLICA_MAX_LAG_MS (checked against the clock, not only at the last check). */
  get usable(): boolean {
    return this.state === 'disponible' && performance.now() < this.freshUntil;
  }

  /** The state as reported: `disponible` turns `retrasada` the moment its freshness runs out, between checks too. */
  get reportedState(): ReplicaState {
    return this.state === 'disponible' && !this.usable ? 'retrasada' : this.state;
  }

  /** ms behind the primary, measured against the primary's positions; null when unknown (unreachable, rejected, not examined). */
  get lagMs(): number | null {
    if ((this.state !== 'disponible' && this.state !== 'retrasada') || this.behindSince === undefined) return null;
    return Math.max(0, Math.round(performance.now() - this.behindSince));
  }

  get pool(): TarnPool | undefined {
    return (this.knex.client as { pool?: TarnPool }).pool;
  }

  /** Connects (and shows its identity) when needed, then measures its replay position against the primary's. */
  async check(positions: PrimaryPositions, maxLagMs: number): Promise<void> {
    try {
      if (await this.monitor.connect()) this.shown = false;
      if (!this.shown) {
        const reference = this.options.reference();
        if (!reference) return; // the primary has not been examined yet: nothing to compare with
        if (this.state === 'rechazada' && performance.now() - this.rejectedAt < REPLICA_RECHECK_REJECTED_MS) return;
        const problem = await this.examine(reference);
        if (problem) return this.reject(problem);
        this.shown = true;
        this.reason = undefined;
      }
      const [row] = await this.monitor.query<{ recovery: boolean; lsn: string | null }>(REPLAY_SQL);
      if (!row.recovery) return this.reject('dejó de estar en recuperación (fue promovida): ya no es copia de DATABASE_URL');
      const now = performance.now();
      const caughtUpAt = row.lsn === null ? undefined : positions.caughtUpAt(lsnToNumber(row.lsn));
      this.behindSince = caughtUpAt ?? positions.oldest;
      this.freshUntil = caughtUpAt === undefined ? -Infinity : caughtUpAt + maxLagMs;
      this.state = now < this.freshUntil ? 'disponible' : 'retrasada';
    } catch {
      await this.monitor.close();
      this.shown = false;
      this.freshUntil = -Infinity;
      if (this.state !== 'rechazada') this.state = 'caida';
    }
  }

  /** Out of service until shown again (a read failed in a way that says the server is not what it should be). */
  reject(reason: string): void {
    this.shown = false;
    this.freshUntil = -Infinity;
    this.rejectedAt = performance.now();
    const changed = this.state !== 'rechazada' || this.reason !== reason;
    this.state = 'rechazada';
    this.reason = reason;
    if (changed) this.options.onRejected(this);
  }

  /** A read failed for a connection reason: out until the next check. */
  down(): void {
    if (this.state === 'disponible') this.state = 'caida';
    this.freshUntil = -Infinity;
  }

  /** Why this server is not a readable copy of the primary's database, or undefined when it is. */
  private async examine(reference: Reference): Promise<string | undefined> {
    const schema = this.options.schema;
    const [row] = await this.monitor.query<IdentityRow>(IDENTITY_SQL, [`${schema}.schema_migrations`, schema]);
    const problems = identityProblems(row, reference);
    if (!row.migrations_table) problems.push('no tiene las tablas del servicio (falta schema_migrations)');
    else if (!problems.length) {
      const readable = new Set(row.readable);
      const unreadable = [...reference.readable].filter((t) => !readable.has(t)).sort();
      if (unreadable.length) {
        const some = `${unreadable.slice(0, 5).join(', ')}${unreadable.length > 5 ? ', …' : ''}`;
        problems.push(`el usuario de la URL no puede leer ${unreadable.length} tabla(s) que en la primaria sí: ${some}`);
      } else {
        const applied = await this.monitor.query<{ name: string }>(`select name from ${schema}.schema_migrations`);
        const names = new Set(applied.map((r) => r.name));
        const missing = this.options.migrations.filter((m) => !names.has(m));
        if (missing.length) problems.push(`le faltan ${missing.length} migración(es) del servicio: ${missing.slice(0, 3).join(', ')}`);
      }
    }
    return problems.length ? problems.join('; ') : undefined;
  }

  private async verifyConnection(conn: PgConn): Promise<void> {
    const reference = this.options.reference();
    if (!reference) throw new Error('La primaria aún no se ha examinado: la réplica no se usa todavía.');
    const row = await new Promise<IdentityRow>((resolve, reject) =>
      conn.query(CONNECTION_IDENTITY_SQL, (err: Error | null, res?: { rows: IdentityRow[] }) =>
        err ? reject(err) : resolve(res!.rows[0]),
      ),
    );
    const problems = identityProblems(row, reference);
    if (problems.length) {
      this.reject(problems.join('; '));
      throw new Error(`Réplica ${this.name} rechazada: ${problems.join('; ')}.`);
    }
  }

  async close(): Promise<void> {
    // The pool's destroy waits for every connection checked out, the warm ones too.
    this.warm.close();
    await this.monitor.close();
    await this.knex.destroy().catch(() => undefined);
  }
}

type PgConn = { query: (text: string, cb: (err: Error | null, res?: { rows: IdentityRow[] }) => void) => unknown };
type AfterCreate = (conn: PgConn, done: (err: Error | null, conn: unknown) => void) => void;

function identityProblems(row: Pick<IdentityRow, 'system_id' | 'recovery' | 'database_oid'>, reference: Reference): string[] {
  const problems: string[] = [];
  if (!row.recovery) problems.push('no está en recuperación: es una primaria, no una réplica de DATABASE_URL');
  else if (row.system_id !== reference.systemId)
    problems.push('es réplica de otro servidor (system_identifier distinto del de DATABASE_URL)');
  if (row.database_oid !== reference.databaseOid) problems.push('nombra otra base de datos, no la de DATABASE_URL');
  return problems;
}

/**
 * The streaming replicas of DATABASE_REPLICA_URLS (CONTRACT §10). A background monitor samples the
 * primary's WAL position (pg_current_wal_flush_lsn) and then each replica's replay position
 * (replica-freshness.ts): a replica serves reads until REPLICA_MAX_LAG_MS after the newest primary
 * sample it had replayed, so one that stops receiving or replaying for any reason drops out by
 * the clock, between checks too. A replica is used only once shown to be a copy of DATABASE_URL's
 * database (same system identifier, in recovery, same database, the migrations applied, readable
 * by its role), on each new monitor connection and each new pooled connection. `pick()` spreads
 * the requests over the usable replicas (round-robin); none → the primary. With no replicas
 * configured nothing runs and `pick()` is one length test.
 */
@Injectable()
export class ReadPools implements OnModuleInit, OnModuleDestroy {
  private readonly log = new Logger('ReadPools');
  readonly replicas: ReplicaPool[];
  /** Reads served by the primary because no replica was usable (or one failed). */
  primaryReads = 0;
  private next = 0;
  private timer: NodeJS.Timeout | undefined;
  private checking = false;
  private readonly primary: MonitorConnection;
  private reference: Reference | undefined;
  private readonly positions: PrimaryPositions;
  private primaryProblem: string | undefined;
  readonly checkIntervalMs: number;

  constructor(
    private readonly orm: MikroORM,
    @Inject(APP_CONFIG)
    private readonly config: Pick<AppConfig, 'databaseReplicaUrls' | 'replicaMaxLagMs' | 'dbConnectTimeoutMs'> &
      Partial<Pick<AppConfig, 'databaseSchema'>>,
    @Optional() @Inject(EXPECTED_MIGRATIONS) expected?: string[],
  ) {
    const primary = (orm.em.getConnection() as PostgreSqlConnection).getKnex();
    // A short REPLICA_MAX_LAG_MS needs checks often enough to keep a current replica's freshness
    // renewed before it runs out: a quarter of it, between 250 ms and 1 s.
    this.checkIntervalMs = Math.max(250, Math.min(REPLICA_CHECK_INTERVAL_MS, Math.floor(config.replicaMaxLagMs / 4)));
    const timeout = Math.max(this.checkIntervalMs, Math.min(config.dbConnectTimeoutMs, 2000));
    this.positions = new PrimaryPositions(config.replicaMaxLagMs + 60_000);
    this.replicas = config.databaseReplicaUrls.map(
      (url, i) =>
        new ReplicaPool(`replica-${i + 1}`, url, primary, {
          checkTimeoutMs: timeout,
          schema: config.databaseSchema ?? 'public',
          migrations: expected ?? [],
          reference: () => this.reference,
          onRejected: (r) => this.logTransition(r, 'rechazada'),
        }),
    );
    this.primary = new MonitorConnection({
      connectionString: orm.config.get('clientUrl'),
      connectionTimeoutMillis: timeout,
      query_timeout: timeout,
      application_name: 'nomina-read-api-monitor',
      keepAlive: true,
    });
  }

  async onModuleInit(): Promise<void> {
    if (!this.replicas.length) return;
    // The first check before serving: a replica is used only once shown to be a copy, not even once before.
    await this.checkAll();
    this.timer = setInterval(() => void this.checkAll(), this.checkIntervalMs);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await Promise.all([this.primary.close(), ...this.replicas.map((r) => r.close())]);
  }

  /** A usable replica for the next request, or undefined for the primary. */
  pick(): ReplicaPool | undefined {
    const n = this.replicas.length;
    if (n === 0) return undefined;
    for (let i = 0; i < n; i++) {
      const replica = this.replicas[(this.next + i) % n];
      if (replica.usable) {
        this.next = (this.next + i + 1) % n;
        return replica;
      }
    }
    return undefined;
  }

  /**
   * A read failed on `replica`: a connection reason puts it out until the next check; an error
   * that says the server is not a readable copy (a table or column missing, a privilege, a login
   * refused) rejects it until it is shown again.
   */
  failed(replica: ReplicaPool, err: unknown): void {
    const code = (err as { code?: unknown } | undefined)?.code;
    if (typeof code === 'string' && MISCONFIGURED.has(code)) {
      replica.reject(`una lectura falló con ${code} (${(err as Error).message})`);
      return;
    }
    if (replica.state === 'disponible') {
      this.log.warn(
        `Réplica ${replica.name} (${replica.server}) falló (${(err as Error)?.message ?? err}); sus lecturas pasan a la primaria.`,
      );
    }
    replica.down();
  }

  /** One round: the primary's position first, then every replica against it. */
  async checkAll(): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    try {
      await this.samplePrimary();
      await Promise.all(
        this.replicas.map(async (replica) => {
          const before = replica.reportedState;
          await replica.check(this.positions, this.config.replicaMaxLagMs);
          const after = replica.reportedState;
          if (after !== before && after !== 'rechazada') this.logTransition(replica, after, before);
        }),
      );
    } finally {
      this.checking = false;
    }
  }

  private async samplePrimary(): Promise<void> {
    try {
      if (await this.primary.connect()) {
        const schema = this.config.databaseSchema ?? 'public';
        const [row] = await this.primary.query<IdentityRow>(IDENTITY_SQL, [`${schema}.schema_migrations`, schema]);
        this.reference = { systemId: row.system_id, databaseOid: row.database_oid, readable: new Set(row.readable) };
      }
      const sentAt = performance.now();
      const [row] = await this.primary.query<{ lsn: string }>(PRIMARY_POSITION_SQL);
      this.positions.record(sentAt, lsnToNumber(row.lsn));
      if (this.primaryProblem) this.log.log('La posición de la primaria vuelve a medirse; las réplicas al día vuelven a usarse.');
      this.primaryProblem = undefined;
    } catch (err) {
      const problem = (err as Error)?.message ?? String(err);
      if (!this.primaryProblem)
        this.log.warn(
          `No se puede medir la posición de la primaria (${problem}); ninguna réplica se usa más de REPLICA_MAX_LAG_MS=${this.config.replicaMaxLagMs} ms sin esa medida.`,
        );
      this.primaryProblem = problem;
    }
  }

  /** Each pool's state for /health/ready: names, never servers. */
  report(): PoolReport[] {
    const primary = (this.orm.em.getConnection() as PostgreSqlConnection).getKnex();
    return [
      {
        pool: PRIMARY_POOL,
        estado: 'principal',
        retrasoMs: null,
        conexiones: connections((primary.client as { pool?: TarnPool }).pool),
        lecturas: this.primaryReads,
      },
      ...this.replicas.map((r) => ({
        pool: r.name,
        estado: r.reportedState,
        ...(r.state === 'rechazada' ? { motivo: r.reason } : {}),
        retrasoMs: r.lagMs,
        conexiones: connections(r.pool),
        lecturas: r.reads,
      })),
    ];
  }

  private logTransition(replica: ReplicaPool, after: ReplicaState, before?: ReplicaState): void {
    const who = `Réplica ${replica.name} (${replica.server})`;
    switch (after) {
      case 'rechazada':
        this.log.warn(`${who} rechazada: ${replica.reason}. No se usa para lecturas; revise DATABASE_REPLICA_URLS.`);
        break;
      case 'caida':
        this.log.warn(`${who} no responde; sus lecturas van a la primaria.`);
        break;
      case 'retrasada':
        this.log.warn(
          `${who} no ha reproducido lo que la primaria tenía hace ${replica.lagMs ?? '?'} ms (máximo REPLICA_MAX_LAG_MS=${this.config.replicaMaxLagMs}); sus lecturas van a la primaria.`,
        );
        break;
      default:
        this.log.log(`${who} disponible para lecturas (retraso ${replica.lagMs} ms; antes: ${before}).`);
    }
  }
}

/**
 * Errors of a read that say the replica is not a readable copy of the primary's database: an
 * undefined table, column, function or schema, a privilege, a database or login refused. The read
 * is repeated on the primary and the replica is rejected until it is shown again.
 */
const MISCONFIGURED = new Set(['42P01', '42703', '42883', '3F000', '42501', '3D000', '28000', '28P01']);

function connections(pool: TarnPool | undefined): PoolReport['conexiones'] {
  // The connections SqlReader keeps warm between reads are checked out of the pool but idle.
  const warm = warmConnections(pool);
  return {
    usadas: (pool?.numUsed() ?? 0) - warm,
    libres: (pool?.numFree() ?? 0) + warm,
    esperando: pool?.numPendingAcquires() ?? 0,
    max: pool?.max ?? 0,
  };
}

/**
 * Errors after which a read is repeated on the primary: the replica's server or connection is
 * unusable (connection-errors.ts), the standby cancelled the query for a recovery conflict
 * (40001), or the replica is not a readable copy (MISCONFIGURED). Never a statement's own error, a
 * statement timeout or an application error thrown inside a snapshot: those would fail on the
 * primary too and say nothing about the replica.
 */
export function replicaFailure(err: unknown): boolean {
  const code = (err as { code?: unknown } | undefined)?.code;
  return databaseUnavailable(err) || code === '40001' || (typeof code === 'string' && MISCONFIGURED.has(code));
}

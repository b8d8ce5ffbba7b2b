import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { knex, type Knex, type PostgreSqlConnection } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import { databaseUnavailable } from './connection-errors';
import { warmConnections } from './warm-connections';

/** How often each replica's reachability and lag are measured. */
export const REPLICA_CHECK_INTERVAL_MS = 1000;

/** disponible: serves reads; retrasada: lags more than REPLICA_MAX_LAG_MS; caida: unreachable; no_es_replica: a primary. */
export type ReplicaState = 'iniciando' | 'disponible' | 'retrasada' | 'caida' | 'no_es_replica';

/** The part of knex's (tarn) pool the gauges and the health report read. */
export interface TarnPool {
  max: number;
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
  numPendingCreates(): number;
}

export interface PoolReport {
  /** `primaria`, `replica-1`, … (never the URL: it may carry a password). */
  pool: string;
  /** host:port of the server. */
  servidor: string;
  estado: ReplicaState | 'principal';
  /** Replay lag in ms as last measured (replicas only); null when unknown. */
  retrasoMs: number | null;
  conexiones: { usadas: number; libres: number; esperando: number; max: number };
  /** Reads served since start. */
  lecturas: number;
}

/**
 * Measured on the standby itself. `caught_up`: it is streaming from the primary and has replayed
 * everything the primary has flushed (the WAL end the primary sent last,
 * pg_stat_wal_receiver.latest_end_lsn) or everything it has received; a standby that lost its
 * primary is never current, so it drops out once REPLICA_MAX_LAG_MS has passed. `commit_age_ms`: age of the last replayed commit — an upper bound of the lag, but a
 * loose one when the primary commits rarely (then WAL without commits, e.g. a checkpoint, makes an
 * idle replica look minutes behind); ReplicaPool.check() also bounds the lag by the time since it
 * last saw the replica caught up.
 */
const HEALTH_SQL = `
  select pg_is_in_recovery() as recovery,
         coalesce(r.status = 'streaming' and (pg_last_wal_replay_lsn() >= r.latest_end_lsn
                                              or pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn()), false) as caught_up,
         extract(epoch from clock_timestamp() - pg_last_xact_replay_timestamp())::float8 * 1000 as commit_age_ms
    from (select 1) one left join pg_stat_wal_receiver r on true`;

/** One streaming replica: a knex pool built like the primary's, and a monitor connection. */
export class ReplicaPool {
  state: ReplicaState = 'iniciando';
  lagMs: number | null = null;
  reads = 0;
  readonly knex: Knex;
  /** When a check last found it caught up (Date.now()). */
  private caughtUpAt: number | undefined;
  private monitor: Client | undefined;

  constructor(
    readonly name: string,
    private readonly url: string,
    primary: Knex,
    private readonly checkTimeoutMs: number,
  ) {
    // The primary's settings (pool size and hooks, type parsers, keepalive, application name) with
    // the replica's address, so a row read here is byte-for-byte the row read on the primary.
    const config = primary.client.config as Knex.Config;
    const u = new URL(url);
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
    });
  }

  get server(): string {
    const u = new URL(this.url);
    return `${u.hostname}:${u.port || 5432}`;
  }

  get usable(): boolean {
    return this.state === 'disponible';
  }

  get pool(): TarnPool | undefined {
    return (this.knex.client as { pool?: TarnPool }).pool;
  }

  /** Measures reachability, role and lag; returns the new state. */
  async check(maxLagMs: number): Promise<ReplicaState> {
    try {
      if (!this.monitor) {
        const client = new Client({
          connectionString: this.url,
          connectionTimeoutMillis: this.checkTimeoutMs,
          query_timeout: this.checkTimeoutMs,
          application_name: 'nomina-read-api-monitor',
        });
        client.on('error', () => undefined);
        await client.connect().catch(async (err: unknown) => {
          await client.end().catch(() => undefined);
          throw err;
        });
        this.monitor = client;
      }
      const { rows } = await this.monitor.query<{ recovery: boolean; caught_up: boolean; commit_age_ms: number | null }>(HEALTH_SQL);
      const [{ recovery, caught_up: caughtUp, commit_age_ms: commitAge }] = rows;
      if (!recovery) {
        this.lagMs = null;
        return (this.state = 'no_es_replica');
      }
      const now = Date.now();
      if (caughtUp) this.caughtUpAt = now;
      // Either bound holds: take the tighter one. Unknown (never caught up, no commit replayed) = skipped.
      const bound = Math.min(commitAge ?? Infinity, this.caughtUpAt === undefined ? Infinity : now - this.caughtUpAt);
      this.lagMs = Number.isFinite(bound) ? Math.max(0, Math.round(bound)) : null;
      return (this.state = this.lagMs !== null && this.lagMs <= maxLagMs ? 'disponible' : 'retrasada');
    } catch {
      await this.monitor?.end().catch(() => undefined);
      this.monitor = undefined;
      this.lagMs = null;
      return (this.state = 'caida');
    }
  }

  async close(): Promise<void> {
    await this.monitor?.end().catch(() => undefined);
    await this.knex.destroy().catch(() => undefined);
  }
}

/**
 * The streaming replicas of DATABASE_REPLICA_URLS (CONTRACT §10). `pick()` spreads reads over the
 * replicas that are reachable, are in recovery and lag at most REPLICA_MAX_LAG_MS (round-robin);
 * none → the caller reads on the primary. A background check every second moves replicas in and
 * out. With no replicas configured `pick()` is one length test.
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

  constructor(
    private readonly orm: MikroORM,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'databaseReplicaUrls' | 'replicaMaxLagMs' | 'dbConnectTimeoutMs'>,
  ) {
    const primary = (orm.em.getConnection() as PostgreSqlConnection).getKnex();
    const timeout = Math.min(config.dbConnectTimeoutMs, REPLICA_CHECK_INTERVAL_MS);
    this.replicas = config.databaseReplicaUrls.map((url, i) => new ReplicaPool(`replica-${i + 1}`, url, primary, timeout));
  }

  async onModuleInit(): Promise<void> {
    if (!this.replicas.length) return;
    // The first check before serving: a "replica" that is a primary is never used, not even once.
    await this.checkAll();
    this.timer = setInterval(() => void this.checkAll(), REPLICA_CHECK_INTERVAL_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await Promise.all(this.replicas.map((r) => r.close()));
  }

  /** A usable replica for the next read, or undefined for the primary. */
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

  /** A read failed on `replica` for a connection reason: out until the next check says otherwise. */
  failed(replica: ReplicaPool, err: unknown): void {
    if (replica.state === 'disponible') {
      replica.state = 'caida';
      this.log.warn(
        `Réplica ${replica.name} (${replica.server}) falló (${(err as Error)?.message ?? err}); sus lecturas pasan a la primaria.`,
      );
    }
  }

  async checkAll(): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    try {
      await Promise.all(
        this.replicas.map(async (replica) => {
          const before = replica.state;
          const after = await replica.check(this.config.replicaMaxLagMs);
          if (after !== before) this.logTransition(replica, before, after);
        }),
      );
    } finally {
      this.checking = false;
    }
  }

  /** Each pool's state for /health/ready. */
  report(): PoolReport[] {
    const primary = (this.orm.em.getConnection() as PostgreSqlConnection).getKnex();
    const primaryUrl = primary.client.config.connection as { host?: string; port?: number };
    return [
      {
        pool: 'primaria',
        servidor: `${primaryUrl.host}:${primaryUrl.port}`,
        estado: 'principal',
        retrasoMs: null,
        conexiones: connections((primary.client as { pool?: TarnPool }).pool),
        lecturas: this.primaryReads,
      },
      ...this.replicas.map((r) => ({
        pool: r.name,
        servidor: r.server,
        estado: r.state,
        retrasoMs: r.lagMs,
        conexiones: connections(r.pool),
        lecturas: r.reads,
      })),
    ];
  }

  private logTransition(replica: ReplicaPool, before: ReplicaState, after: ReplicaState): void {
    const who = `Réplica ${replica.name} (${replica.server})`;
    switch (after) {
      case 'no_es_replica':
        this.log.warn(
          `${who} no está en recuperación (pg_is_in_recovery() = false): es una primaria y no se usa para lecturas. Revise DATABASE_REPLICA_URLS.`,
        );
        break;
      case 'caida':
        this.log.warn(`${who} no responde; sus lecturas van a la primaria.`);
        break;
      case 'retrasada':
        this.log.warn(
          `${who} va ${replica.lagMs ?? '?'} ms atrasada (máximo REPLICA_MAX_LAG_MS=${this.config.replicaMaxLagMs}); sus lecturas van a la primaria.`,
        );
        break;
      default:
        this.log.log(`${who} disponible para lecturas (retraso ${replica.lagMs} ms; antes: ${before}).`);
    }
  }
}

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
 * unusable (connection-errors.ts), or the standby cancelled the query for a recovery conflict
 * (40001). Never a statement's own error, a statement timeout or an application error thrown
 * inside a snapshot: those would fail on the primary too and say nothing about the replica.
 */
export function replicaFailure(err: unknown): boolean {
  return databaseUnavailable(err) || (err as { code?: unknown } | undefined)?.code === '40001';
}

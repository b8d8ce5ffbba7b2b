import type { EventEmitter } from 'node:events';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { type BeforeApplicationShutdown, Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { PostgreSqlConnection } from '@mikro-orm/postgresql';
import { CommitOutcomeUnknown, commitOutcome } from './commit-outcome';
import { databaseUnavailable, deadConnection } from './connection-errors';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import { currentRequest } from '../logging/request-context';
import { CursorRows } from './cursor-rows';
import type { Sql } from './prepared-statement';
import { PRIMARY_POOL, ReadPools, replicaFailure, type ReplicaPool } from './read-pools';
import { type BusyPool, DatabaseProbe, poolSaturated, serviceBusy } from './service-busy';
import { streamSlotsOf } from './stream-slots';
import { warmConnections, WarmConnections, type WarmPool } from './warm-connections';

/** The node-postgres client behind MikroORM's pool (native $1 placeholders, streams, COPY). */
export interface PgClient {
  query<R = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: R[]; rowCount: number | null }>;
  query<R = Record<string, unknown>>(config: {
    name: string;
    text: string;
    values: unknown[];
  }): Promise<{ rows: R[]; rowCount: number | null }>;
  query<T>(stream: T): T;
}

/** One statement inside a snapshot: the rows it returns. */
export type SnapshotQuery = <R>(text: string, values?: readonly unknown[]) => Promise<R[]>;

export interface Page<R> {
  rows: R[];
  /** Global count of matching records, independent of offset and size. */
  total: number;
}

export interface SnapshotOptions {
  /**
   * statement_timeout of this transaction only, in ms (0: none). PostgreSQL keeps counting while
   * a cursor is open between fetches, so a long download needs more than the pool's default.
   */
  statementTimeoutMs?: number;
}

/**
 * Rows per cursor round trip when a stream does not say otherwise. A batch's rows (and what they
 * are mapped to) stay alive until written, and the stream holds about two batches: with ten
 * responses streaming at once, 1 000-row batches kept enough young objects alive that every
 * scavenge copied and promoted megabytes and the capped old space ran a full collection every few
 * hundred ms. With 250 the complete supplier list, the month's and the year's detail reports cost
 * the service 11–58 % less CPU in alternating A/Bs (Node 20 and 24), and the supplier list's peak
 * RSS is 16–82 MB lower; 100 rows costs PostgreSQL more round trips than it saves.
 */
export const CURSOR_BATCH_ROWS = 250;

export interface StreamOptions<Row, Out, Head> extends SnapshotOptions {
  /** Rows per round trip (default CURSOR_BATCH_ROWS); the stream holds about two batches at most. */
  batch?: number;
  /** Turns each row into what the consumer reads (default: the row itself). */
  map?: (row: Row) => Out;
  /**
   * Push each fetched batch as one array of mapped rows instead of row by row: for a consumer that
   * writes a whole batch at once (the report's JSON), a stream step per batch rather than per row.
   */
  batches?: boolean;
  /** Runs before the cursor opens, in the same snapshot (e.g. the count of the rows streamed). */
  head?: (query: SnapshotQuery) => Promise<Head>;
}

export interface RowStream<Head> {
  head: Head;
  /**
   * Object-mode stream of the mapped rows. Single use: it must be read to the end or destroyed
   * (a client that disconnects); either closes the cursor and the snapshot and releases the
   * pooled connection, which stays checked out until then. A connection that dies mid-way fails
   * this stream with an error (the consumer must cut its response: the status is already sent).
   */
  rows: Readable;
}

/**
 * The read kit: every query handler reads through these four methods, and nothing else checks a
 * connection out of the pool (see `acquire`, the single place to route reads elsewhere).
 * - `query`: one statement, its rows; repeated once on another connection when the pooled one was dead.
 * - `page`: a list page and its global total.
 * - `readOnlySnapshot`: several statements that must see the same data (a count and its rows).
 * - `stream`: a cursor read in batches with backpressure, inside a snapshot, watched for a dead backend.
 * `transaction` is the one write path (BEGIN/COMMIT on the same pool).
 *
 * Everything runs as explicit SQL straight through node-postgres: no entity hydration, no knex
 * formatting. Dates and timestamps arrive as text and numerics as decimal strings (MikroORM's pg
 * type parsers), which keeps amounts exact.
 */
@Injectable()
export class SqlReader implements BeforeApplicationShutdown {
  private readonly logger = new Logger('SqlReader');

  /** The primary's connections between two reads (warm-connections.ts); each replica keeps its own set. */
  private readonly warm = new WarmConnections();

  /**
   * Whether a `prepared()` statement runs named (DB_PREPARED_STATEMENTS, default on) or as plain
   * text; turned off for good when the server side cannot keep named statements (below).
   */
  private prepare: boolean;

  /** STREAM_STALL_TIMEOUT_MS, DB_STREAM_MAX (undefined: half of each pool) and the wait for a slot or a connection. */
  private readonly streams: { stallMs: number; max: number | undefined; waitMs: number };

  /** One probe per pool, made when that pool is first found saturated. */
  private readonly probes = new WeakMap<object, DatabaseProbe>();

  constructor(
    private readonly orm: MikroORM,
    @Optional() private readonly reads?: ReadPools,
    @Optional()
    @Inject(APP_CONFIG)
    config?: Partial<Pick<AppConfig, 'dbPreparedStatements' | 'streamStallTimeoutMs' | 'dbStreamMax' | 'dbConnectTimeoutMs'>>,
  ) {
    this.prepare = config?.dbPreparedStatements ?? true;
    this.streams = {
      stallMs: config?.streamStallTimeoutMs ?? 10_000,
      max: config?.dbStreamMax,
      waitMs: config?.dbConnectTimeoutMs ?? 2000,
    };
  }

  /**
   * One read: on the request's replica when there is a usable one (DATABASE_REPLICA_URLS), else on
   * the primary. A `prepared()` statement is parsed and planned once per connection (prepared-statement.ts).
   */
  query<R>(sql: Sql, values: readonly unknown[] = []): Promise<R[]> {
    return this.read(sql, values, this.pinned());
  }

  /**
   * Name of the pool this request reads from (`primaria`, `replica-1`, …), chosen now if no read
   * chose it yet: what depends on the server read from (the data version behind an ETag) is kept per pool.
   */
  readPoolName(): string {
    return this.pinned()?.name ?? PRIMARY_POOL;
  }

  /** The rest of this request reads on the primary (what it read so far is never newer than the primary). */
  pinPrimary(): void {
    const store = this.reads?.replicas.length ? currentRequest() : undefined;
    if (store) store.readPool = PRIMARY_POOL;
  }

  /**
   * The replica this request reads from, or undefined for the primary. Chosen at the request's
   * first read and kept (CONTRACT §10, one request, one server: the data version behind its ETag
   * and its body come from the same server); it only ever moves to the primary, which is never
   * older than a replica — when its replica failed, or stopped being fresh enough. Outside a
   * request each read picks.
   */
  private pinned(): ReplicaPool | undefined {
    const reads = this.reads;
    if (reads === undefined || reads.replicas.length === 0) return undefined;
    const store = currentRequest();
    if (store === undefined) return reads.pick();
    const pin = store.readPool as ReplicaPool | typeof PRIMARY_POOL | undefined;
    if (pin === undefined) {
      const picked = reads.pick();
      store.readPool = picked ?? PRIMARY_POOL;
      return picked;
    }
    if (pin === PRIMARY_POOL) return undefined;
    if (pin.usable) return pin;
    store.readPool = PRIMARY_POOL;
    return undefined;
  }

  /** A read that must see the primary's latest commit (e.g. a deactivation, within 5 s everywhere). */
  queryOnPrimary<R>(sql: Sql, values: readonly unknown[] = []): Promise<R[]> {
    return this.read(sql, values, 'primary');
  }

  private async read<R>(sql: Sql, values: readonly unknown[], where: ReplicaPool | 'primary' | undefined): Promise<R[]> {
    const named = typeof sql !== 'string' && this.prepare;
    const run = (route: Route): Promise<R[]> =>
      this.withClient(async (client) => (await this.send<R>(client, sql, [...values], named)).rows, route);
    const replica = typeof where === 'object' ? where : undefined;
    try {
      return await run(where ?? 'fallback');
    } catch (err) {
      if (named && preparedStatementsUnsupported(err)) {
        // A pooler between us and PostgreSQL that moves sessions between server connections
        // (PgBouncer < 1.21 in transaction mode): named statements cannot work there. Plain text
        // from now on (reads already sent by name fail the same way and are repeated too), and
        // this read once more.
        if (this.prepare) {
          this.prepare = false;
          this.logger.warn(
            'El servidor no conserva sentencias preparadas (¿PgBouncer en modo transacción?): se usan sentencias sin nombre. Configure DB_PREPARED_STATEMENTS=false.',
          );
        }
        return this.read(sql, values, where);
      }
      // A read is safe to repeat: once, on the primary, when the connection (a dead pooled one, or
      // a replica that failed) was the problem rather than the statement.
      if (replica) {
        if (!replicaFailure(err)) throw err;
        this.reads!.failed(replica, err);
        this.pinPrimary();
        return run('fallback');
      }
      if (!deadConnection(err)) throw err;
      return run(where === 'primary' ? 'primary' : 'fallback');
    }
  }

  /** A prepared statement by its name (node-postgres parses it once per connection) when `named`; otherwise the text. */
  private send<R>(client: PgClient, sql: Sql, values: unknown[], named: boolean): Promise<{ rows: R[] }> {
    if (typeof sql === 'string') return client.query<R>(sql, values);
    return named ? client.query<R>({ name: sql.name, text: sql.text, values }) : client.query<R>(sql.text, values);
  }

  /**
   * `pageSql` selects the rows with `count(*) over () as "total"` (one statement for the usual
   * case); `limit`/`offset` are appended as the next two parameters. `countSql` (same parameters,
   * no paging) runs only when the page cannot carry the total: size=0, or an offset past the end.
   */
  async page<R extends { total: number | string }>(
    pageSql: string,
    countSql: string,
    values: readonly unknown[],
    paging: { offset: number; size: number },
  ): Promise<Page<R>> {
    if (paging.size > 0) {
      const n = values.length;
      const rows = await this.query<R>(`${pageSql}\n limit $${n + 1} offset $${n + 2}`, [...values, paging.size, paging.offset]);
      if (rows.length > 0) return { rows, total: Number(rows[0].total) };
      if (paging.offset === 0) return { rows, total: 0 };
    }
    const [count] = await this.query<{ total: number | string }>(countSql, values);
    return { rows: [], total: Number(count.total) };
  }

  /** Runs fn on one connection inside a read-only repeatable-read transaction: one snapshot for all its statements. */
  async readOnlySnapshot<T>(fn: (query: SnapshotQuery) => Promise<T>, opts: SnapshotOptions = {}): Promise<T> {
    return this.onReplicaOrPrimary((route) => this.inSnapshot((client) => fn(snapshotQuery(client)), opts, route));
  }

  /**
   * Opens a server-side cursor over `text` inside a snapshot (after `head`, if any). Nothing but
   * the current batch is held in memory, and the consumer's backpressure paces the fetches.
   * Resolves once the first row (or the end) is there, so a query that fails to start is an
   * ordinary error of the caller rather than a broken response body.
   */
  stream<Row, Out = Row, Head = undefined>(
    text: string,
    values: readonly unknown[],
    opts: StreamOptions<Row, Out, Head> = {},
  ): Promise<RowStream<Head>> {
    // Until the first row is there nothing was sent: a replica's failure is retried on the primary.
    return this.onReplicaOrPrimary((route) => this.openStream(text, values, opts, route));
  }

  private openStream<Row, Out, Head>(
    text: string,
    values: readonly unknown[],
    opts: StreamOptions<Row, Out, Head>,
    route: Route,
  ): Promise<RowStream<Head>> {
    const slot = this.takeStreamSlot(route);
    return typeof slot === 'function'
      ? this.openStreamIn(text, values, opts, route, slot)
      : this.afterSlot(slot, text, values, opts, route);
  }

  private async afterSlot<Row, Out, Head>(
    slot: Promise<(() => void) | undefined>,
    text: string,
    values: readonly unknown[],
    opts: StreamOptions<Row, Out, Head>,
    route: Route,
  ): Promise<RowStream<Head>> {
    const release = await slot;
    if (!release) throw serviceBusy('descargas');
    return this.openStreamIn(text, values, opts, route, release);
  }

  /**
   * A stream slot of the route's pool (DB_STREAM_MAX, CONTRACT §10), waited for as long as a
   * connection would be (DB_CONNECT_TIMEOUT_MS); a look-alike reader without an ORM has no cap.
   */
  protected takeStreamSlot(route: Route): (() => void) | Promise<(() => void) | undefined> {
    if (!this.orm) return () => undefined;
    const knex = this.poolOf(route);
    const poolMax = knex.pool?.max ?? knex.config?.pool?.max ?? 10;
    const max = Math.min(poolMax, this.streams.max ?? Math.max(1, Math.floor(poolMax / 2)));
    return streamSlotsOf(knex, max).take(this.streams.waitMs);
  }

  /** The stream on one connection of `route`, holding its slot until that connection is given back. */
  private openStreamIn<Row, Out, Head>(
    text: string,
    values: readonly unknown[],
    opts: StreamOptions<Row, Out, Head>,
    route: Route,
    releaseSlot: () => void,
  ): Promise<RowStream<Head>> {
    const map = opts.map;
    const stall = {
      ms: this.streams.stallMs,
      onStall: () =>
        this.logger.warn(
          `El cliente no leyó la respuesta en ${this.streams.stallMs} ms (STREAM_STALL_TIMEOUT_MS): se corta y se devuelve la conexión.`,
        ),
    };
    return new Promise<RowStream<Head>>((resolve, reject) => {
      this.inSnapshot(
        async (client) => {
          const head = (opts.head ? await opts.head(snapshotQuery(client)) : undefined) as Head;
          const rows = client.query(
            new CursorRows<Row, Out>(
              text,
              [...values],
              opts.batch ?? CURSOR_BATCH_ROWS,
              map,
              opts.batches ?? false,
              client as unknown as EventEmitter,
              () => this.logger.warn('La conexión con la base de datos se cerró durante una lectura en curso; se corta la respuesta.'),
              stall,
            ),
          );
          // 'close' comes after the cursor closed or the connection ended, whatever happened before.
          const released = new Promise<void>((done) => rows.once('close', done));
          // Consumers listen for errors themselves (Fastify, pipeInto, for await); this one only
          // keeps a stream nobody reads any more from taking the process down when it fails.
          rows.on('error', () => undefined);
          try {
            await once(rows, 'readable');
          } catch (err) {
            await released;
            throw err;
          }
          resolve({ head, rows });
          await released;
        },
        opts,
        route,
      )
        .catch(reject)
        .finally(releaseSlot);
    });
  }

  /** Runs a read on a usable replica, or the primary; a replica's connection failure is repeated once on the primary. */
  private async onReplicaOrPrimary<T>(run: (route: Route) => Promise<T>): Promise<T> {
    const replica = this.pinned();
    if (!replica) return run('fallback');
    try {
      return await run(replica);
    } catch (err) {
      if (!replicaFailure(err)) throw err;
      this.reads!.failed(replica, err);
      this.pinPrimary();
      return run('fallback');
    }
  }

  /**
   * Runs fn inside BEGIN/COMMIT on one connection of the primary; ROLLBACK on any error, also one
   * thrown by `beforeCommit` (the last word before COMMIT, e.g. "the client is gone"). A
   * connection lost during COMMIT itself rejects with CommitOutcomeUnknown: the transaction may
   * have committed, and `commitOutcome` tells.
   */
  async transaction<T>(fn: (client: PgClient) => Promise<T>, options: { beforeCommit?: () => void } = {}): Promise<T> {
    return this.withClient(async (client) => {
      try {
        await client.query('begin');
      } catch (err) {
        if (!deadConnection(err)) throw err;
        // Nothing ran yet: start over on another connection.
        return this.transaction(fn, options);
      }
      let result: T;
      try {
        result = await fn(client);
        options.beforeCommit?.();
      } catch (err) {
        await client.query('rollback').catch(() => undefined);
        throw err;
      }
      try {
        await client.query('commit');
      } catch (err) {
        if (databaseUnavailable(err)) throw new CommitOutcomeUnknown(err);
        await client.query('rollback').catch(() => undefined);
        throw err;
      }
      return result;
    }, 'primary');
  }

  /**
   * Whether transaction `xid` (its txid_current()) committed, asked on new connections to the
   * primary until PostgreSQL knows (commit-outcome.ts); undefined when it could not be settled
   * within `budgetMs`.
   */
  commitOutcome(xid: string, budgetMs?: number): Promise<'committed' | 'aborted' | undefined> {
    return commitOutcome(this.connectionSettings('primary'), xid, { timeoutMs: this.streams.waitMs, budgetMs });
  }

  /**
   * The one place a connection is taken from and given back to a pool. Protected so a look-alike
   * (the benchmarks' recorder) can hand out its own clients; replica routing belongs here too.
   */
  protected acquire(route: Route = 'primary'): PgClient | Promise<PgClient> {
    const knex = this.poolOf(route);
    if (!knex.pool) return knex.acquireConnection();
    return this.warmOf(route).take<PgClient>(knex.pool) ?? knex.acquireConnection();
  }

  protected release(client: PgClient, route: Route = 'primary'): Promise<void> | void {
    const knex = this.poolOf(route);
    if (knex.pool && this.warmOf(route).keep(knex.pool, client)) return;
    return knex.releaseConnection(client);
  }

  /** Before the ORM closes its pool (onApplicationShutdown), which waits for every connection checked out. */
  beforeApplicationShutdown(): void {
    this.warm.close();
  }

  private warmOf(route: Route): WarmConnections {
    return typeof route === 'object' ? route.warm : this.warm;
  }

  private poolOf(route: Route): KnexClient {
    return typeof route === 'object' ? (route.knex.client as KnexClient) : this.knexClient;
  }

  private get knexClient(): KnexClient {
    return (this.orm.em.getConnection() as PostgreSqlConnection).getKnex().client;
  }

  /** fn on one connection of `route`; a replica that gives no connection hands the read to the primary. */
  private async withClient<T>(fn: (client: PgClient) => Promise<T>, route: Route): Promise<T> {
    let client: PgClient;
    try {
      client = await this.acquire(route);
    } catch (err) {
      if (typeof route !== 'object') throw await this.busyOr(err, route);
      // A replica whose pool is only busy is not down: its reads go to the primary meanwhile.
      if (!(await this.busy(err, route))) this.reads!.failed(route, err);
      this.pinPrimary();
      route = 'fallback';
      try {
        client = await this.acquire(route);
      } catch (primaryErr) {
        throw await this.busyOr(primaryErr, route);
      }
    }
    if (this.reads) {
      if (typeof route === 'object') route.reads++;
      else if (route === 'fallback') this.reads.primaryReads++;
    }
    try {
      return await fn(client);
    } finally {
      await this.release(client, route);
    }
  }

  /**
   * A wait for a connection that timed out because the service's own requests hold the whole pool
   * while the database answers (a probe outside the pool says so) is SERVICIO_OCUPADO; anything
   * else stays what it was (SERVICE_UNAVAILABLE when the database does not answer).
   */
  private async busyOr(err: unknown, route: Route): Promise<unknown> {
    return (await this.busy(err, route)) ? serviceBusy('conexiones') : err;
  }

  private async busy(err: unknown, route: Route): Promise<boolean> {
    if ((err as Error | undefined)?.name !== 'KnexTimeoutError' || !this.orm) return false;
    return this.saturated(route) && this.probeOf(route).answers();
  }

  /** Every connection of the route's pool is checked out by this service and none is being opened. */
  private saturated(route: Route): boolean {
    const pool = this.poolOf(route).pool as (WarmPool & BusyPool) | undefined;
    return poolSaturated(pool, warmConnections(pool));
  }

  private probeOf(route: Route): DatabaseProbe {
    const knex = this.poolOf(route);
    let probe = this.probes.get(knex);
    if (!probe) this.probes.set(knex, (probe = new DatabaseProbe(this.connectionSettings(route), Math.min(1000, this.streams.waitMs))));
    return probe;
  }

  /** The settings the route's pool opens its connections with, for a connection outside the pool. */
  private connectionSettings(route: Route): () => Record<string, unknown> {
    const knex = this.poolOf(route);
    return () => {
      const settings = (knex.config?.connection ?? {}) as Record<string, unknown>;
      // knex keeps the password as a hidden (non-enumerable) property: a spread would drop it.
      return { ...settings, password: settings.password };
    };
  }

  /**
   * The primary's pool is saturated by this service's own work (/health/ready then asks
   * `primaryAnswers()` instead of queueing behind that work for a connection).
   */
  primaryBusy(): boolean {
    return !!this.orm && this.saturated('primary');
  }

  /** Whether the primary answers a new connection (at most one probe a second). */
  primaryAnswers(): Promise<boolean> {
    return this.probeOf('primary').answers();
  }

  private inSnapshot<T>(fn: (client: PgClient) => Promise<T>, opts: SnapshotOptions, route: Route): Promise<T> {
    // One round trip; the timeout is an integer (validated configuration), never user input.
    const timeout = opts.statementTimeoutMs === undefined ? '' : `; set local statement_timeout = ${Math.trunc(opts.statementTimeoutMs)}`;
    return this.withClient(async (client) => {
      await client.query(`${BEGIN_SNAPSHOT}${timeout}`);
      try {
        return await fn(client);
      } finally {
        // Read only: commit and rollback are the same; rollback also works after an error.
        await client.query('rollback').catch(() => undefined);
      }
    }, route);
  }
}

/**
 * PostgreSQL's answer to a named statement on a server connection that does not have it (26000
 * invalid_sql_statement_name) or already has one of that name from another client (42P05
 * duplicate_prepared_statement): what a transaction-mode pooler without prepared-statement
 * support produces.
 */
function preparedStatementsUnsupported(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '26000' || code === '42P05';
}

type KnexClient = {
  acquireConnection(): Promise<PgClient>;
  releaseConnection(c: PgClient): Promise<void>;
  pool?: WarmPool;
  config?: { connection?: unknown; pool?: { max?: number } };
};

/**
 * Where a connection comes from: one given replica; the primary for a read no replica could take
 * (`fallback`, counted in ReadPools.primaryReads); or the primary by design (`primary`: writes,
 * reads that must be current).
 */
export type Route = 'primary' | 'fallback' | ReplicaPool;

/** A count and the rows it counts see the same data, even while an import replaces the tenant's rows. */
const BEGIN_SNAPSHOT = 'begin transaction isolation level repeatable read, read only';

function snapshotQuery(client: PgClient): SnapshotQuery {
  return async <R>(text: string, values: readonly unknown[] = []) => (await client.query<R>(text, [...values])).rows;
}

export { deadConnection } from './connection-errors';

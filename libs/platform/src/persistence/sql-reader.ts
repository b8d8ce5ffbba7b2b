import { Injectable, Optional } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { PostgreSqlConnection } from '@mikro-orm/postgresql';
import { ReadPools, replicaFailure, type ReplicaPool } from './read-pools';

/** The node-postgres client behind MikroORM's pool (native $1 placeholders, streams, COPY). */
export interface PgClient {
  query<R = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: R[]; rowCount: number | null }>;
  query<T>(stream: T): T;
}

/**
 * Heavy reads run as explicit SQL on the ORM's own pool, straight through node-postgres: no
 * entity hydration, no knex formatting. Dates and timestamps arrive as text and numerics as
 * decimal strings (MikroORM's pg type parsers), which keeps amounts exact.
 */
@Injectable()
export class SqlReader {
  constructor(
    private readonly orm: MikroORM,
    @Optional() private readonly reads?: ReadPools,
  ) {}

  private get knexClient(): KnexClient {
    return (this.orm.em.getConnection() as PostgreSqlConnection).getKnex().client;
  }

  /** A read: on a healthy replica when there is one (DATABASE_REPLICA_URLS), else on the primary. */
  query<R>(text: string, values: unknown[] = []): Promise<R[]> {
    return this.read(text, values, this.reads?.pick());
  }

  /** A read that must see the primary's latest commit (e.g. a deactivation, within 5 s everywhere). */
  queryOnPrimary<R>(text: string, values: unknown[] = []): Promise<R[]> {
    return this.read(text, values, 'primary');
  }

  private async read<R>(text: string, values: unknown[], where: ReplicaPool | 'primary' | undefined): Promise<R[]> {
    const run = (route: Route): Promise<R[]> => this.withClient(async (client) => (await client.query<R>(text, values)).rows, route);
    const replica = typeof where === 'object' ? where : undefined;
    try {
      return await run(where ?? 'fallback');
    } catch (err) {
      // A read is safe to repeat: once, on the primary, when the connection (a dead pooled one, or
      // a replica that failed) was the problem rather than the statement.
      if (replica ? !replicaFailure(err) : !deadConnection(err)) throw err;
      if (replica) this.reads!.failed(replica, err);
      return run(where === 'primary' ? 'primary' : 'fallback');
    }
  }

  /** fn on one connection: a read (a replica, else the primary) unless `route` says otherwise; transaction() uses the primary. */
  async withClient<T>(fn: (client: PgClient) => Promise<T>, route: Route | 'read' = 'read'): Promise<T> {
    const replica = route === 'read' ? this.reads?.pick() : typeof route === 'string' ? undefined : route;
    let pool: KnexClient = replica ? (replica.knex.client as KnexClient) : this.knexClient;
    let client: PgClient;
    try {
      client = await pool.acquireConnection();
    } catch (err) {
      if (!replica) throw err;
      // No connection from the replica: this read goes to the primary, clients never see it.
      this.reads!.failed(replica, err);
      pool = this.knexClient;
      client = await pool.acquireConnection();
    }
    if (this.reads) {
      if (pool === this.knexClient) this.reads.primaryReads += route === 'primary' ? 0 : 1;
      else replica!.reads++;
    }
    try {
      return await fn(client);
    } finally {
      await pool.releaseConnection(client);
    }
  }

  /** Runs fn inside BEGIN/COMMIT on one connection of the primary; ROLLBACK on any error. */
  async transaction<T>(fn: (client: PgClient) => Promise<T>): Promise<T> {
    return this.withClient(async (client) => {
      try {
        await client.query('begin');
      } catch (err) {
        if (!deadConnection(err)) throw err;
        // Nothing ran yet: start over on another connection.
        return this.transaction(fn);
      }
      try {
        const result = await fn(client);
        await client.query('commit');
        return result;
      } catch (err) {
        await client.query('rollback').catch(() => undefined);
        throw err;
      }
    }, 'primary');
  }
}

type KnexClient = { acquireConnection(): Promise<PgClient>; releaseConnection(c: PgClient): Promise<void> };
/**
 * Where a connection comes from: one given replica; the primary for a read no replica could take
 * (`fallback`, counted in ReadPools.primaryReads); or the primary by design (`primary`).
 */
type Route = 'primary' | 'fallback' | ReplicaPool;

/**
 * A pooled connection whose backend is gone (terminated, server restarted) fails on its first use,
 * before the pool has seen its 'error' event: the statement never ran, another connection will do.
 */
export function deadConnection(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | undefined;
  return e?.code === '57P01' || /Connection terminated unexpectedly|Connection ended unexpectedly|not queryable/i.test(e?.message ?? '');
}

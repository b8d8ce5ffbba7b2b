import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { PostgreSqlConnection } from '@mikro-orm/postgresql';

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
  constructor(private readonly orm: MikroORM) {}

  private get knexClient(): { acquireConnection(): Promise<PgClient>; releaseConnection(c: PgClient): Promise<void> } {
    return (this.orm.em.getConnection() as PostgreSqlConnection).getKnex().client;
  }

  async query<R>(text: string, values: unknown[] = []): Promise<R[]> {
    const run = (): Promise<R[]> => this.withClient(async (client) => (await client.query<R>(text, values)).rows);
    try {
      return await run();
    } catch (err) {
      // A read is safe to repeat: once, on another connection, when the pooled one was dead.
      if (!deadConnection(err)) throw err;
      return run();
    }
  }

  async withClient<T>(fn: (client: PgClient) => Promise<T>): Promise<T> {
    const pool = this.knexClient;
    const client = await pool.acquireConnection();
    try {
      return await fn(client);
    } finally {
      await pool.releaseConnection(client);
    }
  }

  /** Runs fn inside BEGIN/COMMIT on one connection; ROLLBACK on any error. */
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
    });
  }
}

/**
 * A pooled connection whose backend is gone (terminated, server restarted) fails on its first use,
 * before the pool has seen its 'error' event: the statement never ran, another connection will do.
 */
export function deadConnection(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | undefined;
  return e?.code === '57P01' || /Connection terminated unexpectedly|Connection ended unexpectedly|not queryable/i.test(e?.message ?? '');
}

/**
 * Captures the exact statements an endpoint runs. The real query/command handler (the very class
 * the service dispatches to, built from the `*.sql.ts` constants) is executed once against a
 * SqlReader look-alike that runs every statement through node-postgres and writes down its text,
 * parameter values and whether it was read through a cursor. The raw-SQL timing and the bare
 * baseline server then replay that list: same statements, same parameters, same order (including
 * BEGIN/ROLLBACK of snapshot reads and transactions), so nothing is re-typed by hand.
 */
import { Readable } from 'node:stream';
import type { Client, Pool, PoolClient, QueryResult } from 'pg';
import QueryStream from 'pg-query-stream';
import type { MikroORM } from '@mikro-orm/core';
import { type PgClient, SqlReader } from '@nomina-api/platform/persistence';

export interface Statement {
  text: string;
  values: unknown[];
  /** A named prepared statement's name (SqlReader's `prepared()` statements): replayed named too. */
  name?: string;
  /** Read through a server-side cursor (pg-query-stream) with this batch size. */
  stream?: number;
}

/** BEGIN / COMMIT / ROLLBACK / set_config: run, but carry no rows worth writing. */
export function isControl(s: Statement): boolean {
  return /^\s*(begin|commit|rollback|select set_config)\b/i.test(s.text);
}

interface StreamLike {
  cursor: { text: string; values: unknown[] | null };
  /** Rows per fetch of the SqlReader's CursorRows (a batch-mode stream buffers one array, so its highWaterMark is 1). */
  batch?: number;
  readableHighWaterMark: number;
}

/** The real SqlReader (so page, snapshots, streams and transactions run its own code) on a recording pool. */
export class RecordingReader extends SqlReader {
  readonly statements: Statement[] = [];

  constructor(private readonly pool: Pool) {
    super(undefined as unknown as MikroORM);
  }

  protected override async acquire(): Promise<PgClient> {
    return this.wrap(await this.pool.connect()) as unknown as PgClient;
  }

  protected override async release(client: PgClient): Promise<void> {
    (client as unknown as PoolClient).release();
  }

  private wrap(client: PoolClient) {
    const statements = this.statements;
    function query<R>(text: string, values?: unknown[]): Promise<{ rows: R[]; rowCount: number | null }>;
    function query<T>(stream: T): T;
    function query(q: unknown, values?: unknown[]): unknown {
      if (typeof q === 'string') {
        statements.push({ text: q, values: values ?? [] });
        return client.query(q, values as unknown[]);
      }
      const named = q as { name?: string; text?: string; values?: unknown[] };
      if (typeof named.name === 'string' && typeof named.text === 'string') {
        statements.push({ text: named.text, values: named.values ?? [], name: named.name });
        return client.query(named as never);
      }
      const s = q as StreamLike;
      statements.push({ text: s.cursor.text, values: s.cursor.values ?? [], stream: s.batch ?? s.readableHighWaterMark });
      return client.query(q as never);
    }
    // Everything else (events, release, …) is the real client's: handlers may listen on it.
    return new Proxy(client, {
      get(target, prop) {
        if (prop === 'query') return query;
        const v = Reflect.get(target, prop, target) as unknown;
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
      },
    }) as unknown as { query: typeof query };
  }
}

/** Drains whatever a handler returned (streams included) so its connection goes back to the pool. */
export async function drain(result: unknown): Promise<unknown> {
  const visit = async (v: unknown): Promise<unknown> => {
    if (v instanceof Readable) {
      let n = 0;
      for await (const _ of v) n++;
      return n;
    }
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      for (const [k, x] of Object.entries(v)) if (x instanceof Readable) (v as Record<string, unknown>)[k] = await visit(x);
    }
    return v;
  };
  return visit(result);
}

/** One recorded statement as the service sent it: by name when it was a prepared statement. */
export function runStatement(client: Client | PoolClient, s: Statement): Promise<QueryResult> {
  return s.name ? client.query({ name: s.name, text: s.text, values: s.values }) : client.query(s.text, s.values);
}

/**
 * Runs the statements in order on one connection; cursor reads are consumed to the end. Returns
 * rows read. A transaction the statements leave open is rolled back: a stream's closing `rollback`
 * runs after its cursor ends, so a capture read right after draining can miss it, and the next
 * scenario on the connection (the numbering's INSERT) would run inside a read-only snapshot.
 */
export async function replay(client: Client | PoolClient, statements: readonly Statement[]): Promise<number> {
  let rows = 0;
  let open = 0;
  for (const s of statements) {
    if (/^\s*begin\b/i.test(s.text)) open++;
    else if (/^\s*(commit|rollback)\b/i.test(s.text)) open = 0;
    if (s.stream) {
      const stream = client.query(new QueryStream(s.text, s.values, { batchSize: s.stream }));
      for await (const _ of stream) rows++;
    } else {
      const r = await runStatement(client, s);
      rows += r.rowCount ?? 0;
    }
  }
  if (open > 0) await client.query('rollback');
  return rows;
}

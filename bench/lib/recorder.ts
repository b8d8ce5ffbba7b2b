/**
 * Captures the exact statements an endpoint runs. The real query/command handler (the very class
 * the service dispatches to, built from the `*.sql.ts` constants) is executed once against a
 * SqlReader look-alike that runs every statement through node-postgres and writes down its text,
 * parameter values and whether it was read through a cursor. The raw-SQL timing and the bare
 * baseline server then replay that list: same statements, same parameters, same order (including
 * BEGIN/ROLLBACK of snapshot reads and transactions), so nothing is re-typed by hand.
 *
 * A write's parameter that came from an earlier write's RETURNING row (the numbering records the
 * block it just took: `primero` from the sequence's update) is replayed from that statement's
 * answer in the same replay, not as the captured value: the captured block is already taken, so
 * its number again would break the block table's primary key.
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
  /** Parameters read at replay from the first row of an earlier statement (its index) of the same list. */
  from?: { param: number; statement: number; column: string }[];
}

/** The first row each statement answered so far in one replay, by statement index: what `from` reads. */
export type Answers = (Record<string, unknown> | undefined)[];

const RETURNING = /\breturning\b/i;

/**
 * Which of `values` equal a column of an earlier RETURNING statement's first row that was not
 * among that statement's own parameters (a tenant id passed in and returned is not derived from it).
 */
function derived(values: readonly unknown[], statements: readonly Statement[], answers: Answers): Statement['from'] {
  const from: NonNullable<Statement['from']> = [];
  values.forEach((value, param) => {
    if (typeof value !== 'string' && typeof value !== 'number') return;
    for (let statement = answers.length - 1; statement >= 0; statement--) {
      const row = answers[statement];
      if (!row || statements[statement].values.includes(value)) continue;
      const column = Object.keys(row).find((k) => row[k] === value);
      if (column !== undefined) {
        from.push({ param, statement, column });
        return;
      }
    }
  });
  return from.length ? from : undefined;
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
  /** First rows of the RETURNING statements among `statements`, by index. */
  private readonly answers: Answers = [];

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
    const { statements, answers } = this;
    // Written down before it runs; a RETURNING statement's first row is kept once it answers.
    const record = async (s: Statement, run: Promise<QueryResult>): Promise<QueryResult> => {
      const from = derived(s.values, statements, answers);
      if (from) s.from = from;
      const index = statements.push(s) - 1;
      const result = await run;
      if (RETURNING.test(s.text)) answers[index] = firstRow(result);
      return result;
    };
    function query<R>(text: string, values?: unknown[]): Promise<{ rows: R[]; rowCount: number | null }>;
    function query<T>(stream: T): T;
    function query(q: unknown, values?: unknown[]): unknown {
      if (typeof q === 'string') return record({ text: q, values: values ?? [] }, client.query(q, values as unknown[]));
      const named = q as { name?: string; text?: string; values?: unknown[] };
      if (typeof named.name === 'string' && typeof named.text === 'string') {
        return record({ text: named.text, values: named.values ?? [], name: named.name }, client.query(named as never));
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
      // A stream of batches (`batches: true`) counts its rows, not its fetches.
      let n = 0;
      for await (const item of v) n += Array.isArray(item) ? item.length : 1;
      return n;
    }
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      for (const [k, x] of Object.entries(v)) if (x instanceof Readable) (v as Record<string, unknown>)[k] = await visit(x);
    }
    return v;
  };
  return visit(result);
}

/** A statement's parameters for this replay: the `from` ones out of the earlier answers. */
export function boundValues(s: Statement, answers: Answers): unknown[] {
  if (!s.from) return s.values;
  const values = [...s.values];
  for (const { param, statement, column } of s.from) values[param] = answers[statement]?.[column];
  return values;
}

/**
 * One recorded statement as the service sent it (by name when it was a prepared statement), its
 * first row added to `answers`, which every statement of one replay shares, in order.
 */
export async function runStatement(client: Client | PoolClient, s: Statement, answers: Answers): Promise<QueryResult> {
  const values = boundValues(s, answers);
  const r = await (s.name ? client.query({ name: s.name, text: s.text, values }) : client.query(s.text, values));
  answers.push(firstRow(r));
  return r;
}

/** The first row of an answer; a text of several statements (`begin …; set local …`) answers one result per statement. */
function firstRow(r: QueryResult | QueryResult[]): Record<string, unknown> | undefined {
  const last = Array.isArray(r) ? r[r.length - 1] : r;
  return last?.rows?.[0] as Record<string, unknown> | undefined;
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
  const answers: Answers = [];
  try {
    for (const s of statements) {
      if (/^\s*begin\b/i.test(s.text)) open++;
      else if (/^\s*(commit|rollback)\b/i.test(s.text)) open = 0;
      if (s.stream) {
        const stream = client.query(new QueryStream(s.text, boundValues(s, answers), { batchSize: s.stream }));
        for await (const _ of stream) rows++;
        answers.push(undefined);
      } else {
        const r = await runStatement(client, s, answers);
        rows += r.rowCount ?? 0;
      }
    }
  } catch (err) {
    // The caller sees the statement's own error, not "current transaction is aborted" on its next use.
    if (open > 0) await client.query('rollback').catch(() => undefined);
    throw err;
  }
  if (open > 0) await client.query('rollback');
  return rows;
}

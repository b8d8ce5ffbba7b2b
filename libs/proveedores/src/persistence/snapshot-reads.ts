import type { EventEmitter } from 'node:events';
import { once } from 'node:events';
import { pipeline, type Readable, Transform } from 'node:stream';
import QueryStream from 'pg-query-stream';
import type { PgClient, SqlReader } from '@app/platform/persistence/sql-reader';

/**
 * A count and the rows it counts read in one snapshot, so X-Total-Registros always equals the
 * records sent, even while an import replaces the tenant's suppliers.
 */
const BEGIN_SNAPSHOT = 'begin transaction isolation level repeatable read, read only';

/** Runs fn on one connection inside a read-only snapshot. */
export async function readInSnapshot<T>(sql: SqlReader, fn: (client: PgClient) => Promise<T>): Promise<T> {
  return sql.withClient(async (client) => {
    await client.query(BEGIN_SNAPSHOT);
    try {
      return await fn(client);
    } finally {
      // Read only: commit and rollback are the same; rollback also works after an error.
      await client.query('rollback').catch(() => undefined);
    }
  });
}

export interface CountedStreamSpec<Row, Out> {
  countSql: string;
  rowsSql: string;
  values: unknown[];
  map: (row: Row) => Out;
  /** Rows per round trip; the stream holds about two batches at most. */
  batchSize: number;
}

export interface CountedStream {
  total: number;
  /**
   * Object-mode stream of the mapped rows. Single use: it must be read to the end or destroyed
   * (a client that disconnects); either closes the cursor and the snapshot and releases the
   * pooled connection, which stays checked out until then.
   */
  records: Readable;
}

/**
 * Counts, then opens a server-side cursor over the rows, on one connection and snapshot. Nothing
 * but the current batch is held in memory, and the consumer's backpressure paces the fetches.
 * Resolves once the first row (or the end) is there, so a query that fails to start is an
 * ordinary error of the caller rather than a broken response body.
 */
export function openCountedStream<Row, Out>(sql: SqlReader, spec: CountedStreamSpec<Row, Out>): Promise<CountedStream> {
  return new Promise<CountedStream>((resolve, reject) => {
    readInSnapshot(sql, async (client) => {
      const [{ total }] = (await client.query<{ total: string }>(spec.countSql, spec.values)).rows;
      const records = new Transform({
        objectMode: true,
        transform(row: Row, _encoding, callback) {
          callback(null, spec.map(row));
        },
      });
      const cursor = client.query(new QueryStream(spec.rowsSql, spec.values, { batchSize: spec.batchSize }));
      const released = cursorReleased(cursor, client, records);
      // Errors reach the consumer through `records`; destroying `records` destroys the cursor.
      pipeline(cursor, records, () => undefined);
      try {
        await once(records, 'readable');
      } catch (err) {
        await released;
        throw err;
      }
      resolve({ total: Number(total), records });
      await released;
    }).catch(reject);
  });
}

/**
 * Resolves when the connection is free again: the cursor closed (after its last row, an error or
 * destroy), or the connection itself ended. The second case needs its own watch: a cursor whose
 * connection dies between two fetches never finishes closing (pg-cursor waits for a
 * ReadyForQuery that cannot come), so `records` is failed here, which cuts the response.
 */
function cursorReleased(cursor: QueryStream, client: PgClient, records: Readable): Promise<void> {
  const connection = client as unknown as EventEmitter;
  return new Promise<void>((done) => {
    const onEnd = (): void => {
      records.destroy(new Error('La conexión con la base de datos se cerró durante la lectura de proveedores.'));
      finish();
    };
    const finish = (): void => {
      connection.removeListener('end', onEnd);
      done();
    };
    connection.once('end', onEnd);
    cursor.once('close', finish);
  });
}

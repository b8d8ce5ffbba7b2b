import type { EventEmitter } from 'node:events';
import QueryStream from 'pg-query-stream';

/** The error a stream fails with when its connection ends between two fetches. */
export const CONNECTION_LOST_MESSAGE = 'La conexión con la base de datos se cerró durante la lectura.';

/**
 * A server-side cursor as an object-mode stream of mapped rows: pg-query-stream's fetch loop with
 * the mapping done where the batch arrives. One stream per read instead of the cursor piped into
 * a mapping Transform: a stream stage per row (and `pipeline`, whose AbortController builds a
 * DOMException with a stack trace when it finishes) was a tenth of a grouped report's CPU.
 *
 * It also always closes, which QueryStream does not when its connection dies between two fetches
 * (pg-cursor then waits for a ReadyForQuery that cannot come, so neither 'error' nor 'close' would
 * ever be emitted): when the client ends, a pending destroy completes and a stream with rows still
 * to fetch is failed with CONNECTION_LOST_MESSAGE, which cuts the response (rows all fetched are
 * delivered). 'close' is therefore the moment the
 * connection is free again (cursor closed, or connection gone).
 */
export class CursorRows<Row, Out> extends QueryStream {
  private clientEnded = false;
  /** Every row was fetched (the end is pushed): what is still buffered needs no connection. */
  private exhausted = false;
  private pendingDestroy: ((err?: Error | null) => void) | undefined;

  /**
   * `batches`: each fetch is pushed as one array of mapped rows (the stream buffers one such
   * array), for a consumer that writes a batch at once; otherwise row by row, buffering a batch.
   */
  constructor(
    text: string,
    values: unknown[],
    /** Rows per fetch (public: the benchmarks' recorder replays the cursor with the same batch). */
    readonly batch: number,
    private readonly mapRow: ((row: Row) => Out) | undefined,
    private readonly batches: boolean,
    private readonly client: EventEmitter,
    private readonly onConnectionLost: () => void,
  ) {
    super(text, values, batches ? { highWaterMark: 1 } : { batchSize: batch });
    client.once('end', this.onClientEnd);
  }

  override _read(): void {
    this.cursor.read(this.batch, (err: Error | undefined, rows: Row[]) => {
      if (err) return void this.destroy(err);
      const map = this.mapRow;
      try {
        if (this.batches) {
          if (rows.length > 0) this.push(map ? rows.map(map) : rows);
        } else {
          for (const row of rows) this.push(map ? map(row) : row);
        }
      } catch (mapErr) {
        return void this.destroy(mapErr as Error);
      }
      if (rows.length < this.batch) {
        this.exhausted = true;
        this.push(null);
      }
    });
  }

  override _destroy(err: Error | null, callback: (err?: Error | null) => void): void {
    const done = (closeErr?: Error | null): void => {
      if (!this.pendingDestroy) return;
      this.pendingDestroy = undefined;
      this.client.removeListener('end', this.onClientEnd);
      callback(closeErr ?? err);
    };
    this.pendingDestroy = done;
    // A dead connection cannot close a portal: nothing to wait for.
    if (this.clientEnded) return done();
    this.cursor.close((closeErr?: Error) => done(closeErr));
  }

  private readonly onClientEnd = (): void => {
    this.clientEnded = true;
    if (this.pendingDestroy) return this.pendingDestroy();
    if (this.exhausted) return;
    this.onConnectionLost();
    this.destroy(new Error(CONNECTION_LOST_MESSAGE));
  };
}

import type { EventEmitter } from 'node:events';
import type { Writable } from 'node:stream';
import QueryStream from 'pg-query-stream';

/** The error a stream fails with when its connection ends between two fetches. */
export const CONNECTION_LOST_MESSAGE = 'La conexión con la base de datos se cerró durante la lectura.';

/** The error a stream is cut with when its consumer took nothing for the stall timeout (STREAM_STALL_TIMEOUT_MS). */
export const STREAM_STALLED_MESSAGE = 'El cliente dejó de leer la respuesta: se corta y se devuelve la conexión.';

/** What a stalled stream does besides failing: the reader logs it. */
export interface StallWatch {
  /** ms without progress after which the stream is cut (CONTRACT §10: STREAM_STALL_TIMEOUT_MS). */
  ms: number;
  onStall: () => void;
}

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
  /** A fetch is in flight: the database's time, not the consumer's (the statement budget bounds it). */
  private fetching = false;
  private fetches = 0;
  private stallTimer: ReturnType<typeof setInterval> | undefined;
  /** The socket corked by `submit` until the first fetch is written with the cursor's opening. */
  private openingCork: Writable | undefined;

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
    stall?: StallWatch,
  ) {
    super(text, values, batches ? { highWaterMark: 1 } : { batchSize: batch });
    client.once('end', this.onClientEnd);
    if (stall && stall.ms > 0) this.watchStall(stall);
    // pg-cursor writes each protocol message to the socket on its own (execute then flush; close
    // then sync): one write each instead, every write to PostgreSQL being a system call and a wakeup
    // of its backend.
    const cursor = this.cursor as unknown as PgCursorInternals;
    const getRows = cursor._getRows;
    const closePortal = cursor._closePortal;
    cursor._getRows = function (this: PgCursorInternals, ...args: unknown[]): void {
      corked(this.connection?.stream, () => getRows.apply(this, args));
    };
    cursor._closePortal = function (this: PgCursorInternals): void {
      corked(this.connection?.stream, () => closePortal.apply(this));
    };
  }

  /**
   * Parse, bind, describe and flush, and the first fetch's execute and flush that follows a tick
   * later (the stream's first read), go out as one write: the socket stays corked until that read
   * or, if none comes, the next turn of the event loop.
   */
  override submit(connection: unknown): void {
    const stream = (connection as { stream?: Writable }).stream;
    if (!stream || typeof stream.cork !== 'function') return super.submit(connection as never);
    stream.cork();
    this.openingCork = stream;
    try {
      super.submit(connection as never);
    } finally {
      setImmediate(this.releaseOpeningCork);
    }
  }

  private readonly releaseOpeningCork = (): void => {
    const stream = this.openingCork;
    if (!stream) return;
    this.openingCork = undefined;
    if (stream.writableCorked > 0) stream.uncork();
  };

  override _read(): void {
    this.fetching = true;
    this.cursor.read(this.batch, (err: Error | undefined, rows: Row[]) => {
      this.fetching = false;
      this.fetches++;
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
    clearInterval(this.stallTimer);
    this.releaseOpeningCork();
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

  /**
   * Cuts the stream when its consumer takes nothing for `stall.ms`: no fetch asked for and none in
   * flight, and the rows buffered here unchanged (rows already fetched count too: a consumer that
   * stops before the end holds the cursor just the same). A client that stops reading stops the
   * whole chain — the socket's buffers fill, the response pauses the writer, the writer stops
   * pulling rows — so this is where it shows, whatever the format; checked a few times per
   * timeout rather than on every row. Destroying with an error closes the cursor, ends the
   * snapshot and returns the connection, and the consumer cuts the response (its socket closes).
   */
  private watchStall(stall: StallWatch): void {
    let fetches = -1;
    let buffered = -1;
    let quietSince = Date.now();
    this.stallTimer = setInterval(
      () => {
        const now = Date.now();
        if (this.fetching || this.fetches !== fetches || this.readableLength !== buffered) {
          fetches = this.fetches;
          buffered = this.readableLength;
          quietSince = now;
        } else if (now - quietSince >= stall.ms && !this.destroyed) {
          clearInterval(this.stallTimer);
          stall.onStall();
          this.destroy(Object.assign(new Error(STREAM_STALLED_MESSAGE), { code: 'STREAM_STALLED' }));
        }
      },
      Math.max(25, Math.min(1000, Math.floor(stall.ms / 4))),
    );
    this.stallTimer.unref();
  }

  private readonly onClientEnd = (): void => {
    this.clientEnded = true;
    if (this.pendingDestroy) return this.pendingDestroy();
    if (this.exhausted) return;
    this.onConnectionLost();
    this.destroy(new Error(CONNECTION_LOST_MESSAGE));
  };
}

/** The parts of pg-cursor's Cursor (QueryStream's `cursor`) whose socket writes are grouped. */
interface PgCursorInternals {
  connection: { stream?: Writable } | null;
  _getRows(...args: unknown[]): void;
  _closePortal(): void;
}

/** `send` with the socket corked: the messages it writes leave in one write when it returns. */
function corked(stream: Writable | undefined, send: () => void): void {
  if (!stream || typeof stream.cork !== 'function') return send();
  stream.cork();
  try {
    send();
  } finally {
    stream.uncork();
  }
}

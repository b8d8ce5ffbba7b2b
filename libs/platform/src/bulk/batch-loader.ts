/** Where a batch's lines go: a COPY that is ended, or abandoned when the load fails. */
export interface LineSink {
  end(): Promise<void>;
  abort(reason: Error): void;
}

/**
 * Streams a lazy collection (payments, sales; sync or async) in one pass with bounded memory.
 *
 * One connection runs one COPY at a time, and the parent rows (pago, venta) must reach the
 * database before the rows that reference them (pago_empleado). The line tables have no foreign
 * keys, so each batch streams its lines first, straight from the iteration (PostgreSQL parses them
 * while the next ones are built), and keeps only the batch's few parent rows to COPY afterwards.
 */
export interface BatchPlan<T, S extends LineSink> {
  /** Opens the COPY that receives the lines of one batch. */
  openLines(): S;
  /**
   * Writes one item's lines and buffers its other rows; returns the number of lines written.
   * An item too big for one batch (a payment with a million payslips) calls `split`: the batch
   * so far is sent (its lines ended, flushBatch run) and the rest goes to the returned sink.
   */
  writeItem(item: T, lines: S, split: () => Promise<S>): Promise<number>;
  /** COPYs the rows buffered for the batch, parents first. */
  flushBatch(): Promise<void>;
  /** A batch closes after the item that reaches this many lines. */
  batchLines: number;
}

export async function loadInBatches<T, S extends LineSink>(items: Iterable<T> | AsyncIterable<T>, plan: BatchPlan<T, S>): Promise<void> {
  // Async for a file read as a stream; sync for arrays and the seed's generators.
  const iterator: Iterator<T> | AsyncIterator<T> = Symbol.asyncIterator in items ? items[Symbol.asyncIterator]() : items[Symbol.iterator]();
  let completed = false;
  try {
    let next = await iterator.next();
    while (!next.done) {
      let lines = plan.openLines();
      let open = true;
      const split = async (): Promise<S> => {
        open = false;
        await lines.end();
        await plan.flushBatch();
        lines = plan.openLines();
        open = true;
        return lines;
      };
      try {
        let count = 0;
        while (!next.done && count < plan.batchLines) {
          count += await plan.writeItem(next.value, lines, split);
          next = await iterator.next();
        }
        await lines.end();
      } catch (err) {
        if (open) lines.abort(err as Error);
        throw err;
      }
      await plan.flushBatch();
    }
    completed = true;
  } finally {
    // Lets a generator (or a file being read) run its own cleanup when the load stops half-way.
    if (!completed) await iterator.return?.();
  }
}

/** Rows of an export: an array, a generator, or an object-mode stream (a database cursor). */
export type RowSource = Iterable<object> | AsyncIterable<object>;

/**
 * Ends a source whose file was destroyed, also one never read (a HEAD, a client gone before the
 * first byte): a stream is destroyed, which closes its cursor. Ending an iterator that never
 * started does nothing, not even for a stream's own iterator, so a stream must be destroyed.
 */
export function endSource(rows: RowSource): void {
  const destroy = (rows as { destroy?: () => void }).destroy;
  if (typeof destroy === 'function') destroy.call(rows);
}

/**
 * Fails `file` as soon as a streamed source fails. The writers pull rows only when the reader
 * takes text, so without this a source cut while nobody reads (a stalled client: the stall
 * timeout destroys the cursor) would never reach the response, whose socket would stay open.
 */
export function failWithSource(rows: RowSource, file: { destroy(err?: Error): unknown }): void {
  const once = (rows as { once?: (event: 'error', listener: (err: Error) => void) => unknown }).once;
  if (typeof once === 'function') once.call(rows, 'error', (err: Error) => file.destroy(err));
}

/** Text is handed on in pieces of about this many UTF-16 units: one socket write per piece, not per row. */
export const TEXT_BATCH = 64 * 1024;

/**
 * head, one piece of text per row, tail, yielded in batches of ~TEXT_BATCH. Ending the generator
 * early (the consumer destroyed) ends the source too: for-await calls its return().
 */
export async function* batchText(head: string, rows: RowSource, line: (row: object) => string, tail: string): AsyncGenerator<string> {
  let text = head;
  const full = (row: object): boolean => (text += line(row)).length >= TEXT_BATCH;
  // An array or generator is walked without a promise per row (for-await makes one each: ~30 %).
  if (Symbol.iterator in rows) {
    for (const row of rows) {
      if (!full(row)) continue;
      yield text;
      text = '';
    }
  } else {
    for await (const row of rows) {
      if (!full(row)) continue;
      yield text;
      text = '';
    }
  }
  text += tail;
  if (text) yield text;
}

/**
 * What a fake pg client does with the stream SqlReader submits (`client.query(stream)`): it gives
 * the stream a stand-in for its pg-cursor, which serves `rows` in batches like a real cursor,
 * fails the first fetch with `rows` when that is an Error, and — `stalls` — answers nothing after
 * the rows it has, nor a close, like a cursor whose backend stopped answering. `fetchSizes`: the
 * row count each fetch asked for.
 */
export function attachFakeCursor<S extends { cursor: unknown }>(
  stream: S,
  rows: readonly unknown[] | Error,
  opts: { stalls?: boolean } = {},
): S & { cursorClosed: () => boolean; fetchSizes: number[] } {
  let next = 0;
  let closed = false;
  const fetchSizes: number[] = [];
  stream.cursor = {
    read(size: number, callback: (err: Error | undefined, batch: unknown[]) => void): void {
      fetchSizes.push(size);
      if (rows instanceof Error) return void setImmediate(() => callback(rows, []));
      const batch = rows.slice(next, next + size);
      next += batch.length;
      if (batch.length === 0 && opts.stalls) return;
      setImmediate(() => callback(undefined, batch));
    },
    close(callback: () => void): void {
      if (opts.stalls) return;
      closed = true;
      setImmediate(callback);
    },
  };
  return Object.assign(stream, { cursorClosed: () => closed, fetchSizes });
}

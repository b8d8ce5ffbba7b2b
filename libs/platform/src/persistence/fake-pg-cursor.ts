/**
 * For specs only: what a fake pg client returns for `client.query(stream)`. pg submits the
 * SqlReader's cursor stream and hands it back; here its pg-cursor is replaced by one that serves
 * `rows` in batches (a short batch is the last, as in pg-cursor), or fails a read with `rows` when
 * it is an Error. `stalls`: once the rows are out, reads and the portal's close are never answered,
 * like a backend that stopped talking. `failsAfterRows`: the read after the rows fails with it.
 */
export function servedByFakeCursor<S>(
  submitted: S,
  rows: readonly unknown[] | Error,
  opts: { stalls?: boolean; failsAfterRows?: Error } = {},
): S {
  let i = 0;
  const later = (fn: () => void): void => void setImmediate(fn);
  (submitted as { cursor: unknown }).cursor = {
    read(n: number, callback: (err: Error | undefined, rows: unknown[]) => void): void {
      if (rows instanceof Error) later(() => callback(rows, []));
      else if (i >= rows.length && opts.failsAfterRows) later(() => callback(opts.failsAfterRows, []));
      else if (i < rows.length || !opts.stalls) later(() => callback(undefined, rows.slice(i, (i += n))));
    },
    close(callback: () => void): void {
      if (!opts.stalls) later(callback);
    },
  };
  return submitted;
}

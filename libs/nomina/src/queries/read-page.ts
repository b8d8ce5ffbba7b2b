import type { SqlReader } from '@app/platform/persistence/sql-reader';

export interface Page<R> {
  rows: R[];
  /** Global count of matching records, independent of offset and size. */
  total: number;
}

/**
 * Runs a list query: `pageSql` selects the rows with `count(*) over () as "total"` (one
 * statement for the usual case); `limit`/`offset` are appended as the next two parameters.
 * The separate `countSql` (same parameters, no paging) runs only when the page cannot carry
 * the total: size=0, or an offset past the end.
 */
export async function readPage<R extends { total: number | string }>(
  sql: SqlReader,
  pageSql: string,
  countSql: string,
  values: readonly unknown[],
  paging: { offset: number; size: number },
): Promise<Page<R>> {
  if (paging.size > 0) {
    const n = values.length;
    const rows = await sql.query<R>(`${pageSql}\n limit $${n + 1} offset $${n + 2}`, [...values, paging.size, paging.offset]);
    if (rows.length > 0) return { rows, total: Number(rows[0].total) };
    if (paging.offset === 0) return { rows, total: 0 };
  }
  const [count] = await sql.query<{ total: number | string }>(countSql, [...values]);
  return { rows: [], total: Number(count.total) };
}

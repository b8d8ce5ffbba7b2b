import type { SortKey } from './list-params';

export interface SortColumn {
  /** SQL expression of the field (whitelisted by the caller, never user input). */
  sql: string;
  /** Text fields order by the folded value first, then the exact value in byte order. */
  text?: boolean;
  /** Folded expression when a stored one exists (e.g. e.nombre_fold); default app_fold(sql). */
  foldedSql?: string;
}

/** The entries of `columns` named by `fields`, in their order: a list sorting by another list's fields maps them alike. */
export function sortColumnsOf<K extends string>(columns: Record<K, SortColumn>, fields: readonly K[]): Record<string, SortColumn> {
  return Object.fromEntries(fields.map((field) => [field, columns[field]]));
}

/**
 * ORDER BY clause (including the words `order by`) from sort keys: `columns` maps API field →
 * SQL expression; text fields order by the folded value, then the exact value collate "C".
 * `tieBreaker` (the element's uuid column) ends every order, ascending. Only the whitelisted
 * expressions of `columns` are ever interpolated; an unmapped field is a programming error.
 */
export function orderBy(sort: readonly SortKey[], columns: Record<string, SortColumn>, tieBreaker: string): string {
  const terms: string[] = [];
  for (const { field, direction } of sort) {
    const column = Object.prototype.hasOwnProperty.call(columns, field) ? columns[field] : undefined;
    if (!column) throw new Error(`orderBy: no SQL column mapped for sort field "${field}"`);
    const dir = direction === 'desc' ? 'desc' : 'asc';
    if (column.text) {
      terms.push(`${column.foldedSql ?? `app_fold(${column.sql})`} ${dir}`, `${column.sql} collate "C" ${dir}`);
    } else {
      terms.push(`${column.sql} ${dir}`);
    }
  }
  terms.push(`${tieBreaker} asc`);
  return 'order by ' + terms.join(', ');
}

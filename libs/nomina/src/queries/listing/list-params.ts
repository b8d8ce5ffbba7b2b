/**
 * What a payroll list query takes (CONTRACT §3.2): the query side's paging, filter and order,
 * apart from how HTTP spells them (`http/list-query.pipe.ts` parses the request into these).
 */
export interface SortKey {
  field: string;
  direction: 'asc' | 'desc';
}

export interface ListParams {
  offset: number;
  size: number;
  /** Trimmed, non-blank filter text; absent when no filter applies. */
  filter?: string;
  /** The request's order (replaces the default), or the list's default order. Never includes the tie-breaker. */
  sort: SortKey[];
  /**
   * The request named `offset` or `size`: an export (CONTRACT §8) is then this page; without
   * them it is the whole list (WholeList). JSON answers always page.
   */
  paged: boolean;
}

/** The fields a list can be ordered by and its order when the request names none. */
export interface ListSpec {
  sortable: readonly string[];
  defaultSort: readonly SortKey[];
}

/**
 * A list's spec from the SQL columns its order may use (`orderBy`'s whitelist): the sortable
 * fields are the columns' keys in their order, so the two cannot disagree (a documented field
 * that is a 400, or an accepted one without SQL).
 */
export function listSpec(columns: Readonly<Record<string, unknown>>, defaultSort: readonly SortKey[]): ListSpec {
  const sortable = Object.keys(columns);
  const unknown = defaultSort.filter((k) => !sortable.includes(k.field));
  if (unknown.length > 0) throw new Error(`listSpec: default sort on unknown fields ${unknown.map((k) => k.field).join(', ')}`);
  return { sortable, defaultSort };
}

export const DEFAULT_SIZE = 20;
export const MAX_SIZE = 1000;
export const MAX_OFFSET = 2_147_483_647;
export const MAX_FILTER_LENGTH = 200;

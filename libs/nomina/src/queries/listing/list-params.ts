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
}

/** The fields a list can be ordered by and its order when the request names none. */
export interface ListSpec {
  sortable: readonly string[];
  defaultSort: readonly SortKey[];
}

export const DEFAULT_SIZE = 20;
export const MAX_SIZE = 1000;
export const MAX_OFFSET = 2_147_483_647;
export const MAX_FILTER_LENGTH = 200;

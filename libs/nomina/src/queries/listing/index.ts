export { foldedContainsPatternSql, escapeLike, foldText, likeContains } from './filter.sql';
export {
  DEFAULT_SIZE,
  type ListParams,
  type ListSpec,
  listSpec,
  MAX_FILTER_LENGTH,
  MAX_OFFSET,
  MAX_SIZE,
  type SortKey,
} from './list-params';
export { orderBy, type SortColumn, sortColumnsOf } from './order.sql';
export type { Page } from './page';
export type { WholeList } from './whole-list';

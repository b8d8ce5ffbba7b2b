import type { ListParams } from './list-params';

/** A list's whole result, for an export without paging (CONTRACT §8): the request's filter and order, no offset/size. */
export type WholeList = Pick<ListParams, 'filter' | 'sort'>;

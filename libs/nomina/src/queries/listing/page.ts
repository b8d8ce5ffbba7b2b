/** One page of a list query's rows with the global count. */
export interface Page<R> {
  rows: R[];
  /** Global count of matching records, independent of offset and size. */
  total: number;
}

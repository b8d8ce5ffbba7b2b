/** One page of a list query's rows with the global count: the read kit's (SqlReader.page). */
export type { Page } from '@nomina-api/platform/persistence';

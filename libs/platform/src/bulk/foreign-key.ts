/**
 * A foreign key between two tables of one tenant, as a bulk load that skips the per-row triggers
 * proves it afterwards (libs/importer/src/reference-guard.ts). Each context lists its own beside
 * its table layouts (persistence/tables.ts); those to `tenant` are left out (one tenant per load).
 */
export interface ForeignKey {
  child: string;
  columns: string[];
  parent: string;
  parentColumns: string[];
}

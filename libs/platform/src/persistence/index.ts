/**
 * `@nomina-api/platform/persistence`: the database. The read kit (SqlReader) and prepared
 * statements; opening, migrating and composing schemas; the embedded PostgreSQL (and standby) the
 * service runs on by default; the tenant's data version a write bumps; and the bulk COPY machinery
 * and the platform's own tenant tables that the contexts' loaders and the importer write with.
 */
export { BUMP_DATA_VERSION_SQL, bumpDataVersion, DataVersionReader } from '../conditional/data-version';
export { databaseUnavailable, deadConnection } from './connection-errors';
export { acquireDatabase, type DatabaseSelection, migrateDatabase, type SchemaParts, searchPath } from './database';
export { type EmbeddedDatabase, type EmbeddedOptions, ensureDatabase, recreateDatabase, startEmbeddedPostgres } from './embedded-postgres';
export { type EmbeddedStandby, startEmbeddedStandby } from './embedded-standby';
export { PLATFORM_ENTITIES } from './entities/platform.entities';
export { DISTRIBUTION_MIGRATIONS, type MigrationEntry, PLATFORM_MIGRATIONS } from './migrations';
export { DatabasePrerequisitesError } from './preflight';
export { prepared, type PreparedStatement, type Sql } from './prepared-statement';
export { ReadPools } from './read-pools';
export { mergeSchemas, PLATFORM_SCHEMA } from './schemas';
export {
  CURSOR_BATCH_ROWS,
  type Page,
  type PgClient,
  type RowStream,
  type SnapshotOptions,
  type SnapshotQuery,
  SqlReader,
  type StreamOptions,
} from './sql-reader';
export { WARM_IDLE_MS, warmConnections } from './warm-connections';

// Bulk loading: what a context's persistence/ and the importer build COPY rows with.
export { type BatchPlan, type LineSink, loadInBatches } from './bulk/batch-loader';
export { BinaryCopy, BinaryRows, copyBinary, dateDays, FIELD_BYTES, instantMicros, uuidBytes } from './bulk/binary-copy';
export { copyEncoded, copyItems, copyRows, copyText, type CopyValue } from './bulk/copy-writer';
export type { Instant, IsoDate, Uuid } from './bulk/dataset-scalars';
export { bigScaledText, centsText, MAX_MONEY, MAX_QUANTITY, SAFE, toCents, toUnits, unitsText } from './bulk/decimal-text';
export { fmix32 } from './bulk/fmix32';
export type { ForeignKey } from './bulk/foreign-key';
export { ImportError, ImportErrorCode } from './bulk/import-error';
export { emailKey, uuidKey } from './bulk/keys';
export {
  analyzeStaged,
  changed,
  changedRowsSql,
  type Changes,
  classifyWhole,
  countStaged,
  type KeyedTable,
  type MergeContext,
  mergeKeyed,
  newRowsSql,
  noChanges,
  STAGED,
  stageTables,
  symmetricDifferenceSql,
  TABLES,
  type TableTarget,
  upsertStaged,
  wholeActions,
  type WholeItems,
} from './bulk/staging';
export { hash as uuidHash, parseUuid, UuidMap, UuidSet } from './bulk/uuid-map';
export * from './tenant-data';

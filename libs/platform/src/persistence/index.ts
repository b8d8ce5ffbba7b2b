/**
 * `@nomina-api/platform/persistence`: the database. The read kit (SqlReader) and prepared
 * statements; opening, migrating and composing schemas; the embedded PostgreSQL (and standby) the
 * service runs on by default; the tenant's data version a write bumps. An import's COPY machinery
 * is `@nomina-api/platform/bulk`; opening and migrating without Nest or MikroORM (the CLIs),
 * `@nomina-api/platform/database`.
 */
export { BUMP_DATA_VERSION_SQL, bumpDataVersion, DataVersionReader } from '../conditional/data-version';
export { COMMIT_RESOLVE_BUDGET_MS, CommitOutcomeUnknown } from './commit-outcome';
export { databaseUnavailable, deadConnection } from './connection-errors';
export { acquireDatabase, type DatabaseSelection, type MigrationParts, migrateDatabase, type SchemaParts, searchPath } from './database';
export { type EmbeddedDatabase, type EmbeddedOptions, ensureDatabase, recreateDatabase, startEmbeddedPostgres } from './embedded-postgres';
export { type EmbeddedStandby, startEmbeddedStandby } from './embedded-standby';
export { PLATFORM_ENTITIES } from './entities/platform.entities';
export { DISTRIBUTION_MIGRATIONS, lazyMigration, type MigrationEntry, PLATFORM_MIGRATIONS } from './migrations';
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

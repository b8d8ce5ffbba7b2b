/**
 * `@nomina-api/platform/database`: opening and migrating the database, for the CLIs — the embedded
 * PostgreSQL or DATABASE_URL, the migration lists and `migrateDatabase`, which loads MikroORM, knex
 * and the migration classes only when a migration is pending. Neither Nest nor MikroORM at load time
 * (the read kit and the schemas with their entities are `@nomina-api/platform/persistence`).
 */
export { databaseUnavailable } from '../persistence/connection-errors';
export {
  acquireDatabase,
  type DatabaseSelection,
  type MigrationParts,
  migrateDatabase,
  type SchemaParts,
  searchPath,
} from '../persistence/database';
export { DISTRIBUTION_MIGRATIONS, lazyMigration, type MigrationEntry, PLATFORM_MIGRATIONS } from '../persistence/migrations';
export { DatabasePrerequisitesError } from '../persistence/preflight';

/* eslint-disable @typescript-eslint/no-require-imports -- each class is required only when migrations run (lazyMigration) */
import { lazyMigration, type MigrationEntry } from './lazy-migration';

export { lazyMigration, type MigrationEntry } from './lazy-migration';

/** Platform migrations; each context library exports its own list, the app concatenates them. */
export const PLATFORM_MIGRATIONS: MigrationEntry[] = [
  lazyMigration('Migration20261122000000_platform', () => require('./Migration20261122000000_platform')),
  lazyMigration('Migration20261124000000_login_limit', () => require('./Migration20261124000000_login_limit')),
  lazyMigration('Migration20261124000000_tenant_data_version', () => require('./Migration20261124000000_tenant_data_version')),
];

/**
 * Runs after every context's migrations (it distributes their tables when Citus is installed);
 * the app puts it last in its list.
 */
export const DISTRIBUTION_MIGRATIONS: MigrationEntry[] = [
  lazyMigration('Migration20261124000900_citus_distribution', () => require('./Migration20261124000900_citus_distribution')),
];

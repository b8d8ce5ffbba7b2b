import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122000000_platform } from './Migration20261122000000_platform';
import { Migration20261124000000_login_limit } from './Migration20261124000000_login_limit';
import { Migration20261124000000_tenant_data_version } from './Migration20261124000000_tenant_data_version';
import { Migration20261124000900_citus_distribution } from './Migration20261124000900_citus_distribution';

export type MigrationEntry = MigrationObject;

/** Platform migrations; each context library exports its own list, the app concatenates them. */
export const PLATFORM_MIGRATIONS: MigrationEntry[] = [
  { name: 'Migration20261122000000_platform', class: Migration20261122000000_platform },
  { name: 'Migration20261124000000_login_limit', class: Migration20261124000000_login_limit },
  { name: 'Migration20261124000000_tenant_data_version', class: Migration20261124000000_tenant_data_version },
];

/**
 * Runs after every context's migrations (it distributes their tables when Citus is installed);
 * the app puts it last in its list.
 */
export const DISTRIBUTION_MIGRATIONS: MigrationEntry[] = [
  { name: 'Migration20261124000900_citus_distribution', class: Migration20261124000900_citus_distribution },
];

import { DISTRIBUTION_MIGRATIONS, type MigrationEntry, PLATFORM_MIGRATIONS } from '@nomina-api/platform/database';
// The contexts' write sides, not their barrels: the import CLI needs the migrations without the HTTP
// modules (loading them took ~1 s of its start).
import { NOMINA_MIGRATIONS } from '@nomina-api/nomina/persistence';
import { PROVEEDORES_MIGRATIONS } from '@nomina-api/proveedores/persistence';
import { REPORTES_MIGRATIONS } from '@nomina-api/reportes/persistence';

/**
 * The whole service's migrations: platform first, then each context, in migration-name order; the
 * Citus step last. Their classes load only when one is pending (lazyMigration), so the CLIs migrate
 * with this list rather than APP_SCHEMA, whose entities would load MikroORM.
 */
export const APP_MIGRATIONS: MigrationEntry[] = [
  ...PLATFORM_MIGRATIONS,
  ...NOMINA_MIGRATIONS,
  ...REPORTES_MIGRATIONS,
  ...PROVEEDORES_MIGRATIONS,
  ...DISTRIBUTION_MIGRATIONS,
];

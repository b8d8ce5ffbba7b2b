import { DISTRIBUTION_MIGRATIONS, PLATFORM_ENTITIES, PLATFORM_MIGRATIONS, type SchemaParts } from '@nomina-api/platform/persistence';
// The contexts' write sides, not their barrels: the import CLI needs the schema without the HTTP
// modules (loading them took ~1 s of its start).
import { NOMINA_MIGRATIONS } from '@nomina-api/nomina/persistence';
import { PROVEEDORES_MIGRATIONS } from '@nomina-api/proveedores/persistence';
import { REPORTES_MIGRATIONS } from '@nomina-api/reportes/persistence';

/** The whole service's schema: platform first, then each context, in migration-name order; the Citus step last. */
export const APP_SCHEMA: SchemaParts = {
  entities: [...PLATFORM_ENTITIES],
  migrations: [...PLATFORM_MIGRATIONS, ...NOMINA_MIGRATIONS, ...REPORTES_MIGRATIONS, ...PROVEEDORES_MIGRATIONS, ...DISTRIBUTION_MIGRATIONS],
};

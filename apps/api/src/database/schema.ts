import { DISTRIBUTION_MIGRATIONS, PLATFORM_ENTITIES, PLATFORM_MIGRATIONS, type SchemaParts } from '@nomina-api/platform/persistence';
import { NOMINA_MIGRATIONS } from '@nomina-api/nomina';
import { PROVEEDORES_MIGRATIONS } from '@nomina-api/proveedores';
import { REPORTES_MIGRATIONS } from '@nomina-api/reportes';

/** The whole service's schema: platform first, then each context, in migration-name order; the Citus step last. */
export const APP_SCHEMA: SchemaParts = {
  entities: [...PLATFORM_ENTITIES],
  migrations: [...PLATFORM_MIGRATIONS, ...NOMINA_MIGRATIONS, ...REPORTES_MIGRATIONS, ...PROVEEDORES_MIGRATIONS, ...DISTRIBUTION_MIGRATIONS],
};

import { mergeSchemas, migrateDatabase, PLATFORM_SCHEMA } from '@nomina-api/platform';
import { NOMINA_SCHEMA } from '@nomina-api/nomina';
import { PROVEEDORES_SCHEMA } from '@nomina-api/proveedores';
import { REPORTES_SCHEMA } from '@nomina-api/reportes';

/** The tables of the three contexts and their kernel, each migration once, in order. */
export const CONTEXTS_SCHEMA = mergeSchemas(PLATFORM_SCHEMA, NOMINA_SCHEMA, REPORTES_SCHEMA, PROVEEDORES_SCHEMA);

/** Applies the contexts' pending migrations to the platform's database; returns their names. */
export function migrate(databaseUrl: string): Promise<string[]> {
  return migrateDatabase(databaseUrl, CONTEXTS_SCHEMA);
}

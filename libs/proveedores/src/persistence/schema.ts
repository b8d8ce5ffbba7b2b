import { mergeSchemas, PLATFORM_SCHEMA, type SchemaParts } from '@nomina-api/platform/persistence';
import { PROVEEDORES_MIGRATIONS } from './migrations';

/** What the supplier lookup needs in its database: the kernel's tables and its own (read through SQL, no entities). */
export const PROVEEDORES_SCHEMA: SchemaParts = mergeSchemas(PLATFORM_SCHEMA, { entities: [], migrations: PROVEEDORES_MIGRATIONS });

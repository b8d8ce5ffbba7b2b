import { mergeSchemas, PLATFORM_SCHEMA, type SchemaParts } from '@nomina-api/platform/persistence';
import { NOMINA_MIGRATIONS } from './migrations';

/** What payroll needs in its database: the kernel's tables and its own (read through SQL, no entities). */
export const NOMINA_SCHEMA: SchemaParts = mergeSchemas(PLATFORM_SCHEMA, { entities: [], migrations: NOMINA_MIGRATIONS });

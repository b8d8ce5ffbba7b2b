import { mergeSchemas, PLATFORM_SCHEMA, type SchemaParts } from '@nomina-api/platform/persistence';
import { REPORTES_MIGRATIONS } from './migrations';

/** What the reports need in their database: the kernel's tables and their own (read through SQL, no entities). */
export const REPORTES_SCHEMA: SchemaParts = mergeSchemas(PLATFORM_SCHEMA, { entities: [], migrations: REPORTES_MIGRATIONS });

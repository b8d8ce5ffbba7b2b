import { NOMINA_COLUMNS, NOMINA_TENANT_TABLES } from '@nomina-api/nomina/persistence';
import { PLATFORM_COLUMNS, PLATFORM_TENANT_TABLES } from '@nomina-api/platform/bulk';
import { PROVEEDORES_COLUMNS, PROVEEDORES_TENANT_TABLES } from '@nomina-api/proveedores/persistence';
import { REPORTES_COLUMNS, REPORTES_TENANT_TABLES } from '@nomina-api/reportes/persistence';

/** Every table an import writes, with its columns: each context owns its own list (persistence/tables.ts). */
export const COLUMNS = { ...PLATFORM_COLUMNS, ...NOMINA_COLUMNS, ...REPORTES_COLUMNS, ...PROVEEDORES_COLUMNS } as const;

export type TableName = keyof typeof COLUMNS;

/**
 * Every table holding a tenant's data except `tenant` and `nomina_electronica_secuencia`, children
 * before parents (the contexts' tables reference platform's negocio and usuario). A replace deletes
 * from each one explicitly by tenant_id: the line tables have no foreign keys, so a cascade from
 * the tenant row would leave them behind.
 */
export const TENANT_DATA_TABLES: readonly TableName[] = [
  ...REPORTES_TENANT_TABLES,
  ...NOMINA_TENANT_TABLES,
  ...PROVEEDORES_TENANT_TABLES,
  ...PLATFORM_TENANT_TABLES,
];

export const ALL_TABLES: readonly TableName[] = ['tenant', ...TENANT_DATA_TABLES, 'nomina_electronica_secuencia'];

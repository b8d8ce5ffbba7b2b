import type { ForeignKey } from '@nomina-api/platform/bulk';

/**
 * The columns the supplier tables are written with by a bulk load (this folder's migration).
 * Generated columns are never listed: PostgreSQL computes them.
 */
export const PROVEEDORES_COLUMNS = {
  proveedor: ['tenant_id', 'identificacion', 'digito_verificacion', 'tipo_identificacion', 'razon_social', 'nombre_comercial'],
  proveedor_establecimiento: ['tenant_id', 'identificacion', 'codigo', 'nombre', 'direccion', 'ciudad', 'telefono', 'email'],
  proveedor_entrada: ['tenant_id', 'identificacion', 'digito_verificacion', 'tipo_identificacion', 'razon_social', 'nombre_comercial'],
  proveedor_entrada_establecimiento: ['tenant_id', 'identificacion', 'codigo', 'nombre', 'direccion', 'ciudad', 'telefono', 'email'],
} as const;

/** The tenant's rows of these tables, children before parents: a replace deletes them in this order. */
export const PROVEEDORES_TENANT_TABLES: readonly (keyof typeof PROVEEDORES_COLUMNS)[] = [
  'proveedor_establecimiento',
  'proveedor',
  'proveedor_entrada_establecimiento',
  'proveedor_entrada',
];

/** The foreign keys between these tables (and to platform's), checked after a load that skips the per-row triggers. */
export const PROVEEDORES_FOREIGN_KEYS: readonly ForeignKey[] = [
  { child: 'proveedor_establecimiento', columns: ['identificacion'], parent: 'proveedor', parentColumns: ['identificacion'] },
  {
    child: 'proveedor_entrada_establecimiento',
    columns: ['identificacion'],
    parent: 'proveedor_entrada',
    parentColumns: ['identificacion'],
  },
];

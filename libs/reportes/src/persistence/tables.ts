import type { ForeignKey } from '@nomina-api/platform/bulk';

/**
 * The columns the reportes tables are written with by a bulk load (this folder's migrations).
 * Generated columns are never listed: PostgreSQL computes them.
 */
export const REPORTES_COLUMNS = {
  categoria: ['tenant_id', 'id', 'nombre'],
  producto: ['tenant_id', 'id', 'negocio_id', 'categoria_id', 'codigo', 'nombre'],
  venta: ['tenant_id', 'id', 'negocio_id', 'fecha', 'estado'],
  venta_linea: [
    'tenant_id',
    'venta_id',
    'linea',
    'negocio_id',
    'fecha',
    'estado',
    'producto_id',
    'cantidad',
    'precio_unitario',
    'descuento',
    'impuestos',
    'costo_promedio',
  ],
  venta_producto_mes: [
    'tenant_id',
    'negocio_id',
    'mes',
    'estado',
    'producto_id',
    'cantidad',
    'total_bruto',
    'descuento',
    'impuestos',
    'costo_total',
  ],
  venta_producto_ano: [
    'tenant_id',
    'negocio_id',
    'ano',
    'estado',
    'producto_id',
    'cantidad',
    'total_bruto',
    'descuento',
    'impuestos',
    'costo_total',
  ],
} as const;

/** The tenant's rows of these tables, children before parents: a replace deletes them in this order. */
export const REPORTES_TENANT_TABLES: readonly (keyof typeof REPORTES_COLUMNS)[] = [
  'venta_producto_ano',
  'venta_producto_mes',
  'venta_linea',
  'venta',
  'producto',
  'categoria',
];

/** The foreign keys between these tables (and to platform's), checked after a load that skips the per-row triggers. */
export const REPORTES_FOREIGN_KEYS: readonly ForeignKey[] = [
  { child: 'producto', columns: ['negocio_id'], parent: 'negocio', parentColumns: ['id'] },
  { child: 'producto', columns: ['categoria_id'], parent: 'categoria', parentColumns: ['id'] },
  { child: 'venta', columns: ['negocio_id'], parent: 'negocio', parentColumns: ['id'] },
];

import type { ForeignKey } from '../foreign-key';

/**
 * The columns platform's tables are written with by a bulk load (Migration20261122000000_platform).
 * Generated columns are never listed: PostgreSQL computes them.
 */
export const PLATFORM_COLUMNS = {
  tenant: ['id', 'nit', 'nombre', 'activo'],
  negocio: ['tenant_id', 'id', 'nombre', 'orden'],
  suscripcion: ['tenant_id', 'negocio_id', 'plan', 'desde', 'hasta'],
  usuario: ['tenant_id', 'id', 'email', 'password_hash', 'nombre', 'apellido', 'rol', 'activo'],
  usuario_negocio: ['tenant_id', 'usuario_id', 'orden', 'negocio_id'],
  login_directory: ['email_key', 'tenant_id', 'usuario_id'],
} as const;

/** The tenant's rows of these tables, children before parents: a replace deletes them in this order. */
export const PLATFORM_TENANT_TABLES: readonly (keyof typeof PLATFORM_COLUMNS)[] = [
  'login_directory',
  'usuario_negocio',
  'usuario',
  'suscripcion',
  'negocio',
];

/** The foreign keys between these tables (and to platform's), checked after a load that skips the per-row triggers. */
export const PLATFORM_FOREIGN_KEYS: readonly ForeignKey[] = [
  { child: 'suscripcion', columns: ['negocio_id'], parent: 'negocio', parentColumns: ['id'] },
  { child: 'usuario_negocio', columns: ['usuario_id'], parent: 'usuario', parentColumns: ['id'] },
  { child: 'usuario_negocio', columns: ['negocio_id'], parent: 'negocio', parentColumns: ['id'] },
  { child: 'login_directory', columns: ['usuario_id'], parent: 'usuario', parentColumns: ['id'] },
];

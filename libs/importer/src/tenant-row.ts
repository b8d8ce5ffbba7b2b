import type { Client } from 'pg';
import type { TenantInput } from './dataset.types';
import { ImportError } from '@nomina-api/platform/bulk';
import { TENANT_DATA_TABLES } from './tables';

/**
 * Creates the tenant row, or (with replace) empties the tenant and refreshes its row.
 *
 * On replace the tenant row and its e-payroll sequence are updated in place rather than deleted
 * and re-inserted: deleting the tenant would cascade to the sequence row, and a numbering call
 * of the API waiting on that row's lock would then find it gone instead of seeing the new value.
 * Every other table is emptied explicitly by tenant_id (the line tables have no foreign keys).
 */
export async function prepareTenant(
  client: Client,
  tenant: Pick<TenantInput, 'uuid' | 'nit' | 'nombre' | 'activo'>,
  tenantKey: string,
  replace: boolean,
): Promise<void> {
  // FOR UPDATE: two imports replacing the same tenant run one after the other.
  const existing = await client.query<{ nombre: string }>('select nombre from tenant where id = $1 for update', [tenantKey]);
  const values = [tenantKey, tenant.nit, tenant.nombre, tenant.activo];
  if (!existing.rowCount) {
    await client.query('insert into tenant (id, nit, nombre, activo) values ($1, $2, $3, $4)', values);
    return;
  }
  if (!replace) {
    throw new ImportError(
      'TENANT_EXISTS',
      `El tenant ${tenant.uuid} (${existing.rows[0].nombre}) ya existe; use --replace para reemplazar sus datos`,
    );
  }
  for (const table of TENANT_DATA_TABLES) {
    await client.query(`delete from ${table} where tenant_id = $1`, [tenantKey]);
  }
  await client.query('update tenant set nit = $2, nombre = $3, activo = $4, imported_at = now() where id = $1', values);
}

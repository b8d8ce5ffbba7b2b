import type { Client } from 'pg';
import type { TenantInput } from './dataset.types';
import { type Changes, ImportError, type MergeContext, noChanges } from '@nomina-api/platform/bulk';
import { TENANT_DATA_TABLES } from './tables';

/**
 * Takes each tenant's import lock for the rest of the transaction, in key order (two files naming
 * the same tenants in another order cannot deadlock): a merge, a replace or a plain import of a
 * tenant waits for the one already running on it, then reads what that one committed. The numbering
 * of the API takes no such lock (a merge never touches the sequence; a replace takes its row lock).
 */
export async function lockTenants(client: Client, tenantKeys: readonly string[]): Promise<void> {
  for (const key of [...new Set(tenantKeys)].sort()) {
    await client.query(`select pg_advisory_xact_lock(hashtextextended('nomina-import ' || $1::text, 0))`, [key]);
  }
}

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

/** The tenant's own fields (nit, nombre, activo); the e-payroll sequence is never a merge's (CONTRACT §6). */
export async function mergeTenantRow(ctx: MergeContext, tenant: { nit: string; nombre: string; activo: boolean }): Promise<Changes> {
  const values = [ctx.tenantKey, tenant.nit, tenant.nombre, tenant.activo];
  const differs = '(nit, nombre, activo) is distinct from ($2::varchar, $3::varchar, $4::boolean)';
  const sql = ctx.dryRun
    ? `select count(*)::int as n from tenant where id = $1 and ${differs}`
    : `with changed as (update tenant set nit = $2, nombre = $3, activo = $4, imported_at = now() where id = $1 and ${differs} returning 1)
       select count(*)::int as n from changed`;
  const { rows } = await ctx.client.query<{ n: number }>(sql, values);
  return { ...noChanges(), reemplazados: rows[0].n };
}

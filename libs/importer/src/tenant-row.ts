import type { Client } from 'pg';
import type { TenantInput } from './dataset.types';
import { ImportError } from './import-error';
import { TENANT_DATA_TABLES } from './tables';

/**
 * Creates the tenant row, or (with replace) empties the tenant and refreshes its row.
 *
 * On replace the tenant row and its e-payroll sequence are updated in place rather than deleted
 * and re-inserted: deleting the tenant would cascade to the sequence row, and a numbering call
 * of the API waiting on that row's lock would then find it gone instead of seeing the new value.
 * Every other table is emptied explicitly by tenant_id (the line tables have no foreign keys).
 */
export async function prepareTenant(client: Client, tenant: TenantInput, tenantKey: string, replace: boolean): Promise<void> {
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

/**
 * Writes the tenant's e-payroll numbering. Numbers already issued must never be issued again
 * (CONTRACT §3.8), so a replace never moves the sequence backwards: with the same prefix the next
 * number is the greater of the file's and the stored one; a new prefix starts where the file says
 * (its numbers are distinct documents). A file without `nominaElectronica` leaves a stored
 * sequence untouched for the same reason, and creates none for a new tenant (the API starts at NE1).
 */
export async function writeSequence(client: Client, tenant: TenantInput, tenantKey: string): Promise<void> {
  const seq = tenant.nominaElectronica;
  if (!seq) return;
  await client.query(
    `insert into nomina_electronica_secuencia as s (tenant_id, prefijo, siguiente_numero) values ($1, $2, $3)
     on conflict (tenant_id) do update set
       siguiente_numero = case when s.prefijo = excluded.prefijo
                               then greatest(s.siguiente_numero, excluded.siguiente_numero)
                               else excluded.siguiente_numero end,
       prefijo = excluded.prefijo`,
    [tenantKey, seq.prefijo, seq.siguienteNumero],
  );
}

/** E-mails of the file that already log in to another tenant (run after the replace deletes). */
export async function emailsInUse(client: Client, emailKeys: string[]): Promise<{ email_key: string; tenant_id: string }[]> {
  if (!emailKeys.length) return [];
  const { rows } = await client.query<{ email_key: string; tenant_id: string }>(
    'select email_key, tenant_id::text from login_directory where email_key = any($1::text[])',
    [emailKeys],
  );
  return rows;
}

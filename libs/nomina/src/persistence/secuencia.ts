import type { Client } from 'pg';

/**
 * Writes the tenant's e-payroll numbering. Numbers already issued must never be issued again
 * (CONTRACT §3.8), so a replace never moves the sequence backwards: with the same prefix the next
 * number is the greater of the file's and the stored one; a new prefix starts where the file says
 * (its numbers are distinct documents). A file without `nominaElectronica` leaves a stored
 * sequence untouched for the same reason, and creates none for a new tenant (the API starts at NE1).
 */
export async function writeSecuencia(
  client: Client,
  tenantKey: string,
  seq: { prefijo: string; siguienteNumero: number } | undefined,
): Promise<void> {
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

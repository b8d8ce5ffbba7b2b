import type { Client } from 'pg';

/** What a merge's validation asks of the stored data: the tenant, and the businesses and logins the file names. */

export async function findTenant(client: Client, tenantKey: string): Promise<{ nombre: string } | undefined> {
  const { rows } = await client.query<{ nombre: string }>('select nombre from tenant where id = $1', [tenantKey]);
  return rows[0];
}

export async function findNegocios(client: Client, tenantKey: string, ids: string[]): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>('select id::text from negocio where tenant_id = $1 and id = any($2::uuid[])', [
    tenantKey,
    ids,
  ]);
  return rows.map((r) => r.id);
}

/** The users (of any tenant) these e-mails log in as. */
export async function findLogins(client: Client, emailKeys: string[]): Promise<{ email: string; tenant: string; usuario: string }[]> {
  const { rows } = await client.query<{ email: string; tenant: string; usuario: string }>(
    'select email_key as email, tenant_id::text as tenant, usuario_id::text as usuario from login_directory where email_key = any($1::text[])',
    [emailKeys],
  );
  return rows;
}

/** Stored password hashes of these users, so a merge keeps a hash whose password did not change. */
export async function findPasswordHashes(client: Client, tenantKey: string, ids: string[]): Promise<Map<string, string>> {
  const { rows } = await client.query<{ id: string; password_hash: string }>(
    'select id::text, password_hash from usuario where tenant_id = $1 and id = any($2::uuid[])',
    [tenantKey, ids],
  );
  return new Map(rows.map((r) => [r.id, r.password_hash]));
}

import type { Client } from 'pg';

/** What a merge's validation asks of the stored tenant: the catalog rows the file names, by uuid. */

export async function findCategorias(client: Client, tenantKey: string, ids: string[]): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>('select id::text from categoria where tenant_id = $1 and id = any($2::uuid[])', [
    tenantKey,
    ids,
  ]);
  return rows.map((r) => r.id);
}

export async function findProductos(client: Client, tenantKey: string, ids: string[]): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>('select id::text from producto where tenant_id = $1 and id = any($2::uuid[])', [
    tenantKey,
    ids,
  ]);
  return rows.map((r) => r.id);
}

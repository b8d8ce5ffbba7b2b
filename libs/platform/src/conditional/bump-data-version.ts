// Apart from the reader (data-version.ts) so an import bumps the version without loading Nest or
// the read kit: `@nomina-api/platform/bulk` exports it.

export const BUMP_DATA_VERSION_SQL = `
  insert into tenant_data_version (tenant_id, version, changed_at)
  values ($1, nextval('tenant_data_version_seq'), now())
  on conflict (tenant_id) do update set version = excluded.version, changed_at = excluded.changed_at
  returning version::text as version`;

/** Anything that runs SQL inside the writer's transaction: a pg client, or a MikroORM/knex wrapper. */
export interface SqlRunner {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * Marks the tenant's data as changed. Call it inside the transaction that changes the data
 * (import, replace, numbering): readers see the new version exactly when they see the new data,
 * and a rolled-back write leaves the version alone. Returns the new version.
 */
export async function bumpDataVersion(client: SqlRunner, tenantId: string): Promise<string> {
  const { rows } = await client.query(BUMP_DATA_VERSION_SQL, [tenantId]);
  return (rows[0] as { version: string }).version;
}

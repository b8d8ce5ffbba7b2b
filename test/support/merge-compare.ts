import type { Client } from 'pg';
import { TENANT_DATA_TABLES } from '@nomina-api/importer/tables';
import { ACUMULADO_ANUAL_ROWS, CONCEPTO_ANUAL_ROWS } from '@nomina-api/nomina/persistence';

/**
 * A tenant's stored rows, table by table, as comparable text: what a merge left must be what a fresh
 * import of the same final state writes. Numbers are compared by value (a rollup summed in SQL may
 * carry another scale than one summed in JavaScript: 10.5 and 10.5000 are the same sum); the
 * password hashes are salted (each import hashes again) and are left out, as is the import time.
 */
export async function tenantRows(db: Client, tenantKey: string): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of [...TENANT_DATA_TABLES, 'tenant', 'nomina_electronica_secuencia']) {
    const { rows: columns } = await db.query<{ name: string; type: string }>(
      `select column_name as name, data_type as type from information_schema.columns
        where table_schema = current_schema() and table_name = $1 and column_name not in ('password_hash', 'imported_at')
        order by ordinal_position`,
      [table],
    );
    const text = (c: { name: string; type: string }): string => (c.type === 'numeric' ? `trim_scale(${c.name})::text` : `${c.name}::text`);
    const row = columns.map((c) => `coalesce(${text(c)}, '∅')`).join(` || '|' || `);
    const key = table === 'tenant' ? 'id' : 'tenant_id';
    const { rows } = await db.query<{ r: string }>(`select ${row} as r from ${table} where ${key} = $1 order by 1`, [tenantKey]);
    out[table] = rows.map((r) => r.r);
  }
  return out;
}

/** The rollup rows that differ from their SQL definition (what the migration backfills). */
export const ROLLUP_DIFF = `
  select count(*)::int as n from (
    (select * from vinculacion_acumulado_anual where tenant_id = $1 except select * from (${ACUMULADO_ANUAL_ROWS}) r where r.tenant_id = $1)
    union all
    (select * from (${ACUMULADO_ANUAL_ROWS}) r where r.tenant_id = $1 except select * from vinculacion_acumulado_anual where tenant_id = $1)
  ) x`;

/** The per-concept rollup rows, of every tenant, that differ from their SQL definition (sums and count of lines). */
export const CONCEPTO_ROLLUP_DIFF = `
  select count(*)::int as n from (
    (select * from vinculacion_concepto_anual except select * from (${CONCEPTO_ANUAL_ROWS}) r)
    union all
    (select * from (${CONCEPTO_ANUAL_ROWS}) r except select * from vinculacion_concepto_anual)
  ) x`;

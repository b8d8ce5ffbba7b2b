import type { Client } from 'pg';

/**
 * A merge import (CONTRACT §6) stages the file's rows of a tenant before touching the stored ones:
 * the same loaders that write a plain import write them, through COPY, into temporary twins of the
 * tables (`merge_<table>`: the same columns, dropped at commit, never WAL-logged). Set-based SQL then
 * compares them with the stored rows the file names, and only what differs is written. A dry run
 * stops after the comparison.
 */

/** Where a loader writes a table's rows: the table itself, or its staging twin. */
export type TableTarget = (table: string) => string;

export const TABLES: TableTarget = (table) => table;
export const STAGED: TableTarget = (table) => `merge_${table}`;

/** One tenant's merge: its connection (in the import's transaction), the tenant, and whether only to count. */
export interface MergeContext {
  client: Client;
  tenantKey: string;
  /** Compare and count, write nothing (`--dry-run`). */
  dryRun: boolean;
}

/** What a merge did (or, dry, would do) to one kind of item of a tenant. */
export interface Changes {
  insertados: number;
  reemplazados: number;
  eliminados: number;
}

export const noChanges = (): Changes => ({ insertados: 0, reemplazados: 0, eliminados: 0 });

export const changed = (c: Changes): boolean => c.insertados + c.reemplazados + c.eliminados > 0;

/**
 * Creates (or empties, for the file's next tenant) the staging twin of each table. Constraints other
 * than NOT NULL are not copied: the staged rows are checked by the validation and by the real
 * tables when they are written.
 */
export async function stageTables(client: Client, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    await client.query(`create temp table if not exists ${STAGED(table)} (like ${table} including defaults) on commit drop`);
    await client.query(`truncate ${STAGED(table)}`);
  }
}

/** A table whose rows a merge inserts or updates by key, the stored rows it does not name left alone. */
export interface KeyedTable {
  table: string;
  /** The columns a load writes (tenant_id first). */
  columns: readonly string[];
  /** The row's key within the tenant (after tenant_id). */
  key: readonly string[];
  /** Columns a stored row keeps when the file updates it (neither compared nor overwritten). */
  keep?: readonly string[];
}

const compared = (t: KeyedTable): string[] => t.columns.filter((c) => c !== 'tenant_id' && !t.key.includes(c) && !t.keep?.includes(c));

const keyJoin = (t: KeyedTable, stored: string, staged: string): string =>
  [`${stored}.tenant_id = ${staged}.tenant_id`, ...t.key.map((k) => `${stored}.${k} = ${staged}.${k}`)].join(' and ');

const tuple = (alias: string, columns: readonly string[]): string => `(${columns.map((c) => `${alias}.${c}`).join(', ')})`;

/** Staged rows (alias s) with no stored row of their key. */
export function newRowsSql(t: KeyedTable): string {
  return `select s.* from ${STAGED(t.table)} s where not exists (select 1 from ${t.table} x where ${keyJoin(t, 'x', 's')})`;
}

/** Staged rows (alias s) whose stored row differs in a compared column. */
export function changedRowsSql(t: KeyedTable): string {
  const cols = compared(t);
  const differs = cols.length ? `${tuple('x', cols)} is distinct from ${tuple('s', cols)}` : 'false';
  return `select s.* from ${STAGED(t.table)} s join ${t.table} x on ${keyJoin(t, 'x', 's')} where ${differs}`;
}

/**
 * Fresh statistics of staged tables, once the loaders have filled them: without them the planner
 * guesses their size, and a guess of thousands of staged payments makes it scan a large tenant's
 * stored lines instead of looking up the few the file names (measured: 13 s instead of well under one
 * for a payment of 500 payslips merged again into the largest tenant of the large dataset).
 */
export async function analyzeStaged(client: Client, tables: readonly string[]): Promise<void> {
  await client.query(`analyze ${tables.map(STAGED).join(', ')}`);
}

/** How many staged rows are new and how many change a stored row. */
export async function countStaged(client: Client, t: KeyedTable): Promise<{ nuevos: number; cambiados: number }> {
  await analyzeStaged(client, [t.table]);
  const { rows } = await client.query<{ nuevos: number; cambiados: number }>(
    `select (select count(*) from (${newRowsSql(t)}) n)::int as nuevos, (select count(*) from (${changedRowsSql(t)}) c)::int as cambiados`,
  );
  return rows[0];
}

/**
 * Writes the staged rows: new keys inserted, stored rows updated where a compared column differs
 * (an identical row is not rewritten: no dead tuple, no WAL). `insertValues` may replace a column's
 * value on insert (e.g. a position after the stored ones).
 */
export async function upsertStaged(client: Client, t: KeyedTable, insertValues: Record<string, string> = {}): Promise<void> {
  const cols = compared(t);
  const values = t.columns.map((c) => insertValues[c] ?? `s.${c}`).join(', ');
  const conflict = cols.length
    ? `do update set ${cols.map((c) => `${c} = excluded.${c}`).join(', ')} where ${tuple(t.table, cols)} is distinct from ${tuple('excluded', cols)}`
    : 'do nothing';
  await client.query(
    `insert into ${t.table} (${t.columns.join(', ')}) select ${values} from ${STAGED(t.table)} s
     on conflict (tenant_id, ${t.key.join(', ')}) ${conflict}`,
  );
}

/** Counts the staged rows of a keyed table and, unless dry, writes them. */
export async function mergeKeyed(ctx: MergeContext, t: KeyedTable): Promise<Changes> {
  const { nuevos, cambiados } = await countStaged(ctx.client, t);
  if (!ctx.dryRun && nuevos + cambiados) await upsertStaged(ctx.client, t);
  return { ...noChanges(), insertados: nuevos, reemplazados: cambiados };
}

/**
 * The rows of two row sets that are not in the other, as one query (alias-free): every row differing
 * between a staged set and the stored rows it replaces. `except all`, so duplicates count.
 */
export function symmetricDifferenceSql(a: string, b: string): string {
  return `((${a}) except all (${b})) union all ((${b}) except all (${a}))`;
}

/** Items a merge replaces whole (a payment with its payslips, a sale with its lines, a supplier with its establishments). */
export interface WholeItems {
  /** The parent table; its staged twin holds the file's items. */
  table: string;
  /** The parent's key within the tenant, and its SQL type. */
  key: string;
  keyType: string;
  /** The children tables staged with it (their statistics are refreshed with the parent's). */
  children: readonly string[];
  /**
   * SQL ($1: the tenant) giving, in one column, the keys of the staged items whose stored version
   * differs anywhere (its row or its children's); new items may be among them.
   */
  differing: string;
}

const actionsTable = (t: WholeItems): string => `merge_${t.table}_cambio`;

/** The keys of the items of these actions (N new, R replaced, E removed), as a subquery. */
export const wholeActions = (t: WholeItems, actions: string): string =>
  `(select ${t.key} from ${actionsTable(t)} where accion in (${actions}))`;

/**
 * Decides what happens to each item: N new, R replaced (stored, and different), E removed (listed in
 * `removed` and stored; a key that is not stored is no change). Kept in a temporary table for the
 * writes that follow (wholeActions); returns the counts.
 */
export async function classifyWhole(ctx: MergeContext, t: WholeItems, removed: string[]): Promise<Changes> {
  const { client, tenantKey } = ctx;
  const actions = actionsTable(t);
  await analyzeStaged(client, [t.table, ...t.children]);
  await client.query(
    `create temp table if not exists ${actions} (${t.key} ${t.keyType} primary key, accion char(1) not null) on commit drop`,
  );
  await client.query(`truncate ${actions}`);
  await client.query(
    `insert into ${actions} select s.${t.key}, 'N' from ${STAGED(t.table)} s
      where not exists (select 1 from ${t.table} x where x.tenant_id = $1 and x.${t.key} = s.${t.key})`,
    [tenantKey],
  );
  await client.query(
    `insert into ${actions} select distinct d.k, 'R' from (${t.differing}) as d(k)
      where not exists (select 1 from ${actions} c where c.${t.key} = d.k)`,
    [tenantKey],
  );
  await client.query(
    `insert into ${actions} select x.${t.key}, 'E' from ${t.table} x where x.tenant_id = $1 and x.${t.key} = any($2::${t.keyType.split(' ')[0]}[])
     on conflict do nothing`,
    [tenantKey, removed],
  );
  // The writes that follow select by it: their plans need its size.
  await client.query(`analyze ${actions}`);
  const { rows } = await client.query<{ accion: string; n: number }>(`select accion, count(*)::int as n from ${actions} group by 1`);
  const count = (a: string): number => rows.find((r) => r.accion === a)?.n ?? 0;
  return { insertados: count('N'), reemplazados: count('R'), eliminados: count('E') };
}

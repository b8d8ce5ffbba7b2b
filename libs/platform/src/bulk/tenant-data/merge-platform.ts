import {
  analyzeStaged,
  changedRowsSql,
  type Changes,
  type KeyedTable,
  type MergeContext,
  newRowsSql,
  noChanges,
  stageTables,
  symmetricDifferenceSql,
  upsertStaged,
} from '../staging';
import { PLATFORM_COLUMNS as COLUMNS } from './tables';

/**
 * A merge of platform's tenant rows (CONTRACT §6): businesses and users by uuid. A business keeps
 * its stored position (`orden`); new ones go after the stored ones in file order. A business's
 * subscriptions, a user's businesses and its login e-mail come with it, replaced when they differ.
 * The file's rows were staged by loadPlatformTenantData (STAGED), with a user's stored password
 * hash kept when the file's password still matches it (scrypt hashes are salted: a new hash of
 * the same password would look like a change).
 */

const NEGOCIO: KeyedTable = { table: 'negocio', columns: COLUMNS.negocio, key: ['id'], keep: ['orden'] };
const USUARIO: KeyedTable = { table: 'usuario', columns: COLUMNS.usuario, key: ['id'] };

export async function stagePlatform(ctx: MergeContext): Promise<void> {
  await stageTables(ctx.client, ['negocio', 'suscripcion', 'usuario', 'usuario_negocio', 'login_directory']);
}

const list = (table: keyof typeof COLUMNS, alias?: string): string => COLUMNS[table].map((c) => (alias ? `${alias}.${c}` : c)).join(', ');

/** Staged parents (alias-free id lists) that are new, and those whose row or children differ. */
async function classify(ctx: MergeContext, parent: KeyedTable, children: string): Promise<{ nuevos: string[]; cambiados: string[] }> {
  await analyzeStaged(ctx.client, [parent.table]);
  const { rows } = await ctx.client.query<{ id: string; nuevo: boolean }>(
    `with nuevos as (select id from (${newRowsSql(parent)}) n)
     select id::text, true as nuevo from nuevos
     union
     select id::text, false from (select id from (${changedRowsSql(parent)}) c union select id from (${children}) d) x
      where id not in (select id from nuevos)`,
    [ctx.tenantKey],
  );
  return { nuevos: rows.filter((r) => r.nuevo).map((r) => r.id), cambiados: rows.filter((r) => !r.nuevo).map((r) => r.id) };
}

export async function mergeNegocios(ctx: MergeContext): Promise<Changes> {
  const storedSubs = `select ${list('suscripcion', 's')} from suscripcion s where s.tenant_id = $1 and s.negocio_id in (select id from merge_negocio)`;
  const subs = `select negocio_id as id from (${symmetricDifferenceSql(`select ${list('suscripcion')} from merge_suscripcion`, storedSubs)}) d`;
  const { nuevos, cambiados } = await classify(ctx, NEGOCIO, subs);
  if (!ctx.dryRun && nuevos.length + cambiados.length) {
    const touched = [...nuevos, ...cambiados];
    await upsertStaged(ctx.client, NEGOCIO, {
      orden: '(select coalesce(max(n.orden), -1) + 1 from negocio n where n.tenant_id = s.tenant_id) + s.orden',
    });
    await ctx.client.query('delete from suscripcion where tenant_id = $1 and negocio_id = any($2::uuid[])', [ctx.tenantKey, touched]);
    await ctx.client.query(
      `insert into suscripcion (${list('suscripcion')}) select ${list('suscripcion')} from merge_suscripcion where negocio_id = any($1::uuid[])`,
      [touched],
    );
  }
  return { ...noChanges(), insertados: nuevos.length, reemplazados: cambiados.length };
}

export async function mergeUsuarios(ctx: MergeContext): Promise<Changes> {
  const named = '(select id from merge_usuario)';
  const storedLinks = `select ${list('usuario_negocio', 'l')} from usuario_negocio l where l.tenant_id = $1 and l.usuario_id in ${named}`;
  const storedLogins = `select ${list('login_directory', 'l')} from login_directory l where l.tenant_id = $1 and l.usuario_id in ${named}`;
  const children =
    `select usuario_id as id from (${symmetricDifferenceSql(`select ${list('usuario_negocio')} from merge_usuario_negocio`, storedLinks)}) a ` +
    `union select usuario_id from (${symmetricDifferenceSql(`select ${list('login_directory')} from merge_login_directory`, storedLogins)}) b`;
  const { nuevos, cambiados } = await classify(ctx, USUARIO, children);
  if (!ctx.dryRun && nuevos.length + cambiados.length) {
    const touched = [...nuevos, ...cambiados];
    const args = [ctx.tenantKey, touched];
    // The old login e-mail goes before the new one is written (another user of the file may take it).
    await ctx.client.query('delete from login_directory where tenant_id = $1 and usuario_id = any($2::uuid[])', args);
    await ctx.client.query('delete from usuario_negocio where tenant_id = $1 and usuario_id = any($2::uuid[])', args);
    await upsertStaged(ctx.client, USUARIO);
    for (const table of ['usuario_negocio', 'login_directory'] as const) {
      await ctx.client.query(
        `insert into ${table} (${list(table)}) select ${list(table)} from merge_${table} where usuario_id = any($1::uuid[])`,
        [touched],
      );
    }
  }
  return { ...noChanges(), insertados: nuevos.length, reemplazados: cambiados.length };
}

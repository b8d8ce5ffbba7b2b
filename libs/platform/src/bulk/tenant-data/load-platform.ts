import type { Client } from 'pg';
import { copyRows, type CopyValue } from '../copy-writer';
import { ImportError } from '../import-error';
import { emailKey, uuidKey } from '../keys';
import { TABLES, type TableTarget } from '../staging';
import type { NegocioInput, UsuarioInput } from './dataset.types';
import { PLATFORM_COLUMNS as COLUMNS } from './tables';

/**
 * Platform's rows of one tenant (the tenant row itself is the importer's): businesses with their
 * subscriptions, users with their businesses and their login e-mails. `passwordHashes` are
 * computed before the transaction opens (scrypt is slow and needs no database).
 */
export async function loadPlatformTenantData(
  client: Client,
  tenantKey: string,
  data: { negocios?: NegocioInput[]; usuarios?: UsuarioInput[] },
  passwordHashes: Map<UsuarioInput, string>,
  into: TableTarget = TABLES,
): Promise<void> {
  await loadNegocios(client, tenantKey, data.negocios ?? [], into);
  await loadUsuarios(client, tenantKey, data.usuarios ?? [], passwordHashes, into);
}

async function loadNegocios(client: Client, tenantKey: string, negocios: NegocioInput[], into: TableTarget): Promise<void> {
  await copyRows(
    client,
    into('negocio'),
    COLUMNS.negocio,
    negocios.map((n, orden) => [tenantKey, uuidKey(n.uuid), n.nombre, orden]),
  );
  const suscripciones = negocios.flatMap((n) =>
    n.suscripcion ? [[tenantKey, uuidKey(n.uuid), n.suscripcion.plan, n.suscripcion.desde, n.suscripcion.hasta]] : [],
  );
  await copyRows(client, into('suscripcion'), COLUMNS.suscripcion, suscripciones);
}

async function loadUsuarios(
  client: Client,
  tenantKey: string,
  usuarios: UsuarioInput[],
  hashes: Map<UsuarioInput, string>,
  into: TableTarget,
): Promise<void> {
  // A merge stages its users; their e-mails were checked against the stored ones at validation, with their paths.
  const taken =
    into === TABLES
      ? await emailsInUse(
          client,
          usuarios.map((u) => emailKey(u.email)),
        )
      : [];
  if (taken.length) {
    const list = taken.map((t) => `${t.email_key} (tenant ${t.tenant_id})`).join(', ');
    throw new ImportError('EMAIL_IN_USE', `Estos correos ya pertenecen a usuarios de otro tenant: ${list}`);
  }
  const rows = usuarios.map((u): CopyValue[] => [
    tenantKey,
    uuidKey(u.uuid),
    u.email,
    hashes.get(u),
    u.nombre,
    u.apellido,
    u.rol ?? 'ADMIN',
    u.activo ?? true,
  ]);
  await copyRows(client, into('usuario'), COLUMNS.usuario, rows);
  const links = usuarios.flatMap((u) => u.negocios.map((n, orden) => [tenantKey, uuidKey(u.uuid), orden, uuidKey(n)]));
  await copyRows(client, into('usuario_negocio'), COLUMNS.usuario_negocio, links);
  await copyRows(
    client,
    into('login_directory'),
    COLUMNS.login_directory,
    usuarios.map((u) => [emailKey(u.email), tenantKey, uuidKey(u.uuid)]),
  );
}

/** E-mails of the file that already log in to another tenant (run after the replace deletes). */
async function emailsInUse(client: Client, emailKeys: string[]): Promise<{ email_key: string; tenant_id: string }[]> {
  if (!emailKeys.length) return [];
  const { rows } = await client.query<{ email_key: string; tenant_id: string }>(
    'select email_key, tenant_id::text from login_directory where email_key = any($1::text[])',
    [emailKeys],
  );
  return rows;
}

import type { Client } from 'pg';

/**
 * What a merge's validation asks of the stored tenant (CONTRACT §6): only the rows the file names,
 * by key, in batches; never the tenant's catalog or history as a whole.
 */

export async function findTiposCotizante(client: Client, tenantKey: string, codigos: string[]): Promise<string[]> {
  const { rows } = await client.query<{ codigo: string }>(
    'select codigo from tipo_cotizante where tenant_id = $1 and codigo = any($2::text[])',
    [tenantKey, codigos],
  );
  return rows.map((r) => r.codigo);
}

export interface StoredConcepto {
  codigo: string;
  devengado: boolean;
  baseAportes: boolean;
}

export async function findConceptos(client: Client, tenantKey: string, codigos: string[]): Promise<StoredConcepto[]> {
  const { rows } = await client.query<StoredConcepto>(
    `select codigo, tipo = 'DEVENGADO' as devengado, base_aportes as "baseAportes" from concepto where tenant_id = $1 and codigo = any($2::text[])`,
    [tenantKey, codigos],
  );
  return rows;
}

/** Payment groups with one of these uuids or codes. */
export async function findGruposPago(
  client: Client,
  tenantKey: string,
  ids: string[],
  codigos: string[],
): Promise<{ id: string; codigo: string }[]> {
  const { rows } = await client.query<{ id: string; codigo: string }>(
    'select id::text, codigo from grupo_pago where tenant_id = $1 and (id = any($2::uuid[]) or codigo = any($3::text[]))',
    [tenantKey, ids, codigos],
  );
  return rows;
}

/** Bonds with their employee. */
export async function findVinculaciones(client: Client, tenantKey: string, ids: string[]): Promise<{ id: string; empleado: string }[]> {
  const { rows } = await client.query<{ id: string; empleado: string }>(
    'select id::text, empleado_id::text as empleado from vinculacion where tenant_id = $1 and id = any($2::uuid[])',
    [tenantKey, ids],
  );
  return rows;
}

/** Employees holding one of these documents (type and number, the number without case, as the validation compares it). */
export async function findEmpleadosPorDocumento(
  client: Client,
  tenantKey: string,
  documentos: { tipoDocumento: string; identificacion: string }[],
): Promise<{ id: string; tipoDocumento: string; identificacion: string }[]> {
  const { rows } = await client.query<{ id: string; tipoDocumento: string; identificacion: string }>(
    `select e.id::text, e.tipo_documento as "tipoDocumento", e.identificacion
       from empleado e join unnest($2::text[], $3::text[]) d(tipo, numero)
         on e.tenant_id = $1 and e.tipo_documento = d.tipo and e.identificacion_fold = d.numero`,
    [tenantKey, documentos.map((d) => d.tipoDocumento), documentos.map((d) => d.identificacion.toLowerCase())],
  );
  return rows;
}

/** Payslips with their payment. */
export async function findPagosEmpleado(client: Client, tenantKey: string, ids: string[]): Promise<{ id: string; pago: string }[]> {
  const { rows } = await client.query<{ id: string; pago: string }>(
    'select id::text, pago_id::text as pago from pago_empleado where tenant_id = $1 and id = any($2::uuid[])',
    [tenantKey, ids],
  );
  return rows;
}

/** The payments holding a payslip of each of these employees. */
export async function findPagosDeEmpleados(
  client: Client,
  tenantKey: string,
  empleados: string[],
): Promise<{ empleado: string; pago: string }[]> {
  const { rows } = await client.query<{ empleado: string; pago: string }>(
    'select distinct empleado_id::text as empleado, pago_id::text as pago from pago_empleado where tenant_id = $1 and empleado_id = any($2::uuid[])',
    [tenantKey, empleados],
  );
  return rows;
}

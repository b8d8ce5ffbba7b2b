import type { Client } from 'pg';
import type { ProveedorInput, TenantInput, UsuarioInput } from './dataset.types';
import { uuidBytes } from './binary-copy';
import { copyRows, type CopyValue } from './copy-writer';
import { emailKey, supplierKey, uuidKey } from './dataset-values';
import { ImportError } from './import-error';
import { COLUMNS } from './tables';
import { emailsInUse } from './tenant-row';

/** A payroll concept as the line loop needs it. */
export interface ConceptInfo {
  /** Position in the tenant's concept list, to sum per concept in plain arrays. */
  index: number;
  devengado: boolean;
  baseAportes: boolean;
}

/** What the streamed payroll needs to resolve from the tenant's catalogs. */
export interface TenantRefs {
  concepts: Map<string, ConceptInfo>;
  /** Bond key → the bond's and its employee's uuid bytes (pago_empleado.vinculacion_id, empleado_id). */
  bonds: Map<string, { bond: Uint8Array; employee: Uint8Array }>;
}

/** Users, businesses, catalogs and employees: everything the streamed payroll and sales refer to. */
export async function loadTenantBase(
  client: Client,
  tenant: TenantInput,
  tenantKey: string,
  passwordHashes: Map<UsuarioInput, string>,
): Promise<TenantRefs> {
  await loadNegocios(client, tenant, tenantKey);
  await loadUsuarios(client, tenant, tenantKey, passwordHashes);
  await copyRows(client, 'tipo_cotizante', COLUMNS.tipo_cotizante, (tenant.tiposCotizante ?? []).map((t) => [tenantKey, t.codigo, t.descripcion]));
  await copyRows(client, 'concepto', COLUMNS.concepto, (tenant.conceptos ?? []).map((c) => [tenantKey, c.codigo, c.nombre, c.tipo, c.baseAportes ?? false]));
  await copyRows(client, 'grupo_pago', COLUMNS.grupo_pago, (tenant.gruposPago ?? []).map((g) => [tenantKey, uuidKey(g.uuid), g.codigo, g.nombre]));
  const bonds = await loadEmpleados(client, tenant, tenantKey);
  await copyRows(client, 'categoria', COLUMNS.categoria, (tenant.categorias ?? []).map((c) => [tenantKey, uuidKey(c.uuid), c.nombre]));
  await copyRows(
    client,
    'producto',
    COLUMNS.producto,
    (tenant.productos ?? []).map((p) => [tenantKey, uuidKey(p.uuid), uuidKey(p.negocio), p.categoria == null ? null : uuidKey(p.categoria), p.codigo, p.nombre]),
  );
  const concepts = new Map<string, ConceptInfo>();
  (tenant.conceptos ?? []).forEach((c, index) =>
    concepts.set(c.codigo, { index, devengado: c.tipo === 'DEVENGADO', baseAportes: c.baseAportes ?? false }),
  );
  return { concepts, bonds };
}

async function loadNegocios(client: Client, tenant: TenantInput, tenantKey: string): Promise<void> {
  const negocios = tenant.negocios ?? [];
  await copyRows(client, 'negocio', COLUMNS.negocio, negocios.map((n, orden) => [tenantKey, uuidKey(n.uuid), n.nombre, orden]));
  const suscripciones = negocios.flatMap((n) => (n.suscripcion ? [[tenantKey, uuidKey(n.uuid), n.suscripcion.plan, n.suscripcion.desde, n.suscripcion.hasta]] : []));
  await copyRows(client, 'suscripcion', COLUMNS.suscripcion, suscripciones);
}

async function loadUsuarios(client: Client, tenant: TenantInput, tenantKey: string, hashes: Map<UsuarioInput, string>): Promise<void> {
  const usuarios = tenant.usuarios ?? [];
  const taken = await emailsInUse(client, usuarios.map((u) => emailKey(u.email)));
  if (taken.length) {
    const list = taken.map((t) => `${t.email_key} (tenant ${t.tenant_id})`).join(', ');
    throw new ImportError('EMAIL_IN_USE', `Estos correos ya pertenecen a usuarios de otro tenant: ${list}`);
  }
  const rows = usuarios.map((u): CopyValue[] => [
    tenantKey, uuidKey(u.uuid), u.email, hashes.get(u), u.nombre, u.apellido, u.rol ?? 'ADMIN', u.activo ?? true,
  ]);
  await copyRows(client, 'usuario', COLUMNS.usuario, rows);
  const links = usuarios.flatMap((u) => u.negocios.map((n, orden) => [tenantKey, uuidKey(u.uuid), orden, uuidKey(n)]));
  await copyRows(client, 'usuario_negocio', COLUMNS.usuario_negocio, links);
  await copyRows(client, 'login_directory', COLUMNS.login_directory, usuarios.map((u) => [emailKey(u.email), tenantKey, uuidKey(u.uuid)]));
}

async function loadEmpleados(client: Client, tenant: TenantInput, tenantKey: string): Promise<TenantRefs['bonds']> {
  const empleados = tenant.empleados ?? [];
  const refs: TenantRefs['bonds'] = new Map();
  const bonds: CopyValue[][] = [];
  const people = empleados.map((e) => {
    const key = uuidKey(e.uuid);
    const employee = uuidBytes(key);
    for (const v of e.vinculaciones) {
      const bond = uuidKey(v.uuid);
      refs.set(bond, { bond: uuidBytes(bond), employee });
      bonds.push([tenantKey, bond, key, v.fechaIngreso, v.fechaRetiro ?? null, v.salarioBase, v.salarioIntegral, v.tipoCotizante]);
    }
    return [tenantKey, key, e.tipoDocumento, e.identificacion, e.nombres, e.apellidos];
  });
  await copyRows(client, 'empleado', COLUMNS.empleado, people);
  await copyRows(client, 'vinculacion', COLUMNS.vinculacion, bonds);
  return refs;
}

/** Suppliers go to the definitive or the entry tables by `ubicacion`; returns the establishments written. */
export async function loadProveedores(client: Client, proveedores: ProveedorInput[], tenantKey: string): Promise<number> {
  let establishments = 0;
  for (const [ubicacion, table] of [['DEFINITIVA', 'proveedor'], ['ENTRADA', 'proveedor_entrada']] as const) {
    const mine = proveedores.filter((p) => p.ubicacion === ubicacion);
    const heads = mine.map((p) => [
      tenantKey, supplierKey(p.identificacion), p.digitoVerificacion ?? null, p.tipoIdentificacion, p.razonSocial, p.nombreComercial ?? null,
    ]);
    const sites = mine.flatMap((p) =>
      p.establecimientos.map((e) => [
        tenantKey, supplierKey(p.identificacion), e.codigo, e.nombre, e.direccion ?? null, e.ciudad ?? null, e.telefono ?? null, e.email ?? null,
      ]),
    );
    await copyRows(client, table, COLUMNS[table], heads);
    await copyRows(client, `${table}_establecimiento`, COLUMNS[`${table}_establecimiento`], sites);
    establishments += sites.length;
  }
  return establishments;
}

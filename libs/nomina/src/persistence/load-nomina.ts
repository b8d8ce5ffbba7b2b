import type { Client } from 'pg';
import { uuidBytes } from '@nomina-api/platform/persistence/bulk/binary-copy';
import { copyRows, type CopyValue } from '@nomina-api/platform/persistence/bulk/copy-writer';
import { uuidKey } from '@nomina-api/platform/persistence/bulk/keys';
import type { ConceptoInput, EmpleadoInput, GrupoPagoInput, TipoCotizanteInput } from './dataset.types';
import { NOMINA_COLUMNS as COLUMNS } from './tables';

/** A payroll concept as the line loop needs it. */
export interface ConceptInfo {
  /** Position in the tenant's concept list, to sum per concept in plain arrays. */
  index: number;
  devengado: boolean;
  baseAportes: boolean;
}

/** What the streamed payroll needs to resolve from the tenant's catalogs. */
export interface PayrollRefs {
  concepts: Map<string, ConceptInfo>;
  /** Bond key → the bond's and its employee's uuid bytes (pago_empleado.vinculacion_id, empleado_id). */
  bonds: Map<string, { bond: Uint8Array; employee: Uint8Array }>;
}

export interface NominaCatalogs {
  tiposCotizante?: TipoCotizanteInput[];
  conceptos?: ConceptoInput[];
  gruposPago?: GrupoPagoInput[];
  empleados?: EmpleadoInput[];
}

/** Contributor types, concepts, payment groups, employees and their bonds: everything the streamed payroll refers to. */
export async function loadNominaCatalogs(client: Client, tenantKey: string, data: NominaCatalogs): Promise<PayrollRefs> {
  await copyRows(
    client,
    'tipo_cotizante',
    COLUMNS.tipo_cotizante,
    (data.tiposCotizante ?? []).map((t) => [tenantKey, t.codigo, t.descripcion]),
  );
  await copyRows(
    client,
    'concepto',
    COLUMNS.concepto,
    (data.conceptos ?? []).map((c) => [tenantKey, c.codigo, c.nombre, c.tipo, c.baseAportes ?? false]),
  );
  await copyRows(
    client,
    'grupo_pago',
    COLUMNS.grupo_pago,
    (data.gruposPago ?? []).map((g) => [tenantKey, uuidKey(g.uuid), g.codigo, g.nombre]),
  );
  const bonds = await loadEmpleados(client, tenantKey, data.empleados ?? []);
  const concepts = new Map<string, ConceptInfo>();
  (data.conceptos ?? []).forEach((c, index) =>
    concepts.set(c.codigo, { index, devengado: c.tipo === 'DEVENGADO', baseAportes: c.baseAportes ?? false }),
  );
  return { concepts, bonds };
}

async function loadEmpleados(client: Client, tenantKey: string, empleados: EmpleadoInput[]): Promise<PayrollRefs['bonds']> {
  const refs: PayrollRefs['bonds'] = new Map();
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

/**
 * Writes the tenant's e-payroll numbering. Numbers already issued must never be issued again
 * (CONTRACT §3.8), so a replace never moves the sequence backwards: with the same prefix the next
 * number is the greater of the file's and the stored one; a new prefix starts where the file says
 * (its numbers are distinct documents). A file without `nominaElectronica` leaves a stored
 * sequence untouched for the same reason, and creates none for a new tenant (the API starts at NE1).
 */
export async function writeSequence(
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

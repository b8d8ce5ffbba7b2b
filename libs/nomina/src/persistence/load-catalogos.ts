import type { Client } from 'pg';
import { copyItems, TABLES, type TableTarget, uuidKey } from '@nomina-api/platform/bulk';
import type { ConceptoInput, EmpleadoInput, GrupoPagoInput, TipoCotizanteInput } from './dataset.types';
import { loadEmpleados, type VinculacionRefs } from './load-empleados';
import { NOMINA_COLUMNS as COLUMNS } from './tables';

/** A payroll concept as the line loop needs it. */
export interface ConceptoInfo {
  /** Position in the tenant's concept list, to sum per concept in plain arrays. */
  index: number;
  devengado: boolean;
  baseAportes: boolean;
}

/** What the streamed payroll needs to resolve from the tenant's catalogs. */
export interface NominaRefs {
  conceptos: Map<string, ConceptoInfo>;
  /** Bond key → the bond's and its employee's uuid bytes (pago_empleado.vinculacion_id, empleado_id). */
  vinculaciones: VinculacionRefs;
  /** Employees written. */
  empleados: number;
}

type Items<T> = Iterable<T> | AsyncIterable<T>;

/** Each a list, or the file read again (a streamed import keeps no parsed catalog between its passes). */
export interface CatalogosInput {
  tiposCotizante?: Items<TipoCotizanteInput>;
  conceptos?: Items<ConceptoInput>;
  gruposPago?: Items<GrupoPagoInput>;
  empleados?: Items<EmpleadoInput>;
}

/** Contributor types, concepts, payment groups, employees and their bonds: everything the streamed payroll refers to. */
export async function loadCatalogos(
  client: Client,
  tenantKey: string,
  data: CatalogosInput,
  into: TableTarget = TABLES,
): Promise<NominaRefs> {
  await copyItems(client, into('tipo_cotizante'), COLUMNS.tipo_cotizante, data.tiposCotizante ?? [], (t) => [
    tenantKey,
    t.codigo,
    t.descripcion,
  ]);
  // The concepts as the line loop needs them, noted while they are written (the first of a code, as validated).
  const conceptos = new Map<string, ConceptoInfo>();
  await copyItems(client, into('concepto'), COLUMNS.concepto, data.conceptos ?? [], (c, index) => {
    if (!conceptos.has(c.codigo))
      conceptos.set(c.codigo, { index, devengado: c.tipo === 'DEVENGADO', baseAportes: c.baseAportes ?? false });
    return [tenantKey, c.codigo, c.nombre, c.tipo, c.baseAportes ?? false];
  });
  await copyItems(client, into('grupo_pago'), COLUMNS.grupo_pago, data.gruposPago ?? [], (g) => [
    tenantKey,
    uuidKey(g.uuid),
    g.codigo,
    g.nombre,
  ]);
  const { refs: vinculaciones, count } = await loadEmpleados(client, tenantKey, data.empleados ?? [], into);
  return { conceptos, vinculaciones, empleados: count };
}

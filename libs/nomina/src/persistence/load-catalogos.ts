import type { Client } from 'pg';
import { copyRows } from '@nomina-api/platform/persistence/bulk/copy-writer';
import { uuidKey } from '@nomina-api/platform/persistence/bulk/keys';
import { TABLES, type TableTarget } from '@nomina-api/platform/persistence/bulk/staging';
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

export interface CatalogosInput {
  tiposCotizante?: TipoCotizanteInput[];
  conceptos?: ConceptoInput[];
  gruposPago?: GrupoPagoInput[];
  /** A list, or the file read again (a streamed import keeps no parsed employees between its passes). */
  empleados?: Iterable<EmpleadoInput> | AsyncIterable<EmpleadoInput>;
}

/** Contributor types, concepts, payment groups, employees and their bonds: everything the streamed payroll refers to. */
export async function loadCatalogos(
  client: Client,
  tenantKey: string,
  data: CatalogosInput,
  into: TableTarget = TABLES,
): Promise<NominaRefs> {
  await copyRows(
    client,
    into('tipo_cotizante'),
    COLUMNS.tipo_cotizante,
    (data.tiposCotizante ?? []).map((t) => [tenantKey, t.codigo, t.descripcion]),
  );
  await copyRows(
    client,
    into('concepto'),
    COLUMNS.concepto,
    (data.conceptos ?? []).map((c) => [tenantKey, c.codigo, c.nombre, c.tipo, c.baseAportes ?? false]),
  );
  await copyRows(
    client,
    into('grupo_pago'),
    COLUMNS.grupo_pago,
    (data.gruposPago ?? []).map((g) => [tenantKey, uuidKey(g.uuid), g.codigo, g.nombre]),
  );
  const { refs: vinculaciones, count } = await loadEmpleados(client, tenantKey, data.empleados ?? [], into);
  const conceptos = new Map<string, ConceptoInfo>();
  (data.conceptos ?? []).forEach((c, index) =>
    conceptos.set(c.codigo, { index, devengado: c.tipo === 'DEVENGADO', baseAportes: c.baseAportes ?? false }),
  );
  return { conceptos, vinculaciones, empleados: count };
}

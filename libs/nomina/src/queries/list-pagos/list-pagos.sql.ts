import { foldedContainsPatternSql, type SortColumn } from '../listing';

/** One payment header as read (field names are the wire names; the handler nests grupoPago). */
export interface PagoRow {
  uuid: string;
  ano: number;
  mes: number;
  descripcion: string;
  fechaDesde: string;
  fechaHasta: string;
  fechaPago: string;
  estado: string;
  tipoPago: string;
  definitivo: boolean;
  incluirPrima: boolean;
  incluirInteresesCesantias: boolean;
  generoPlano: number;
  egresoConErrores: number;
  pendienteGenerarEgreso: number;
  pendienteGenerarIngreso: number | null;
  ingresoConErrores: number | null;
  totalDevengados: string;
  totalDeducciones: string;
  totalNeto: string;
  numeroEmpleados: number;
  grupoUuid: string | null;
  grupoCodigo: string | null;
  grupoNombre: string | null;
  total: number;
}

/** API sort field → SQL (whitelist for orderBy). */
export const PAGO_SORT_COLUMNS: Record<string, SortColumn> = {
  ano: { sql: 'p.ano' },
  mes: { sql: 'p.mes' },
  fechaDesde: { sql: 'p.fecha_desde' },
  fechaHasta: { sql: 'p.fecha_hasta' },
  fechaPago: { sql: 'p.fecha_pago' },
  estado: { sql: 'p.estado', text: true },
  tipoPago: { sql: 'p.tipo_pago', text: true },
  descripcion: { sql: 'p.descripcion', text: true, foldedSql: 'p.descripcion_fold' },
  totalDevengados: { sql: 'p.total_devengados' },
  totalDeducciones: { sql: 'p.total_deducciones' },
  totalNeto: { sql: 'p.total_neto' },
  numeroEmpleados: { sql: 'p.numero_empleados' },
};
export const PAGO_TIE_BREAKER = 'p.id';

/** $1 tenant, $2 estados (text[]). Type IN never appears (SPEC 4.1 rule 2). */
export const PAGOS_WHERE = `
   where p.tenant_id = $1
     and p.tipo_pago <> 'IN'
     and p.estado = any($2::bpchar[])`;

/**
 * $3 filter text. The payment matches by its description, or through any employee with a
 * payslip in it: the matching people come from empleado (trigram GIN indexes on the folded name
 * and document), collected once into an array (an InitPlan), and their payslips are probed in
 * pago_empleado by (tenant_id, empleado_id, pago_id) — an index-only scan. The array keeps the
 * planner from hash-joining a sequential scan of every payslip of the tenant when it
 * overestimates how many people match. The employee path is a hashed subplan: it runs once per
 * request, and only if some payment's own description does not match.
 */
export const PAGOS_FILTER = `
     and (p.descripcion_fold like ${foldedContainsPatternSql('$3')} escape '\\'
          or p.id in (select pe.pago_id
                        from pago_empleado pe
                       where pe.tenant_id = $1
                         and pe.empleado_id = any (array(
                               select e.id
                                 from empleado e
                                where e.tenant_id = $1
                                  and (e.nombre_fold like ${foldedContainsPatternSql('$3')} escape '\\'
                                       or e.identificacion_fold like ${foldedContainsPatternSql('$3')} escape '\\')))))`;

/** A payment's period and state under their wire names, as a payment header and a person's history select them. */
export const PAGO_PERIODO_COLUMNS = `p.fecha_desde as "fechaDesde", p.fecha_hasta as "fechaHasta", p.fecha_pago as "fechaPago",
         p.estado as "estado", p.tipo_pago as "tipoPago", p.definitivo as "definitivo"`;

/** Totals are the ones stored at import (pago.total_*, numero_empleados); flags are written as Java doubles. */
export const PAGOS_SELECT = `
  select p.id as "uuid", p.ano as "ano", p.mes as "mes", p.descripcion as "descripcion",
         ${PAGO_PERIODO_COLUMNS},
         p.incluir_prima as "incluirPrima", p.incluir_intereses_cesantias as "incluirInteresesCesantias",
         p.genero_plano::int as "generoPlano", p.egreso_con_errores::int as "egresoConErrores",
         p.pendiente_generar_egreso::int as "pendienteGenerarEgreso",
         p.pendiente_generar_ingreso::int as "pendienteGenerarIngreso", p.ingreso_con_errores::int as "ingresoConErrores",
         p.total_devengados as "totalDevengados", p.total_deducciones as "totalDeducciones", p.total_neto as "totalNeto",
         p.numero_empleados as "numeroEmpleados",
         g.id as "grupoUuid", g.codigo as "grupoCodigo", g.nombre as "grupoNombre",
         (count(*) over ())::int as "total"
    from pago p
    left join grupo_pago g on g.tenant_id = p.tenant_id and g.id = p.grupo_pago_id`;

/** Page and count statements for one request; `order` comes from orderBy() over PAGO_SORT_COLUMNS. */
export function listPagosSql(filtered: boolean, order: string): { page: string; count: string } {
  const where = PAGOS_WHERE + (filtered ? PAGOS_FILTER : '');
  return {
    page: `${PAGOS_SELECT}${where}\n  ${order}`,
    count: `select count(*)::int as "total" from pago p${where}`,
  };
}

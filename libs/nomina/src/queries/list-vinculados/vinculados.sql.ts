import type { SortColumn } from '../listing';
import { EMPLEADOS_FILTER, EMPLEADOS_WHERE, TODAY_BOGOTA } from '../list-empleados/list-empleados.sql';
import type { VinculadoRow } from './vinculado.view';

/** A bond read with its person and contributor type. */
export interface ListVinculadosRow extends VinculadoRow {
  total: number;
}

/**
 * The element of every bond operation (CONTRACT §11.1), over the aliases v (vinculacion),
 * e (empleado) and tc (tipo_cotizante). `activo` uses the current-bond rule of GET /empleados.
 */
export const VINCULADO_COLUMNS = `
  select v.id as "uuid", e.id as "empleadoUuid", e.tipo_documento as "tipoDocumento", e.identificacion as "idEmpleado",
         e.nombres as "nombres", e.apellidos as "apellidos", e.nombre_completo as "nombreCompleto",
         v.fecha_ingreso as "fechaIngreso", v.fecha_retiro as "fechaRetiro", v.salario_base as "salarioBase",
         v.salario_integral as "salarioIntegral", tc.codigo as "tipoCotizanteCodigo", tc.descripcion as "tipoCotizanteDescripcion",
         (v.fecha_ingreso <= ${TODAY_BOGOTA} and (v.fecha_retiro is null or v.fecha_retiro >= ${TODAY_BOGOTA})) as "activo"`;

/** Bonds with their person and contributor type (both required by foreign keys). */
export const VINCULADO_FROM = `
    from vinculacion v
    join empleado e on e.tenant_id = v.tenant_id and e.id = v.empleado_id
    join tipo_cotizante tc on tc.tenant_id = v.tenant_id and tc.codigo = v.tipo_cotizante`;

/** Which bonds a list holds: current today (GET /vinculados) or retired before today (/vinculados/desvinculados). */
export type AlcanceVinculados = 'vigentes' | 'desvinculados';

const COMMON_SORT_COLUMNS: Record<string, SortColumn> = {
  nombreCompleto: { sql: 'e.nombre_completo', text: true, foldedSql: 'e.nombre_fold' },
  idEmpleado: { sql: 'e.identificacion', text: true, foldedSql: 'e.identificacion_fold' },
  fechaIngreso: { sql: 'v.fecha_ingreso' },
  salarioBase: { sql: 'v.salario_base' },
};

/** API sort field → SQL, per list (whitelists for orderBy). */
export const VINCULADO_SORT_COLUMNS: Record<AlcanceVinculados, Record<string, SortColumn>> = {
  vigentes: COMMON_SORT_COLUMNS,
  desvinculados: { ...COMMON_SORT_COLUMNS, fechaRetiro: { sql: 'v.fecha_retiro' } },
};

/** One element per bond: the bond's uuid ends every order. */
export const VINCULADO_TIE_BREAKER = 'v.id';

/** $1 tenant. Retired before today (a bond retired today is still current, as in GET /empleados). */
const DESVINCULADOS_WHERE = `
   where v.tenant_id = $1
     and v.fecha_retiro < ${TODAY_BOGOTA}`;

const WHERE: Record<AlcanceVinculados, string> = { vigentes: EMPLEADOS_WHERE, desvinculados: DESVINCULADOS_WHERE };

/**
 * $1 tenant, $2 filter text if `filtered` (on the folded full name or the document number, as
 * GET /empleados). `page` selects the elements with the global count; `whole` the same rows
 * without it (a stream of the whole list); `count` the count alone.
 */
export function listVinculadosSql(
  alcance: AlcanceVinculados,
  filtered: boolean,
  order: string,
): { page: string; whole: string; count: string } {
  const where = WHERE[alcance] + (filtered ? EMPLEADOS_FILTER : '');
  return {
    page: `${VINCULADO_COLUMNS},\n         (count(*) over ())::int as "total"${VINCULADO_FROM}${where}\n  ${order}`,
    whole: `${VINCULADO_COLUMNS}${VINCULADO_FROM}${where}\n  ${order}`,
    count: `select count(*)::int as "total"${VINCULADO_FROM}${where}`,
  };
}

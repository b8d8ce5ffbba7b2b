import { foldedContainsPatternSql, type SortColumn } from '../listing';
import type { EmpleadoRow } from './empleado.row';

export interface ListEmpleadosRow extends EmpleadoRow {
  total: number;
}

export const EMPLEADO_SORT_COLUMNS: Record<string, SortColumn> = {
  nombreCompleto: { sql: 'e.nombre_completo', text: true, foldedSql: 'e.nombre_fold' },
  identificacion: { sql: 'e.identificacion', text: true, foldedSql: 'e.identificacion_fold' },
  fechaIngreso: { sql: 'v.fecha_ingreso' },
  salarioBase: { sql: 'v.salario_base' },
};
/** One element per bond, so the bond's uuid is the element's identity. */
export const EMPLEADO_TIE_BREAKER = 'v.id';

/** Calendar day in Colombia, computed by the database so app and DB clocks never disagree. */
export const TODAY_BOGOTA = `(now() at time zone 'America/Bogota')::date`;

/**
 * Whether the bond aliased `v` is current today: started on or before today, not retired before
 * today. The one rule of every "current" in the payroll reads (GET /empleados, the bonds' `activo`,
 * the integration's current bond).
 */
export function vigenteHoy(v: string): string {
  return `${v}.fecha_ingreso <= ${TODAY_BOGOTA} and (${v}.fecha_retiro is null or ${v}.fecha_retiro >= ${TODAY_BOGOTA})`;
}

/** Bonds (v) with their person (e) and contributor type (tc), both required by foreign keys. */
export const EMPLEADOS_FROM = `
    from vinculacion v
    join empleado e on e.tenant_id = v.tenant_id and e.id = v.empleado_id
    join tipo_cotizante tc on tc.tenant_id = v.tenant_id and tc.codigo = v.tipo_cotizante`;

/** $1 tenant. Bonds current today. */
export const EMPLEADOS_WHERE = `
   where v.tenant_id = $1
     and ${vigenteHoy('v')}`;

/** $2 filter text, on the folded full name or document number. */
export const EMPLEADOS_FILTER = `
     and (e.nombre_fold like ${foldedContainsPatternSql('$2')} escape '\\'
          or e.identificacion_fold like ${foldedContainsPatternSql('$2')} escape '\\')`;

export const EMPLEADOS_SELECT = `
  select e.id as "empleadoUuid", e.identificacion as "identificacion", v.id as "vinculadoUuid",
         e.tipo_documento as "tipoDocumento", e.nombre_completo as "nombreCompleto",
         v.fecha_ingreso as "fechaIngreso", v.fecha_retiro as "fechaRetiro",
         v.salario_base as "salarioBase", v.salario_integral as "salarioIntegral", tc.descripcion as "tipoCotizante",
         (count(*) over ())::int as "total"${EMPLEADOS_FROM}`;

export function listEmpleadosSql(filtered: boolean, order: string): { page: string; count: string } {
  const where = EMPLEADOS_WHERE + (filtered ? EMPLEADOS_FILTER : '');
  return {
    page: `${EMPLEADOS_SELECT}${where}\n  ${order}`,
    count: `select count(*)::int as "total"${EMPLEADOS_FROM}${where}`,
  };
}

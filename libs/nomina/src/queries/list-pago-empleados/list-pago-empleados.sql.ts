import { foldedContainsPatternSql, type SortColumn } from '../listing';

/** One payslip as written (wire names). Totals are the ones stored on pago_empleado at import. */
export interface PagoEmpleadoRow {
  uuid: string;
  uuidPago: string;
  uuidVinculado: string;
  uuidEmpleado: string;
  tipoDocumento: string;
  identificacion: string;
  nombreCompleto: string;
  salarioBase: string;
  diasTrabajados: string;
  totalDevengados: string;
  totalDeducciones: string;
  totalNeto: string;
  total: number;
}

export const PAGO_EMPLEADO_SORT_COLUMNS: Record<string, SortColumn> = {
  nombreCompleto: { sql: 'e.nombre_completo', text: true, foldedSql: 'e.nombre_fold' },
  identificacion: { sql: 'e.identificacion', text: true, foldedSql: 'e.identificacion_fold' },
  salarioBase: { sql: 'pe.salario_base' },
  diasTrabajados: { sql: 'pe.dias_trabajados' },
  totalDevengados: { sql: 'pe.total_devengados' },
  totalDeducciones: { sql: 'pe.total_deducciones' },
  totalNeto: { sql: 'pe.total_neto' },
};
export const PAGO_EMPLEADO_TIE_BREAKER = 'pe.id';

const FROM = `
    from pago_empleado pe
    join empleado e on e.tenant_id = pe.tenant_id and e.id = pe.empleado_id`;

/** $1 tenant, $2 payment id: the payslips of one payment (unique index tenant_id, pago_id, vinculacion_id). */
export const PAGO_EMPLEADOS_WHERE = `
   where pe.tenant_id = $1
     and pe.pago_id = $2`;

/** $3 filter text, on the employee's folded full name or document number. */
export const PAGO_EMPLEADOS_FILTER = `
     and (e.nombre_fold like ${foldedContainsPatternSql('$3')} escape '\\'
          or e.identificacion_fold like ${foldedContainsPatternSql('$3')} escape '\\')`;

/** A payslip's salary, days and stored totals under their wire names, as a payment's payslips and a person's history select them. */
export const NOMINA_MONTOS_COLUMNS = `pe.salario_base as "salarioBase", pe.dias_trabajados as "diasTrabajados",
         pe.total_devengados as "totalDevengados", pe.total_deducciones as "totalDeducciones", pe.total_neto as "totalNeto"`;

export const PAGO_EMPLEADOS_SELECT = `
  select pe.id as "uuid", pe.pago_id as "uuidPago", pe.vinculacion_id as "uuidVinculado", pe.empleado_id as "uuidEmpleado",
         e.tipo_documento as "tipoDocumento", e.identificacion as "identificacion", e.nombre_completo as "nombreCompleto",
         ${NOMINA_MONTOS_COLUMNS},
         (count(*) over ())::int as "total"${FROM}`;

export function listPagoEmpleadosSql(filtered: boolean, order: string): { page: string; count: string } {
  const where = PAGO_EMPLEADOS_WHERE + (filtered ? PAGO_EMPLEADOS_FILTER : '');
  return {
    page: `${PAGO_EMPLEADOS_SELECT}${where}\n  ${order}`,
    count: `select count(*)::int as "total"${FROM}${where}`,
  };
}

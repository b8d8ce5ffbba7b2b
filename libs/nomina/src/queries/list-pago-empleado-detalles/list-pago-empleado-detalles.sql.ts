import { prepared } from '@nomina-api/platform/persistence';
import type { TipoConcepto } from '../../domain/tipo-concepto';

/** One concept line of a payslip (wire names). */
export interface PagoEmpleadoDetalleRow {
  uuid: string;
  codigoConcepto: string;
  nombreConcepto: string;
  tipo: TipoConcepto;
  cantidad: string;
  valor: string;
}

/**
 * $1 tenant, $2 payslip id. The payslip drives the query so an unknown one returns no row (404)
 * and a payslip without lines returns one all-null row (200, empty list). Lines come from the
 * primary key (tenant_id, pago_empleado_id, id). Order: DEVENGADO, then DEDUCCION, each by
 * concept code in byte order, then line uuid.
 */
export const PAGO_EMPLEADO_DETALLES_SQL = prepared(`
  select d.id as "uuid", d.concepto_codigo as "codigoConcepto", c.nombre as "nombreConcepto", c.tipo as "tipo",
         d.cantidad as "cantidad", d.valor as "valor"
    from pago_empleado pe
    left join pago_empleado_detalle d on d.tenant_id = pe.tenant_id and d.pago_empleado_id = pe.id
    left join concepto c on c.tenant_id = d.tenant_id and c.codigo = d.concepto_codigo
   where pe.tenant_id = $1
     and pe.id = $2
   order by case c.tipo when 'DEVENGADO' then 0 else 1 end, d.concepto_codigo collate "C", d.id`);

import { prepared } from '@nomina-api/platform/persistence';
import type { TipoConcepto } from '../../domain/tipo-concepto';

/** One concept of a payment summed over its payslips (wire names). */
export interface DetallePagoRow {
  codigoConcepto: string;
  nombreConcepto: string;
  tipo: TipoConcepto;
  cantidad: string;
  valor: string;
  numeroEmpleados: number;
}

/**
 * $1 tenant, $2 payment id. Sums stored at import in pago_concepto_total (never recomputed from
 * the lines). The payment drives the query: unknown → no row (404); a payment without payslips →
 * one all-null row (200, empty list). Same order as a payslip's lines.
 */
export const DETALLE_PAGO_SQL = prepared(`
  select t.concepto_codigo as "codigoConcepto", c.nombre as "nombreConcepto", c.tipo as "tipo",
         t.cantidad as "cantidad", t.valor as "valor", t.numero_empleados as "numeroEmpleados"
    from pago p
    left join pago_concepto_total t on t.tenant_id = p.tenant_id and t.pago_id = p.id
    left join concepto c on c.tenant_id = t.tenant_id and c.codigo = t.concepto_codigo
   where p.tenant_id = $1
     and p.id = $2
   order by case c.tipo when 'DEVENGADO' then 0 else 1 end, t.concepto_codigo collate "C"`);

import { ListPagoEmpleadosQuery } from '../queries/list-pago-empleados/list-pago-empleados.query';
import { StreamPagoEmpleadosQuery } from '../queries/list-pago-empleados/stream-pago-empleados.query';
import { PAGO_EMPLEADO_SCHEMA, writePagoEmpleados } from './dto/pago-empleado.response.dto';
import { nominaList } from './nomina.reply';

/** GET /pagoEmpleados: the envelope of a page, or the file `pagoEmpleados-<pago>-<fecha>`. */
export const PAGO_EMPLEADOS_REPLY = nominaList(
  {
    resource: 'pagoEmpleados',
    schema: PAGO_EMPLEADO_SCHEMA,
    name: (q: ListPagoEmpleadosQuery) => ({ uuid: q.pagoId }),
    whole: (q: ListPagoEmpleadosQuery) => new StreamPagoEmpleadosQuery(q.tenantId, q.pagoId, q.list),
  },
  writePagoEmpleados,
);

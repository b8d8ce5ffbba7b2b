import type { HistorialPagosQuery } from '../queries/historial-pagos/historial-pagos.query';
import { StreamHistorialPagosQuery } from '../queries/historial-pagos/stream-historial-pagos.query';
import { ListPagoEmpleadosQuery } from '../queries/list-pago-empleados/list-pago-empleados.query';
import { StreamPagoEmpleadosQuery } from '../queries/list-pago-empleados/stream-pago-empleados.query';
import { HISTORIAL_PAGO_SCHEMA, writeHistorialPagos } from './dto/historial-pagos.response.dto';
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

/** GET /pagoEmpleados/{uuidEmpleado}/historialPagos: the envelope of a page, or the file `historialPagos-<persona>-<fecha>`. */
export const HISTORIAL_PAGOS_REPLY = nominaList(
  {
    resource: 'historialPagos',
    schema: HISTORIAL_PAGO_SCHEMA,
    name: (q: HistorialPagosQuery) => ({ uuid: q.empleadoId }),
    whole: (q: HistorialPagosQuery) => new StreamHistorialPagosQuery(q.tenantId, q.empleadoId, q.estados, q.list),
  },
  writeHistorialPagos,
);

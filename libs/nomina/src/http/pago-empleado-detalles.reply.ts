import type { ListDetallePagoQuery } from '../queries/list-detalle-pago/list-detalle-pago.query';
import type { ListPagoEmpleadoDetallesQuery } from '../queries/list-pago-empleado-detalles/list-pago-empleado-detalles.query';
import {
  DETALLE_PAGO_SCHEMA,
  PAGO_EMPLEADO_DETALLE_SCHEMA,
  writeDetallePago,
  writePagoEmpleadoDetalles,
} from './dto/pago-empleado-detalle.response.dto';
import { nominaRows } from './nomina.reply';

/** GET /pagoEmpleadoDetalles/detallePago/{idPago}: every concept of the payment, or the file `detallePago-<pago>-<fecha>`. */
export const DETALLE_PAGO_REPLY = nominaRows(
  { resource: 'detallePago', schema: DETALLE_PAGO_SCHEMA, name: (q: ListDetallePagoQuery) => ({ uuid: q.pagoId }) },
  writeDetallePago,
);

/** GET /pagoEmpleadoDetalles/{uuidPagoEmpleado}: every line of the payslip, or the file `pagoEmpleadoDetalles-<nómina>-<fecha>`. */
export const PAGO_EMPLEADO_DETALLES_REPLY = nominaRows(
  {
    resource: 'pagoEmpleadoDetalles',
    schema: PAGO_EMPLEADO_DETALLE_SCHEMA,
    name: (q: ListPagoEmpleadoDetallesQuery) => ({ uuid: q.pagoEmpleadoId }),
  },
  writePagoEmpleadoDetalles,
);

import { ListEmpleadosQuery } from '../queries/list-empleados/list-empleados.query';
import { StreamEmpleadosQuery } from '../queries/list-empleados/stream-empleados.query';
import { EMPLEADO_SCHEMA, writeEmpleados } from './dto/empleado.response.dto';
import { nominaList, nominaOne } from './nomina.reply';

/** GET /empleados: the envelope of a page, or the file `empleados-<fecha>`. */
export const EMPLEADOS_REPLY = nominaList(
  { resource: 'empleados', schema: EMPLEADO_SCHEMA, whole: (q: ListEmpleadosQuery) => new StreamEmpleadosQuery(q.tenantId, q.list) },
  writeEmpleados,
);

/** GET /empleados/{tipoDocumento}/{identificacion} and GET /empleados/{uuid}: an envelope of one. */
export const EMPLEADO_REPLY = nominaOne(writeEmpleados);

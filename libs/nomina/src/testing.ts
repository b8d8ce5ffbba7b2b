/**
 * `@nomina-api/nomina/testing`: what benchmarks and tests drive directly (handlers on a recording or
 * test reader, the list specs and parsers the controllers use, SQL builders, wire examples).
 * Application code imports the context only through `@nomina-api/nomina`.
 */
export { GenerarNominaElectronicaCommand } from './commands/generar-nomina-electronica/generar-nomina-electronica.command';
export { GenerarNominaElectronicaHandler } from './commands/generar-nomina-electronica/generar-nomina-electronica.handler';
export { TOMAR_NUMEROS_SQL } from './commands/generar-nomina-electronica/generar-nomina-electronica.sql';
export { ESTADOS_PAGO, type EstadoPago } from './domain/estado-pago';
export { parseConceptosAcumuladosParams } from './http/dto/conceptos-acumulados.request.dto';
export { EMPLEADO_WIRE_EXAMPLE } from './http/dto/empleado.response.dto';
export { DETALLE_PAGO_WIRE_EXAMPLE, PAGO_EMPLEADO_DETALLES_WIRE_EXAMPLE } from './http/dto/pago-empleado-detalle.response.dto';
export { PAGO_EMPLEADOS_WIRE_EXAMPLE } from './http/dto/pago-empleado.response.dto';
export { PAGO_SCHEMA, PAGOS_WIRE_EXAMPLE } from './http/dto/pago.response.dto';
export { VINCULADO_WIRE_EXAMPLE } from './http/dto/vinculado.response.dto';
export { ESTADOS_PARAM, parseEstados } from './http/estados.param';
export { parseListParams } from './http/list-query.pipe';
export { AcumuladoPorConceptoHandler } from './queries/acumulado-por-concepto/acumulado-por-concepto.handler';
export { AcumuladoPorConceptoQuery } from './queries/acumulado-por-concepto/acumulado-por-concepto.query';
export { acumuladoPorConceptoSql } from './queries/acumulado-por-concepto/acumulado-por-concepto.sql';
export { parseAcumuladoPorConceptoParams } from './http/dto/acumulado-por-concepto.request.dto';
export { ConceptosAcumuladosHandler } from './queries/conceptos-acumulados/conceptos-acumulados.handler';
export { CONCEPTOS_ACUMULADOS_LIST, ConceptosAcumuladosQuery } from './queries/conceptos-acumulados/conceptos-acumulados.query';
export { conceptosAcumuladosSql, type FuenteAcumulado } from './queries/conceptos-acumulados/conceptos-acumulados.sql';
export { GetEmpleadoHandler } from './queries/get-empleado/get-empleado.handler';
export { GetEmpleadoQuery } from './queries/get-empleado/get-empleado.query';
export { GET_EMPLEADO_SQL } from './queries/get-empleado/get-empleado.sql';
export { HistorialPagosHandler } from './queries/historial-pagos/historial-pagos.handler';
export { HISTORIAL_PAGOS_LIST, HistorialPagosQuery } from './queries/historial-pagos/historial-pagos.query';
export { ListDetallePagoHandler } from './queries/list-detalle-pago/list-detalle-pago.handler';
export { ListDetallePagoQuery } from './queries/list-detalle-pago/list-detalle-pago.query';
export { DETALLE_PAGO_SQL } from './queries/list-detalle-pago/list-detalle-pago.sql';
export { PAGO_EMPLEADO_DETALLES_SQL } from './queries/list-pago-empleado-detalles/list-pago-empleado-detalles.sql';
export { ListEmpleadosHandler } from './queries/list-empleados/list-empleados.handler';
export { EMPLEADOS_LIST, ListEmpleadosQuery } from './queries/list-empleados/list-empleados.query';
export { ListPagoEmpleadosHandler } from './queries/list-pago-empleados/list-pago-empleados.handler';
export { ListPagoEmpleadosQuery, PAGO_EMPLEADOS_LIST } from './queries/list-pago-empleados/list-pago-empleados.query';
export { ListPagosHandler } from './queries/list-pagos/list-pagos.handler';
export { ListPagosQuery, PAGOS_LIST } from './queries/list-pagos/list-pagos.query';
export type { PagoView } from './queries/list-pagos/pago.view';
export { ListVinculadosHandler } from './queries/list-vinculados/list-vinculados.handler';
export { ListVinculadosQuery, VINCULADOS_LIST } from './queries/list-vinculados/list-vinculados.query';
export type { ListSpec, SortKey } from './queries/listing';

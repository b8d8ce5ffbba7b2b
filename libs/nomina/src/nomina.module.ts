import { Module } from '@nestjs/common';
import { ConceptosAcumuladosController } from './http/conceptos-acumulados.controller';
import { EmpleadosController } from './http/empleados.controller';
import { NominaElectronicaController } from './http/nomina-electronica.controller';
import { PagoEmpleadoDetallesController } from './http/pago-empleado-detalles.controller';
import { PagoEmpleadosController } from './http/pago-empleados.controller';
import { PagosController } from './http/pagos.controller';
import { ConceptosAcumuladosHandler } from './queries/conceptos-acumulados/conceptos-acumulados.handler';
import { GetEmpleadoHandler } from './queries/get-empleado/get-empleado.handler';
import { ListDetallePagoHandler } from './queries/list-detalle-pago/list-detalle-pago.handler';
import { ListEmpleadosHandler } from './queries/list-empleados/list-empleados.handler';
import { ListPagoEmpleadoDetallesHandler } from './queries/list-pago-empleado-detalles/list-pago-empleado-detalles.handler';
import { ListPagoEmpleadosHandler } from './queries/list-pago-empleados/list-pago-empleados.handler';
import { ListPagosHandler } from './queries/list-pagos/list-pagos.handler';
import { GenerarNominaElectronicaHandler } from './queries/nomina-electronica/generar-nomina-electronica.handler';

/**
 * Payroll (nómina) read API. SqlReader and the CQRS buses come from the global PlatformModule.
 * Each operation adds its controller and query handler to the arrays below.
 */
@Module({
  controllers: [
    PagosController,
    PagoEmpleadosController,
    PagoEmpleadoDetallesController,
    EmpleadosController,
    ConceptosAcumuladosController,
    NominaElectronicaController,
  ],
  providers: [
    ListPagosHandler,
    ListPagoEmpleadosHandler,
    ListPagoEmpleadoDetallesHandler,
    ListDetallePagoHandler,
    ListEmpleadosHandler,
    GetEmpleadoHandler,
    ConceptosAcumuladosHandler,
    // A command: each call consumes e-payroll numbers (see GenerarNominaElectronicaCommand).
    GenerarNominaElectronicaHandler,
  ],
})
export class NominaModule {}

import { type DynamicModule, Module } from '@nestjs/common';
import { contextModule, contextModuleAsync, type ContextModuleAsyncOptions, type ContextModuleOptions } from '@nomina-api/platform/hosting';
import { ConceptosAcumuladosController } from './http/conceptos-acumulados.controller';
import { EmpleadosController } from './http/empleados.controller';
import { NominaElectronicaController } from './http/nomina-electronica.controller';
import { PagoEmpleadoDetallesController } from './http/pago-empleado-detalles.controller';
import { PagoEmpleadosController } from './http/pago-empleados.controller';
import { PagosController } from './http/pagos.controller';
import { ConceptosController } from './http/conceptos.controller';
import { GruposPagosController } from './http/grupos-pagos.controller';
import { VinculadosController } from './http/vinculados.controller';
import { GetGrupoPagoHandler } from './queries/get-grupo-pago/get-grupo-pago.handler';
import { GetVinculadoHandler } from './queries/get-vinculado/get-vinculado.handler';
import { GetVinculadoVigenteHandler } from './queries/get-vinculado-vigente/get-vinculado-vigente.handler';
import { ListConceptosHandler } from './queries/list-conceptos/list-conceptos.handler';
import { ListGruposPagoHandler } from './queries/list-grupos-pago/list-grupos-pago.handler';
import { ListaGruposPagoHandler } from './queries/list-grupos-pago/lista-grupos-pago.handler';
import { StreamGruposPagoHandler } from './queries/list-grupos-pago/stream-grupos-pago.handler';
import { ListTiposCotizanteHandler } from './queries/list-tipos-cotizante/list-tipos-cotizante.handler';
import { ListVinculadosHandler } from './queries/list-vinculados/list-vinculados.handler';
import { ListVinculadosEmpleadoHandler } from './queries/list-vinculados-empleado/list-vinculados-empleado.handler';
import { ConceptosAcumuladosHandler } from './queries/conceptos-acumulados/conceptos-acumulados.handler';
import { AcumuladoPorConceptoHandler } from './queries/acumulado-por-concepto/acumulado-por-concepto.handler';
import { GetEmpleadoPorUuidHandler } from './queries/get-empleado/get-empleado-por-uuid.handler';
import { GetEmpleadoHandler } from './queries/get-empleado/get-empleado.handler';
import { GetPagoHandler } from './queries/get-pago/get-pago.handler';
import { HistorialPagosHandler } from './queries/historial-pagos/historial-pagos.handler';
import { StreamHistorialPagosHandler } from './queries/historial-pagos/stream-historial-pagos.handler';
import { ListDetallePagoHandler } from './queries/list-detalle-pago/list-detalle-pago.handler';
import { ListEmpleadosHandler } from './queries/list-empleados/list-empleados.handler';
import { ListPagoEmpleadoDetallesHandler } from './queries/list-pago-empleado-detalles/list-pago-empleado-detalles.handler';
import { ListPagoEmpleadosHandler } from './queries/list-pago-empleados/list-pago-empleados.handler';
import { ListPagosHandler } from './queries/list-pagos/list-pagos.handler';
import { StreamPagosHandler } from './queries/list-pagos/stream-pagos.handler';
import { StreamPagoEmpleadosHandler } from './queries/list-pago-empleados/stream-pago-empleados.handler';
import { StreamEmpleadosHandler } from './queries/list-empleados/stream-empleados.handler';
import { StreamConceptosAcumuladosHandler } from './queries/conceptos-acumulados/stream-conceptos-acumulados.handler';
import { NOMINA_SCHEMA } from './persistence/schema';
import { GenerarNominaElectronicaHandler } from './commands/generar-nomina-electronica/generar-nomina-electronica.handler';

/**
 * Payroll (nómina) read API. Imported as is, SqlReader and the CQRS buses come from the global
 * PlatformModule (the standalone app); `NominaModule.forRoot()` mounts it in a host app.
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
    VinculadosController,
    GruposPagosController,
    ConceptosController,
  ],
  providers: [
    ListPagosHandler,
    StreamPagosHandler,
    StreamPagoEmpleadosHandler,
    StreamEmpleadosHandler,
    ListPagoEmpleadosHandler,
    ListPagoEmpleadoDetallesHandler,
    ListDetallePagoHandler,
    ListEmpleadosHandler,
    GetEmpleadoHandler,
    ConceptosAcumuladosHandler,
    StreamConceptosAcumuladosHandler,
    ListVinculadosHandler,
    GetVinculadoHandler,
    ListVinculadosEmpleadoHandler,
    GetVinculadoVigenteHandler,
    ListTiposCotizanteHandler,
    ListGruposPagoHandler,
    StreamGruposPagoHandler,
    ListaGruposPagoHandler,
    GetGrupoPagoHandler,
    ListConceptosHandler,
    GetPagoHandler,
    GetEmpleadoPorUuidHandler,
    HistorialPagosHandler,
    StreamHistorialPagosHandler,
    AcumuladoPorConceptoHandler,
    // A command: each call consumes e-payroll numbers (see GenerarNominaElectronicaCommand).
    GenerarNominaElectronicaHandler,
  ],
})
export class NominaModule {
  /**
   * Payroll inside a host Nest app (Fastify, `CqrsModule.forRoot()`, and its MikroORM unless
   * `database` is given): its own authentication adapter (default bearer JWT), nothing global.
   * Mount it under a prefix with `RouterModule.register([{ path, module: NominaModule }])`;
   * migrate with NOMINA_SCHEMA. See docs/EMBEDDING.md.
   */
  static forRoot(options: ContextModuleOptions = {}): DynamicModule {
    return contextModule(NominaModule, NOMINA_SCHEMA, options);
  }

  /** forRoot with the options from a factory of the host's (e.g. its ConfigService), resolved at bootstrap. */
  static forRootAsync(options: ContextModuleAsyncOptions): DynamicModule {
    return contextModuleAsync(NominaModule, NOMINA_SCHEMA, options);
  }
}

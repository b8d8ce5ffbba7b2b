import { Controller, Get, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Conditional } from '@nomina-api/platform/http';
import { respond } from '@nomina-api/platform/export';
import { CurrentTenant, Secured } from '@nomina-api/platform/tenancy';
import { HISTORIAL_PAGOS_LIST, HistorialPagosQuery } from '../queries/historial-pagos/historial-pagos.query';
import type { ListParams } from '../queries/listing';
import { ListPagoEmpleadosQuery, PAGO_EMPLEADOS_LIST } from '../queries/list-pago-empleados/list-pago-empleados.query';
import { type HistorialPagosParams, historialPagosParams } from './historial-pagos.param';
import { ListQuery } from './list-query.pipe';
import { pagoParam } from './pago.param';
import { ApiHistorialPagos, ApiListPagoEmpleados } from './pago-empleados.openapi';
import { HISTORIAL_PAGOS_REPLY, PAGO_EMPLEADOS_REPLY } from './pago-empleados.reply';

@ApiTags('Nómina')
@Secured({ legacyErrorMember: true })
@Conditional()
@Controller('pagoEmpleados')
export class PagoEmpleadosController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @ApiListPagoEmpleados()
  list(
    @CurrentTenant() tenantId: string,
    @ListQuery(PAGO_EMPLEADOS_LIST, pagoParam) { pagoId, list }: { pagoId: string; list: ListParams },
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    return respond(this.queryBus, reply, PAGO_EMPLEADOS_REPLY, new ListPagoEmpleadosQuery(tenantId, pagoId, list));
  }

  @Get(':uuidEmpleado/historialPagos')
  @ApiHistorialPagos()
  historial(
    @CurrentTenant() tenantId: string,
    @ListQuery(HISTORIAL_PAGOS_LIST, historialPagosParams) { empleadoId, estados, list }: HistorialPagosParams & { list: ListParams },
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    return respond(this.queryBus, reply, HISTORIAL_PAGOS_REPLY, new HistorialPagosQuery(tenantId, empleadoId, estados, list));
  }
}

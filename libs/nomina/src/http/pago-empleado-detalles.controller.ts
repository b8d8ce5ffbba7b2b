import { Controller, Get, Param, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Conditional, ParseUuidPipe } from '@nomina-api/platform/http';
import { respond } from '@nomina-api/platform/export';
import { CurrentTenant, Secured } from '@nomina-api/platform/tenancy';
import { ListDetallePagoQuery } from '../queries/list-detalle-pago/list-detalle-pago.query';
import { ListPagoEmpleadoDetallesQuery } from '../queries/list-pago-empleado-detalles/list-pago-empleado-detalles.query';
import { ApiDetallePago, ApiPagoEmpleadoDetalles } from './pago-empleado-detalles.openapi';
import { DETALLE_PAGO_REPLY, PAGO_EMPLEADO_DETALLES_REPLY } from './pago-empleado-detalles.reply';

@ApiTags('Nómina')
@Secured({ legacyErrorMember: true })
@Conditional()
@Controller('pagoEmpleadoDetalles')
export class PagoEmpleadoDetallesController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('detallePago/:idPago')
  @ApiDetallePago()
  detallePago(
    @CurrentTenant() tenantId: string,
    @Param('idPago', ParseUuidPipe) idPago: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    return respond(this.queryBus, reply, DETALLE_PAGO_REPLY, new ListDetallePagoQuery(tenantId, idPago));
  }

  @Get(':uuidPagoEmpleado')
  @ApiPagoEmpleadoDetalles()
  detalles(
    @CurrentTenant() tenantId: string,
    @Param('uuidPagoEmpleado', ParseUuidPipe) uuidPagoEmpleado: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    return respond(this.queryBus, reply, PAGO_EMPLEADO_DETALLES_REPLY, new ListPagoEmpleadoDetallesQuery(tenantId, uuidPagoEmpleado));
  }
}

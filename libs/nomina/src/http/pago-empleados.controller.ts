import { Controller, Get, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Conditional } from '@nomina-api/platform/http';
import { respond } from '@nomina-api/platform/export';
import { CurrentTenant, Secured } from '@nomina-api/platform/tenancy';
import type { ListParams } from '../queries/listing';
import { ListPagoEmpleadosQuery, PAGO_EMPLEADOS_LIST } from '../queries/list-pago-empleados/list-pago-empleados.query';
import { ListQuery } from './list-query.pipe';
import { pagoParam } from './pago.param';
import { ApiListPagoEmpleados } from './pago-empleados.openapi';
import { PAGO_EMPLEADOS_REPLY } from './pago-empleados.reply';

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
}

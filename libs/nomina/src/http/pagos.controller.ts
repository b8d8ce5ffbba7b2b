import { Controller, Get, Param, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Conditional, ParseUuidPipe } from '@nomina-api/platform/http';
import { respond } from '@nomina-api/platform/export';
import { CurrentTenant, Secured } from '@nomina-api/platform/tenancy';
import type { EstadoPago } from '../domain/estado-pago';
import { GetPagoQuery } from '../queries/get-pago/get-pago.query';
import type { ListParams } from '../queries/listing';
import { ListPagosQuery, PAGOS_LIST } from '../queries/list-pagos/list-pagos.query';
import { estadosParam } from './estados.param';
import { ListQuery } from './list-query.pipe';
import { ApiGetPago, ApiListPagos } from './pagos.openapi';
import { PAGO_REPLY, PAGOS_REPLY } from './pagos.reply';

@ApiTags('Nómina')
@Secured({ legacyErrorMember: true })
@Conditional()
@Controller('pagos')
export class PagosController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @ApiListPagos()
  list(
    @CurrentTenant() tenantId: string,
    @ListQuery(PAGOS_LIST, estadosParam) { estados, list }: { estados: EstadoPago[]; list: ListParams },
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    return respond(this.queryBus, reply, PAGOS_REPLY, new ListPagosQuery(tenantId, estados, list));
  }

  // `params[actualizarPago]` (legacy) is accepted and ignored: a read never updates.
  @Get(':uuid')
  @ApiGetPago()
  get(
    @CurrentTenant() tenantId: string,
    @Param('uuid', ParseUuidPipe) uuid: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    return respond(this.queryBus, reply, PAGO_REPLY, new GetPagoQuery(tenantId, uuid));
  }
}

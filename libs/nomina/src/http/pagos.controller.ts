import { Controller, Get, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Conditional } from '@nomina-api/platform/http';
import { respond } from '@nomina-api/platform/export';
import { CurrentTenant, Secured } from '@nomina-api/platform/tenancy';
import type { EstadoPago } from '../domain/estado-pago';
import type { ListParams } from '../queries/listing';
import { ListPagosQuery, PAGOS_LIST } from '../queries/list-pagos/list-pagos.query';
import { estadosParam } from './estados.param';
import { ListQuery } from './list-query.pipe';
import { ApiListPagos } from './pagos.openapi';
import { PAGOS_REPLY } from './pagos.reply';

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
}

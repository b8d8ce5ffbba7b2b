import { Controller, Get, Param, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { respond } from '@nomina-api/platform/export';
import { Conditional, ParseUuidPipe } from '@nomina-api/platform/http';
import { CurrentTenant, Secured } from '@nomina-api/platform/tenancy';
import { GetGrupoPagoQuery } from '../queries/get-grupo-pago/get-grupo-pago.query';
import type { ListParams } from '../queries/listing';
import { GRUPOS_PAGO_LIST, ListGruposPagoQuery } from '../queries/list-grupos-pago/list-grupos-pago.query';
import { ListaGruposPagoQuery } from '../queries/list-grupos-pago/lista-grupos-pago.query';
import { ApiGetGrupoPago, ApiListaGruposPagos, ApiListGruposPagos } from './grupos-pagos.openapi';
import { GRUPO_PAGO_REPLY, GRUPOS_PAGOS_REPLY, LISTA_GRUPOS_PAGOS_REPLY } from './grupos-pagos.reply';
import { ListQuery } from './list-query.pipe';

@ApiTags('Nómina')
@Secured({ legacyErrorMember: true })
@Conditional()
@Controller('gruposPagos')
export class GruposPagosController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @ApiListGruposPagos()
  list(
    @CurrentTenant() tenantId: string,
    @ListQuery(GRUPOS_PAGO_LIST) { list }: { list: ListParams },
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    return respond(this.queryBus, reply, GRUPOS_PAGOS_REPLY, new ListGruposPagoQuery(tenantId, list));
  }

  @Get('listagrupos')
  @ApiListaGruposPagos()
  listaGrupos(@CurrentTenant() tenantId: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<unknown> {
    return respond(this.queryBus, reply, LISTA_GRUPOS_PAGOS_REPLY, new ListaGruposPagoQuery(tenantId));
  }

  @Get(':uuid')
  @ApiGetGrupoPago()
  get(
    @CurrentTenant() tenantId: string,
    @Param('uuid', ParseUuidPipe) uuid: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    return respond(this.queryBus, reply, GRUPO_PAGO_REPLY, new GetGrupoPagoQuery(tenantId, uuid));
  }
}

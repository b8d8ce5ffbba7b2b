import { Controller, Get, Param, Res, type StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Conditional, ParseUuidPipe } from '@nomina-api/platform/http';
import { CurrentTenant, Secured } from '@nomina-api/platform/tenancy';
import { GetGrupoPagoQuery } from '../queries/get-grupo-pago/get-grupo-pago.query';
import type { ListParams } from '../queries/listing';
import { GRUPOS_PAGO_LIST, ListGruposPagoQuery } from '../queries/list-grupos-pago/list-grupos-pago.query';
import { ListaGruposPagoQuery } from '../queries/list-grupos-pago/lista-grupos-pago.query';
import { StreamGruposPagoQuery } from '../queries/list-grupos-pago/stream-grupos-pago.query';
import { writeGruposPago, writeGruposPagoResumen } from './dto/grupo-pago.response.dto';
import { nominaFile, pagingGiven, requestedFormat } from './export';
import { ApiGetGrupoPago, ApiListaGruposPagos, ApiListGruposPagos } from './grupos-pagos.openapi';
import { legacyJson } from './legacy-response';
import { ListQuery } from './list-query.pipe';

@ApiTags('Nómina')
@Secured({ legacyErrorMember: true })
@Conditional()
@Controller('gruposPagos')
export class GruposPagosController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @ApiListGruposPagos()
  async list(
    @CurrentTenant() tenantId: string,
    @ListQuery(GRUPOS_PAGO_LIST) { list }: { list: ListParams },
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string | StreamableFile> {
    const format = requestedFormat(reply);
    if (format !== 'json') {
      const rows = pagingGiven(reply)
        ? (await this.queryBus.execute(new ListGruposPagoQuery(tenantId, list))).rows
        : await this.queryBus.execute(new StreamGruposPagoQuery(tenantId, list));
      return nominaFile(format, 'gruposPagos', rows);
    }
    const { rows, total } = await this.queryBus.execute(new ListGruposPagoQuery(tenantId, list));
    return legacyJson(reply, writeGruposPago(rows, total));
  }

  @Get('listagrupos')
  @ApiListaGruposPagos()
  async listaGrupos(@CurrentTenant() tenantId: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<string | StreamableFile> {
    const format = requestedFormat(reply);
    const rows = await this.queryBus.execute(new ListaGruposPagoQuery(tenantId));
    if (format !== 'json') return nominaFile(format, 'listagrupos', rows);
    return legacyJson(reply, writeGruposPagoResumen(rows, rows.length));
  }

  @Get(':uuid')
  @ApiGetGrupoPago()
  async get(
    @CurrentTenant() tenantId: string,
    @Param('uuid', ParseUuidPipe) uuid: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const row = await this.queryBus.execute(new GetGrupoPagoQuery(tenantId, uuid));
    return legacyJson(reply, writeGruposPago([row], 1));
  }
}

import { Controller, Get, Param, Res, type StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentTenant, Secured } from '@nomina-api/platform/tenancy';
import { Conditional, ParseUuidPipe } from '@nomina-api/platform/http';
import type { EstadoPago } from '../domain/estado-pago';
import { GetPagoQuery } from '../queries/get-pago/get-pago.query';
import type { ListParams } from '../queries/listing';
import { ListPagosQuery, PAGOS_LIST } from '../queries/list-pagos/list-pagos.query';
import { StreamPagosQuery } from '../queries/list-pagos/stream-pagos.query';
import { writePagos } from './dto/pago.response.dto';
import { estadosParam } from './estados.param';
import { nominaFile, pagingGiven, requestedFormat } from './export';
import { legacyJson } from './legacy-response';
import { ListQuery } from './list-query.pipe';
import { ApiGetPago, ApiListPagos } from './pagos.openapi';

@ApiTags('Nómina')
@Secured()
@Conditional()
@Controller('pagos')
export class PagosController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @ApiListPagos()
  async list(
    @CurrentTenant() tenantId: string,
    @ListQuery(PAGOS_LIST, estadosParam) { estados, list }: { estados: EstadoPago[]; list: ListParams },
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string | StreamableFile> {
    const format = requestedFormat(reply);
    if (format !== 'json') {
      const rows = pagingGiven(reply)
        ? (await this.queryBus.execute(new ListPagosQuery(tenantId, estados, list))).rows
        : await this.queryBus.execute(new StreamPagosQuery(tenantId, estados, list));
      return nominaFile(format, 'pagos', rows);
    }
    const { rows, total } = await this.queryBus.execute(new ListPagosQuery(tenantId, estados, list));
    return legacyJson(reply, writePagos(rows, total));
  }

  @Get(':uuid')
  @ApiGetPago()
  async get(
    @CurrentTenant() tenantId: string,
    @Param('uuid', ParseUuidPipe) uuid: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    return legacyJson(reply, writePagos([await this.queryBus.execute(new GetPagoQuery(tenantId, uuid))], 1));
  }
}

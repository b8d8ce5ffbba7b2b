import { Controller, Get, Res, type StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentTenant, Secured } from '@nomina-api/platform/tenancy';
import { Conditional } from '@nomina-api/platform/http';
import { CONCEPTOS_ACUMULADOS_LIST, ConceptosAcumuladosQuery } from '../queries/conceptos-acumulados/conceptos-acumulados.query';
import { StreamConceptosAcumuladosQuery } from '../queries/conceptos-acumulados/stream-conceptos-acumulados.query';
import { ApiConceptosAcumulados } from './conceptos-acumulados.openapi';
import { type ConceptosAcumuladosRequest, conceptosAcumuladosPath } from './dto/conceptos-acumulados.request.dto';
import { writeConceptosAcumulados } from './dto/conceptos-acumulados.response.dto';
import { nominaFile, pagingGiven, requestedFormat } from './export';
import { legacyJson } from './legacy-response';
import { ListQuery } from './list-query.pipe';

@ApiTags('Nómina')
@Secured({ legacyErrorMember: true })
@Conditional()
@Controller('pagoEmpleadoDetalles')
export class ConceptosAcumuladosController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('conceptosacumulados/:fechaDesde/:fechaHasta/:isDetalleParaAportes')
  @ApiConceptosAcumulados()
  async acumulados(
    @CurrentTenant() tenantId: string,
    @ListQuery(CONCEPTOS_ACUMULADOS_LIST, conceptosAcumuladosPath)
    { fechaDesde, fechaHasta, paraAportes, list }: ConceptosAcumuladosRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string | StreamableFile> {
    const format = requestedFormat(reply);
    if (format !== 'json') {
      const rows = pagingGiven(reply)
        ? (await this.queryBus.execute(new ConceptosAcumuladosQuery(tenantId, fechaDesde, fechaHasta, paraAportes, list))).rows
        : await this.queryBus.execute(new StreamConceptosAcumuladosQuery(tenantId, fechaDesde, fechaHasta, paraAportes, list));
      return nominaFile(format, 'conceptosacumulados', rows, { range: [fechaDesde, fechaHasta] });
    }
    const { rows, total } = await this.queryBus.execute(new ConceptosAcumuladosQuery(tenantId, fechaDesde, fechaHasta, paraAportes, list));
    return legacyJson(reply, writeConceptosAcumulados(rows, total));
  }
}

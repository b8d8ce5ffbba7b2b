import { Controller, Get, Res, type StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentTenant } from '@nomina-api/platform/tenancy/current-principal.decorator';
import { Conditional } from '@nomina-api/platform/conditional/conditional.decorator';
import { Secured } from '@nomina-api/platform/tenancy/secured.decorator';
import { CONCEPTOS_ACUMULADOS_LIST, ConceptosAcumuladosQuery } from '../queries/conceptos-acumulados/conceptos-acumulados.query';
import { MAX_OFFSET } from '../queries/listing';
import { ApiConceptosAcumulados } from './conceptos-acumulados.openapi';
import { type ConceptosAcumuladosRequest, conceptosAcumuladosPath } from './dto/conceptos-acumulados.request.dto';
import { writeConceptosAcumulados } from './dto/conceptos-acumulados.response.dto';
import { nominaFile, pagingGiven, requestedFormat } from './export';
import { legacyJson } from './legacy-response';
import { ListQuery } from './list-query.pipe';

@ApiTags('Nómina')
@Secured()
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
      // One row per labor bond: the whole result is one page as large as the contract allows
      // (bounded by the tenant's bonds, so it is read at once rather than through a cursor).
      const page = pagingGiven(reply) ? list : { ...list, offset: 0, size: MAX_OFFSET };
      const { rows } = await this.queryBus.execute(new ConceptosAcumuladosQuery(tenantId, fechaDesde, fechaHasta, paraAportes, page));
      return nominaFile(format, 'conceptosacumulados', rows, { range: [fechaDesde, fechaHasta] });
    }
    const { rows, total } = await this.queryBus.execute(new ConceptosAcumuladosQuery(tenantId, fechaDesde, fechaHasta, paraAportes, list));
    return legacyJson(reply, writeConceptosAcumulados(rows, total));
  }
}

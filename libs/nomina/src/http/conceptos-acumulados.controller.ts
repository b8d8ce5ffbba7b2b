import { Controller, Get, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Conditional } from '@nomina-api/platform/http';
import { respond } from '@nomina-api/platform/export';
import { CurrentTenant, Secured } from '@nomina-api/platform/tenancy';
import { CONCEPTOS_ACUMULADOS_LIST, ConceptosAcumuladosQuery } from '../queries/conceptos-acumulados/conceptos-acumulados.query';
import { ApiConceptosAcumulados } from './conceptos-acumulados.openapi';
import { CONCEPTOS_ACUMULADOS_REPLY } from './conceptos-acumulados.reply';
import { type ConceptosAcumuladosRequest, conceptosAcumuladosPath } from './dto/conceptos-acumulados.request.dto';
import { ListQuery } from './list-query.pipe';

@ApiTags('Nómina')
@Secured({ legacyErrorMember: true })
@Conditional()
@Controller('pagoEmpleadoDetalles')
export class ConceptosAcumuladosController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('conceptosacumulados/:fechaDesde/:fechaHasta/:isDetalleParaAportes')
  @ApiConceptosAcumulados()
  acumulados(
    @CurrentTenant() tenantId: string,
    @ListQuery(CONCEPTOS_ACUMULADOS_LIST, conceptosAcumuladosPath) r: ConceptosAcumuladosRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    const query = new ConceptosAcumuladosQuery(tenantId, r.fechaDesde, r.fechaHasta, r.paraAportes, r.list);
    return respond(this.queryBus, reply, CONCEPTOS_ACUMULADOS_REPLY, query);
  }
}

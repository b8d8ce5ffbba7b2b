import { Controller, Get, Param, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Conditional } from '@nomina-api/platform/http';
import { respond } from '@nomina-api/platform/export';
import { CurrentTenant, Secured } from '@nomina-api/platform/tenancy';
import { AcumuladoPorConceptoQuery } from '../queries/acumulado-por-concepto/acumulado-por-concepto.query';
import { CONCEPTOS_ACUMULADOS_LIST, ConceptosAcumuladosQuery } from '../queries/conceptos-acumulados/conceptos-acumulados.query';
import { ApiAcumuladoPorConcepto, ApiConceptosAcumulados } from './conceptos-acumulados.openapi';
import { ACUMULADO_POR_CONCEPTO_REPLY, CONCEPTOS_ACUMULADOS_REPLY } from './conceptos-acumulados.reply';
import { AcumuladoPorConceptoPath, type AcumuladoPorConceptoParams } from './dto/acumulado-por-concepto.request.dto';
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

  @Get('conceptosacumulados/:fechaDesde/:fechaHasta/:isDetalleParaAportes/:porContacto')
  @ApiAcumuladoPorConcepto()
  porConcepto(
    @CurrentTenant() tenantId: string,
    @Param(AcumuladoPorConceptoPath) p: AcumuladoPorConceptoParams,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    const query = new AcumuladoPorConceptoQuery(tenantId, p.fechaDesde, p.fechaHasta, p.paraAportes, p.porContacto);
    return respond(this.queryBus, reply, ACUMULADO_POR_CONCEPTO_REPLY[p.porContacto ? 'porContacto' : 'porConcepto'], query);
  }
}

import { Controller, Get, Param, Res, type StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentTenant, Secured } from '@nomina-api/platform/tenancy';
import { Conditional } from '@nomina-api/platform/http';
import type { Readable } from 'node:stream';
import { AcumuladoPorConceptoQuery } from '../queries/acumulado-por-concepto/acumulado-por-concepto.query';
import { CONCEPTOS_ACUMULADOS_LIST, ConceptosAcumuladosQuery } from '../queries/conceptos-acumulados/conceptos-acumulados.query';
import { StreamConceptosAcumuladosQuery } from '../queries/conceptos-acumulados/stream-conceptos-acumulados.query';
import { ApiAcumuladoPorConcepto, ApiConceptosAcumulados } from './conceptos-acumulados.openapi';
import { AcumuladoPorConceptoPath, type AcumuladoPorConceptoParams } from './dto/acumulado-por-concepto.request.dto';
import { streamAcumuladoConceptos, streamAcumuladoConceptosContacto } from './dto/acumulado-por-concepto.response.dto';
import { type ConceptosAcumuladosRequest, conceptosAcumuladosPath } from './dto/conceptos-acumulados.request.dto';
import { writeConceptosAcumulados } from './dto/conceptos-acumulados.response.dto';
import { eachRow, nominaFile, pagingGiven, requestedFormat } from './export';
import { legacyJson, legacyJsonFromRows } from './legacy-response';
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
      const rows = pagingGiven(reply)
        ? (await this.queryBus.execute(new ConceptosAcumuladosQuery(tenantId, fechaDesde, fechaHasta, paraAportes, list))).rows
        : await this.queryBus.execute(new StreamConceptosAcumuladosQuery(tenantId, fechaDesde, fechaHasta, paraAportes, list));
      return nominaFile(format, 'conceptosacumulados', rows, { range: [fechaDesde, fechaHasta] });
    }
    const { rows, total } = await this.queryBus.execute(new ConceptosAcumuladosQuery(tenantId, fechaDesde, fechaHasta, paraAportes, list));
    return legacyJson(reply, writeConceptosAcumulados(rows, total));
  }

  @Get('conceptosacumulados/:fechaDesde/:fechaHasta/:isDetalleParaAportes/:porContacto')
  @ApiAcumuladoPorConcepto()
  async porConcepto(
    @CurrentTenant() tenantId: string,
    @Param(AcumuladoPorConceptoPath) p: AcumuladoPorConceptoParams,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Readable | StreamableFile> {
    const format = requestedFormat(reply);
    const rows = await this.queryBus.execute(
      new AcumuladoPorConceptoQuery(tenantId, p.fechaDesde, p.fechaHasta, p.paraAportes, p.porContacto),
    );
    if (format !== 'json') {
      const resource = p.porContacto ? 'conceptosacumuladosPorContacto' : 'conceptosacumuladosPorConcepto';
      return nominaFile(format, resource, eachRow(rows), { range: [p.fechaDesde, p.fechaHasta] });
    }
    return legacyJsonFromRows(reply, rows, p.porContacto ? streamAcumuladoConceptosContacto : streamAcumuladoConceptos);
  }
}

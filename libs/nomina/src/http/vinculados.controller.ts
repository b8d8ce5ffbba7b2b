import { Controller, Get, Param, Res, type StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { Conditional, CurrentToday, ParseUuidPipe } from '@nomina-api/platform/http';
import { CurrentTenant, Secured } from '@nomina-api/platform/tenancy';
import { GetVinculadoQuery } from '../queries/get-vinculado/get-vinculado.query';
import { GetVinculadoVigenteQuery } from '../queries/get-vinculado-vigente/get-vinculado-vigente.query';
import type { ListParams } from '../queries/listing';
import { ListVinculadosQuery, VINCULADOS_LIST } from '../queries/list-vinculados/list-vinculados.query';
import { StreamVinculadosQuery } from '../queries/list-vinculados/stream-vinculados.query';
import type { AlcanceVinculados } from '../queries/list-vinculados/vinculados.sql';
import { ListVinculadosEmpleadoQuery } from '../queries/list-vinculados-empleado/list-vinculados-empleado.query';
import { ListTiposCotizanteQuery } from '../queries/list-tipos-cotizante/list-tipos-cotizante.query';
import { parseDocumento } from './documento.param';
import { writeTiposCotizante, writeVinculados, writeVinculadosStream } from './dto/vinculado.response.dto';
import { nominaFile, pagingGiven, requestedFormat } from './export';
import { legacyJson, legacyJsonStream } from './legacy-response';
import { ListQuery } from './list-query.pipe';
import {
  ApiGetVinculado,
  ApiGetVinculadoVigente,
  ApiListDesvinculados,
  ApiListTiposCotizante,
  ApiListVinculados,
  ApiListVinculadosEmpleado,
} from './vinculados.openapi';

@ApiTags('Nómina')
@Secured({ legacyErrorMember: true })
@Conditional()
@Controller('vinculados')
export class VinculadosController {
  constructor(private readonly queryBus: QueryBus) {}

  // Every bond element carries `activo` (current today in Bogotá): each answer may change with the day.
  @Get()
  @CurrentToday()
  @ApiListVinculados()
  list(
    @CurrentTenant() tenantId: string,
    @ListQuery(VINCULADOS_LIST.vigentes) { list }: { list: ListParams },
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string | Readable | StreamableFile> {
    return this.bonds(tenantId, 'vigentes', list, reply);
  }

  @Get('desvinculados')
  @CurrentToday()
  @ApiListDesvinculados()
  desvinculados(
    @CurrentTenant() tenantId: string,
    @ListQuery(VINCULADOS_LIST.desvinculados) { list }: { list: ListParams },
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string | Readable | StreamableFile> {
    return this.bonds(tenantId, 'desvinculados', list, reply);
  }

  @Get('tiposCotizante')
  @ApiListTiposCotizante()
  async tiposCotizante(
    @CurrentTenant() tenantId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string | StreamableFile> {
    const format = requestedFormat(reply);
    const rows = await this.queryBus.execute(new ListTiposCotizanteQuery(tenantId));
    if (format !== 'json') return nominaFile(format, 'tiposCotizante', rows);
    return legacyJson(reply, writeTiposCotizante(rows, rows.length));
  }

  @Get('empleado/:uuidEmpleado')
  @CurrentToday()
  @ApiListVinculadosEmpleado()
  async porEmpleado(
    @CurrentTenant() tenantId: string,
    @Param('uuidEmpleado', ParseUuidPipe) uuidEmpleado: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string | StreamableFile> {
    const format = requestedFormat(reply);
    const rows = await this.queryBus.execute(new ListVinculadosEmpleadoQuery(tenantId, uuidEmpleado));
    if (format !== 'json') return nominaFile(format, 'vinculadosEmpleado', rows, { uuid: uuidEmpleado });
    return legacyJson(reply, writeVinculados(rows, rows.length));
  }

  @Get('integracion/empleado/:tipoDocumento/:idEmpleado')
  @CurrentToday()
  @ApiGetVinculadoVigente()
  async integracion(
    @CurrentTenant() tenantId: string,
    @Param('tipoDocumento') tipoDocumento: string,
    @Param('idEmpleado') idEmpleado: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const doc = parseDocumento(tipoDocumento, idEmpleado, 'idEmpleado');
    const row = await this.queryBus.execute(new GetVinculadoVigenteQuery(tenantId, doc.tipo, doc.identificacion));
    return legacyJson(reply, writeVinculados([row], 1));
  }

  @Get(':uuid')
  @CurrentToday()
  @ApiGetVinculado()
  async get(
    @CurrentTenant() tenantId: string,
    @Param('uuid', ParseUuidPipe) uuid: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const row = await this.queryBus.execute(new GetVinculadoQuery(tenantId, uuid));
    return legacyJson(reply, writeVinculados([row], 1));
  }

  /**
   * A bond list: a page when the request gives offset or size, else the whole list streamed (the
   * legacy bulk call — `requestData={"masivo":true,…}` — reads every bond in one answer).
   */
  private async bonds(
    tenantId: string,
    alcance: AlcanceVinculados,
    list: ListParams,
    reply: FastifyReply,
  ): Promise<string | Readable | StreamableFile> {
    const format = requestedFormat(reply);
    if (pagingGiven(reply)) {
      const { rows, total } = await this.queryBus.execute(new ListVinculadosQuery(tenantId, alcance, list));
      return format === 'json' ? legacyJson(reply, writeVinculados(rows, total)) : nominaFile(format, alcanceResource(alcance), rows);
    }
    const rows = await this.queryBus.execute(new StreamVinculadosQuery(tenantId, alcance, list));
    return format === 'json' ? legacyJsonStream(reply, writeVinculadosStream(rows)) : nominaFile(format, alcanceResource(alcance), rows);
  }
}

const alcanceResource = (alcance: AlcanceVinculados): 'vinculados' | 'desvinculados' =>
  alcance === 'vigentes' ? 'vinculados' : 'desvinculados';

import { Controller, Get, Param, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { respond } from '@nomina-api/platform/export';
import { Conditional, CurrentToday, ParseUuidPipe } from '@nomina-api/platform/http';
import { CurrentTenant, Secured } from '@nomina-api/platform/tenancy';
import type { TipoDocumento } from '../domain/tipo-documento';
import { GetVinculadoQuery } from '../queries/get-vinculado/get-vinculado.query';
import { GetVinculadoVigenteQuery } from '../queries/get-vinculado-vigente/get-vinculado-vigente.query';
import type { ListParams } from '../queries/listing';
import { ListTiposCotizanteQuery } from '../queries/list-tipos-cotizante/list-tipos-cotizante.query';
import { ListVinculadosQuery, VINCULADOS_LIST } from '../queries/list-vinculados/list-vinculados.query';
import { ListVinculadosEmpleadoQuery } from '../queries/list-vinculados-empleado/list-vinculados-empleado.query';
import { DocumentoParam } from './documento.param';
import { ListQuery } from './list-query.pipe';
import {
  ApiGetVinculado,
  ApiGetVinculadoVigente,
  ApiListDesvinculados,
  ApiListTiposCotizante,
  ApiListVinculados,
  ApiListVinculadosEmpleado,
} from './vinculados.openapi';
import { TIPOS_COTIZANTE_REPLY, VINCULADO_REPLY, VINCULADOS_EMPLEADO_REPLY, VINCULADOS_REPLY } from './vinculados.reply';

// Every bond element carries `activo` (current today in Bogotá): the bond answers change with the day (@CurrentToday).
@ApiTags('Nómina')
@Secured({ legacyErrorMember: true })
@Conditional()
@Controller('vinculados')
export class VinculadosController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @CurrentToday()
  @ApiListVinculados()
  list(
    @CurrentTenant() tenantId: string,
    @ListQuery(VINCULADOS_LIST.vigentes) { list }: { list: ListParams },
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    return respond(this.queryBus, reply, VINCULADOS_REPLY.vigentes, new ListVinculadosQuery(tenantId, 'vigentes', list));
  }

  @Get('desvinculados')
  @CurrentToday()
  @ApiListDesvinculados()
  desvinculados(
    @CurrentTenant() tenantId: string,
    @ListQuery(VINCULADOS_LIST.desvinculados) { list }: { list: ListParams },
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    return respond(this.queryBus, reply, VINCULADOS_REPLY.desvinculados, new ListVinculadosQuery(tenantId, 'desvinculados', list));
  }

  @Get('tiposCotizante')
  @ApiListTiposCotizante()
  tiposCotizante(@CurrentTenant() tenantId: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<unknown> {
    return respond(this.queryBus, reply, TIPOS_COTIZANTE_REPLY, new ListTiposCotizanteQuery(tenantId));
  }

  @Get('empleado/:uuidEmpleado')
  @CurrentToday()
  @ApiListVinculadosEmpleado()
  porEmpleado(
    @CurrentTenant() tenantId: string,
    @Param('uuidEmpleado', ParseUuidPipe) uuidEmpleado: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    return respond(this.queryBus, reply, VINCULADOS_EMPLEADO_REPLY, new ListVinculadosEmpleadoQuery(tenantId, uuidEmpleado));
  }

  @Get('integracion/empleado/:tipoDocumento/:idEmpleado')
  @CurrentToday()
  @ApiGetVinculadoVigente()
  integracion(
    @CurrentTenant() tenantId: string,
    @DocumentoParam('idEmpleado') doc: { tipo: TipoDocumento; identificacion: string },
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    return respond(this.queryBus, reply, VINCULADO_REPLY, new GetVinculadoVigenteQuery(tenantId, doc.tipo, doc.identificacion));
  }

  @Get(':uuid')
  @CurrentToday()
  @ApiGetVinculado()
  get(
    @CurrentTenant() tenantId: string,
    @Param('uuid', ParseUuidPipe) uuid: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    return respond(this.queryBus, reply, VINCULADO_REPLY, new GetVinculadoQuery(tenantId, uuid));
  }
}

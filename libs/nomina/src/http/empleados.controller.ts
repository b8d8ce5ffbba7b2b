import { Controller, Get, Param, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Conditional, CurrentToday, ParseUuidPipe } from '@nomina-api/platform/http';
import { respond } from '@nomina-api/platform/export';
import { CurrentTenant, Secured } from '@nomina-api/platform/tenancy';
import type { TipoDocumento } from '../domain/tipo-documento';
import { GetEmpleadoPorUuidQuery } from '../queries/get-empleado/get-empleado-por-uuid.query';
import { GetEmpleadoQuery } from '../queries/get-empleado/get-empleado.query';
import type { ListParams } from '../queries/listing';
import { EMPLEADOS_LIST, ListEmpleadosQuery } from '../queries/list-empleados/list-empleados.query';
import { DocumentoParam } from './documento.param';
import { ApiGetEmpleado, ApiGetEmpleadoPorUuid, ApiListEmpleados } from './empleados.openapi';
import { EMPLEADO_REPLY, EMPLEADOS_REPLY } from './empleados.reply';
import { ListQuery } from './list-query.pipe';

@ApiTags('Nómina')
@Secured({ legacyErrorMember: true })
@Conditional()
@Controller('empleados')
export class EmpleadosController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  // Who is current depends on today's date in Bogotá: tomorrow's answer may differ.
  @CurrentToday()
  @ApiListEmpleados()
  list(
    @CurrentTenant() tenantId: string,
    @ListQuery(EMPLEADOS_LIST) { list }: { list: ListParams },
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    return respond(this.queryBus, reply, EMPLEADOS_REPLY, new ListEmpleadosQuery(tenantId, list));
  }

  // One segment: never taken for the two-segment route below; a value that is not a uuid is a 400.
  @Get(':uuid')
  @ApiGetEmpleadoPorUuid()
  getPorUuid(
    @CurrentTenant() tenantId: string,
    @Param('uuid', ParseUuidPipe) uuid: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    return respond(this.queryBus, reply, EMPLEADO_REPLY, new GetEmpleadoPorUuidQuery(tenantId, uuid));
  }

  @Get(':tipoDocumento/:identificacion')
  @ApiGetEmpleado()
  get(
    @CurrentTenant() tenantId: string,
    @DocumentoParam() doc: { tipo: TipoDocumento; identificacion: string },
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    return respond(this.queryBus, reply, EMPLEADO_REPLY, new GetEmpleadoQuery(tenantId, doc.tipo, doc.identificacion));
  }
}

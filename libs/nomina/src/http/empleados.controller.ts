import { Controller, Get, Param, Res, type StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentTenant, Secured } from '@nomina-api/platform/tenancy';
import { Conditional, CurrentToday, ParseUuidPipe } from '@nomina-api/platform/http';
import { GetEmpleadoPorUuidQuery } from '../queries/get-empleado/get-empleado-por-uuid.query';
import { GetEmpleadoQuery } from '../queries/get-empleado/get-empleado.query';
import type { ListParams } from '../queries/listing';
import { EMPLEADOS_LIST, ListEmpleadosQuery } from '../queries/list-empleados/list-empleados.query';
import { StreamEmpleadosQuery } from '../queries/list-empleados/stream-empleados.query';
import { parseDocumento } from './documento.param';
import { writeEmpleados } from './dto/empleado.response.dto';
import { ApiGetEmpleado, ApiGetEmpleadoPorUuid, ApiListEmpleados } from './empleados.openapi';
import { nominaFile, pagingGiven, requestedFormat } from './export';
import { legacyJson } from './legacy-response';
import { ListQuery } from './list-query.pipe';

@ApiTags('Nómina')
@Secured()
@Conditional()
@Controller('empleados')
export class EmpleadosController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  // Who is current depends on today's date in Bogotá: tomorrow's answer may differ.
  @CurrentToday()
  @ApiListEmpleados()
  async list(
    @CurrentTenant() tenantId: string,
    @ListQuery(EMPLEADOS_LIST) { list }: { list: ListParams },
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string | StreamableFile> {
    const format = requestedFormat(reply);
    if (format !== 'json') {
      const rows = pagingGiven(reply)
        ? (await this.queryBus.execute(new ListEmpleadosQuery(tenantId, list))).rows
        : await this.queryBus.execute(new StreamEmpleadosQuery(tenantId, list));
      return nominaFile(format, 'empleados', rows);
    }
    const { rows, total } = await this.queryBus.execute(new ListEmpleadosQuery(tenantId, list));
    return legacyJson(reply, writeEmpleados(rows, total));
  }

  // One segment: never taken for the two-segment route below; a value that is not a uuid is a 400.
  @Get(':uuid')
  @ApiGetEmpleadoPorUuid()
  async getPorUuid(
    @CurrentTenant() tenantId: string,
    @Param('uuid', ParseUuidPipe) uuid: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    return legacyJson(reply, writeEmpleados([await this.queryBus.execute(new GetEmpleadoPorUuidQuery(tenantId, uuid))], 1));
  }

  @Get(':tipoDocumento/:identificacion')
  @ApiGetEmpleado()
  async get(
    @CurrentTenant() tenantId: string,
    @Param('tipoDocumento') tipoDocumento: string,
    @Param('identificacion') identificacion: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const doc = parseDocumento(tipoDocumento, identificacion);
    const row = await this.queryBus.execute(new GetEmpleadoQuery(tenantId, doc.tipo, doc.identificacion));
    return legacyJson(reply, writeEmpleados([row], 1));
  }
}

import { Controller, Get, Res, type StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentTenant, Secured } from '@nomina-api/platform/tenancy';
import { Conditional } from '@nomina-api/platform/http';
import type { ListParams } from '../queries/listing';
import { ListPagoEmpleadosQuery, PAGO_EMPLEADOS_LIST } from '../queries/list-pago-empleados/list-pago-empleados.query';
import { StreamPagoEmpleadosQuery } from '../queries/list-pago-empleados/stream-pago-empleados.query';
import { writePagoEmpleados } from './dto/pago-empleado.response.dto';
import { nominaFile, pagingGiven, requestedFormat } from './export';
import { legacyJson } from './legacy-response';
import { ListQuery } from './list-query.pipe';
import { pagoParam } from './pago.param';
import { ApiListPagoEmpleados } from './pago-empleados.openapi';

@ApiTags('Nómina')
@Secured({ legacyErrorMember: true })
@Conditional()
@Controller('pagoEmpleados')
export class PagoEmpleadosController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @ApiListPagoEmpleados()
  async list(
    @CurrentTenant() tenantId: string,
    @ListQuery(PAGO_EMPLEADOS_LIST, pagoParam) { pagoId, list }: { pagoId: string; list: ListParams },
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string | StreamableFile> {
    const format = requestedFormat(reply);
    if (format !== 'json') {
      const rows = pagingGiven(reply)
        ? (await this.queryBus.execute(new ListPagoEmpleadosQuery(tenantId, pagoId, list))).rows
        : await this.queryBus.execute(new StreamPagoEmpleadosQuery(tenantId, pagoId, list));
      return nominaFile(format, 'pagoEmpleados', rows, { uuid: pagoId });
    }
    const { rows, total } = await this.queryBus.execute(new ListPagoEmpleadosQuery(tenantId, pagoId, list));
    return legacyJson(reply, writePagoEmpleados(rows, total));
  }
}

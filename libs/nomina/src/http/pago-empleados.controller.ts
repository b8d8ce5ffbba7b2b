import { Controller, Get, Res, type StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentTenant, Secured } from '@nomina-api/platform/tenancy';
import { Conditional } from '@nomina-api/platform/http';
import { HISTORIAL_PAGOS_LIST, HistorialPagosQuery } from '../queries/historial-pagos/historial-pagos.query';
import { StreamHistorialPagosQuery } from '../queries/historial-pagos/stream-historial-pagos.query';
import type { ListParams } from '../queries/listing';
import { ListPagoEmpleadosQuery, PAGO_EMPLEADOS_LIST } from '../queries/list-pago-empleados/list-pago-empleados.query';
import { StreamPagoEmpleadosQuery } from '../queries/list-pago-empleados/stream-pago-empleados.query';
import { writeHistorialPagos } from './dto/historial-pagos.response.dto';
import { writePagoEmpleados } from './dto/pago-empleado.response.dto';
import { nominaFile, pagingGiven, requestedFormat } from './export';
import { type HistorialPagosParams, historialPagosParams } from './historial-pagos.param';
import { legacyJson } from './legacy-response';
import { ListQuery } from './list-query.pipe';
import { pagoParam } from './pago.param';
import { ApiHistorialPagos, ApiListPagoEmpleados } from './pago-empleados.openapi';

@ApiTags('Nómina')
@Secured()
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

  @Get(':uuidEmpleado/historialPagos')
  @ApiHistorialPagos()
  async historial(
    @CurrentTenant() tenantId: string,
    @ListQuery(HISTORIAL_PAGOS_LIST, historialPagosParams) { empleadoId, estados, list }: HistorialPagosParams & { list: ListParams },
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string | StreamableFile> {
    const format = requestedFormat(reply);
    if (format !== 'json') {
      const rows = pagingGiven(reply)
        ? (await this.queryBus.execute(new HistorialPagosQuery(tenantId, empleadoId, estados, list))).rows
        : await this.queryBus.execute(new StreamHistorialPagosQuery(tenantId, empleadoId, estados, list));
      return nominaFile(format, 'historialPagos', rows, { uuid: empleadoId });
    }
    const { rows, total } = await this.queryBus.execute(new HistorialPagosQuery(tenantId, empleadoId, estados, list));
    return legacyJson(reply, writeHistorialPagos(rows, total));
  }
}

import { Controller, Get, Param, Res, type StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Conditional, ParseUuidPipe } from '@nomina-api/platform/http';
import { CurrentTenant, Secured } from '@nomina-api/platform/tenancy';
import { ListDetallePagoQuery } from '../queries/list-detalle-pago/list-detalle-pago.query';
import { ListPagoEmpleadoDetallesQuery } from '../queries/list-pago-empleado-detalles/list-pago-empleado-detalles.query';
import { writeDetallePago, writePagoEmpleadoDetalles } from './dto/pago-empleado-detalle.response.dto';
import { nominaFile, requestedFormat } from './export';
import { legacyJson } from './legacy-response';
import { ApiDetallePago, ApiPagoEmpleadoDetalles } from './pago-empleado-detalles.openapi';

@ApiTags('Nómina')
@Secured()
@Conditional()
@Controller('pagoEmpleadoDetalles')
export class PagoEmpleadoDetallesController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('detallePago/:idPago')
  @ApiDetallePago()
  async detallePago(
    @CurrentTenant() tenantId: string,
    @Param('idPago', ParseUuidPipe) idPago: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string | StreamableFile> {
    const format = requestedFormat(reply);
    const rows = await this.queryBus.execute(new ListDetallePagoQuery(tenantId, idPago));
    if (format !== 'json') return nominaFile(format, 'detallePago', rows, { uuid: idPago });
    return legacyJson(reply, writeDetallePago(rows, rows.length));
  }

  @Get(':uuidPagoEmpleado')
  @ApiPagoEmpleadoDetalles()
  async detalles(
    @CurrentTenant() tenantId: string,
    @Param('uuidPagoEmpleado', ParseUuidPipe) uuidPagoEmpleado: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string | StreamableFile> {
    const format = requestedFormat(reply);
    const rows = await this.queryBus.execute(new ListPagoEmpleadoDetallesQuery(tenantId, uuidPagoEmpleado));
    if (format !== 'json') return nominaFile(format, 'pagoEmpleadoDetalles', rows, { uuid: uuidPagoEmpleado });
    return legacyJson(reply, writePagoEmpleadoDetalles(rows, rows.length));
  }
}

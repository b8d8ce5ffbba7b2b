import type { Readable } from 'node:stream';
import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentTenant, Secured } from '@nomina-api/platform/tenancy';
import { GenerarNominaElectronicaCommand } from '../commands/generar-nomina-electronica/generar-nomina-electronica.command';
import { NOMINA_ELECTRONICA_TAG } from './api-tags';
import { parseNominaElectronicaParams, refuseHead } from './dto/nomina-electronica.request.dto';
import { writeNominaElectronica } from './dto/nomina-electronica.response.dto';
import { legacyJsonStream } from './legacy-response';
import { ApiGenerarNominaElectronica } from './nomina-electronica.openapi';

/**
 * A GET that writes (legacy contract): it goes through the CommandBus, and its OpenAPI entry
 * carries the warning in the summary, the description and its own tag.
 */
@ApiTags(NOMINA_ELECTRONICA_TAG)
@Secured()
@Controller('pagos')
export class NominaElectronicaController {
  constructor(private readonly commandBus: CommandBus) {}

  @Get('nominaelectronica/:ano/:mes')
  @ApiGenerarNominaElectronica()
  async generar(
    @CurrentTenant() tenantId: string,
    @Param('ano') ano: string,
    @Param('mes') mes: string,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Readable> {
    refuseHead(req.method);
    const { ano: anoNumber, mes: mesNumber } = parseNominaElectronicaParams(ano, mes);
    const documentos = await this.commandBus.execute(new GenerarNominaElectronicaCommand(tenantId, anoNumber, mesNumber));
    // A one-off write result that no cache may keep or replay, written after COMMIT chunk by chunk
    // as the client reads (20 concurrent months held as whole strings peaked at 352 MB RSS).
    return legacyJsonStream(reply.header('cache-control', 'no-store'), writeNominaElectronica(documentos, documentos.length));
  }
}

import { Controller, Get, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { respond } from '@nomina-api/platform/export';
import { clientGone } from '@nomina-api/platform/http';
import { CurrentTenant, Secured } from '@nomina-api/platform/tenancy';
import { GenerarNominaElectronicaCommand } from '../commands/generar-nomina-electronica/generar-nomina-electronica.command';
import { NOMINA_ELECTRONICA_TAG } from './api-tags';
import { IdempotencyKey, type NominaElectronicaParams, NominaElectronicaPeriodo } from './dto/nomina-electronica.request.dto';
import { ApiGenerarNominaElectronica } from './nomina-electronica.openapi';
import { NOMINA_ELECTRONICA_REPLY } from './nomina-electronica.reply';

/**
 * A GET that writes (legacy contract): it goes through the CommandBus, and its OpenAPI entry
 * carries the warning in the summary, the description and its own tag.
 */
@ApiTags(NOMINA_ELECTRONICA_TAG)
@Secured({ legacyErrorMember: true })
@Controller('pagos')
export class NominaElectronicaController {
  constructor(private readonly commandBus: CommandBus) {}

  @Get('nominaelectronica/:ano/:mes')
  @ApiGenerarNominaElectronica()
  generar(
    @CurrentTenant() tenantId: string,
    @NominaElectronicaPeriodo() { ano, mes }: NominaElectronicaParams,
    @IdempotencyKey() clave: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    const command = new GenerarNominaElectronicaCommand(tenantId, ano, mes, clave, clientGone(reply));
    return respond(this.commandBus, reply, NOMINA_ELECTRONICA_REPLY, command);
  }
}

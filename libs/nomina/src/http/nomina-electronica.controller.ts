import type { Readable } from 'node:stream';
import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PlatformError, PlatformErrorCode } from '@app/platform/errors/domain-error';
import { ApiProblem } from '@app/platform/http/api-problem.decorator';
import { CurrentTenant } from '@app/platform/tenancy/current-principal.decorator';
import { Secured } from '@app/platform/tenancy/secured.decorator';
import { GenerarNominaElectronicaCommand } from '../queries/nomina-electronica/generar-nomina-electronica.command';
import { ANO_MAX, ANO_MIN, parseNominaElectronicaParams } from './dto/nomina-electronica.request.dto';
import { NominaElectronicaResponseDto, writeNominaElectronica } from './dto/nomina-electronica.response.dto';
import { legacyJsonStream } from './legacy-response';

export const NOMINA_ELECTRONICA_TAG = 'Nómina electrónica (escritura)';

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
  @ApiOperation({
    summary: '⚠ NO es de solo lectura: genera y NUMERA los documentos de nómina electrónica del mes',
    description:
      '**Atención — efecto secundario: cada llamada consume números de la secuencia de documentos soporte de nómina electrónica del tenant, ' +
      'también si el mes ya se había generado. No la use para consultar un mes; los números consumidos no se devuelven ni se reutilizan.**\n\n' +
      'Un documento por vinculación laboral con nómina en un pago del periodo `ano`/`mes` que sea definitivo, de tipo distinto de IN y no anulado (estado distinto de AN). ' +
      'Si la vinculación tiene nóminas en varios de esos pagos del mes, es UN documento con los totales sumados.\n\n' +
      'Numeración: los documentos de una llamada toman un bloque contiguo de la secuencia (`prefijo` + `consecutivo`, `numero` sin relleno de ceros), ' +
      'en el orden de la lista: nombreCompleto (sin tildes ni mayúsculas, luego exacto), luego uuidVinculado. Un tenant sin secuencia empieza en NE1. ' +
      'Los números nunca se repiten, reutilizan ni saltan, aun con llamadas concurrentes; una llamada que falla no consume ninguno. ' +
      'Un mes sin nóminas responde una lista vacía y no consume números. Sin paginación (offset/size se ignoran); `total` = cantidad de documentos.',
  })
  @ApiProduces('application/json; charset=utf-8')
  @ApiParam({ name: 'ano', description: `Año del periodo, entero entre ${ANO_MIN} y ${ANO_MAX}.`, example: 2024, schema: { type: 'integer', minimum: ANO_MIN, maximum: ANO_MAX } })
  @ApiParam({ name: 'mes', description: 'Mes del periodo, entero entre 1 y 12.', example: 3, schema: { type: 'integer', minimum: 1, maximum: 12 } })
  @ApiOkResponse({ type: NominaElectronicaResponseDto, description: 'Documentos numerados (los números quedan consumidos).' })
  @ApiProblem(400, 'ano no es un entero entre 1900 y 2100, o mes no es un entero entre 1 y 12 (no se consume ningún número).', {
    title: 'Solicitud inválida',
    code: 'VALIDATION',
    detail: 'Parámetro inválido: mes. Debe ser un mes entero entre 1 y 12, p. ej. 3; se recibió "13".',
    errors: [{ field: 'mes', message: 'Debe ser un mes entero entre 1 y 12, p. ej. 3; se recibió "13".' }],
  })
  @ApiProblem(405, 'HEAD: se rechaza porque ejecutaría la generación y consumiría números (encabezado Allow: GET).', {
    title: 'Método no permitido',
    code: 'METHOD_NOT_ALLOWED',
    detail: 'HEAD no está permitido en esta ruta: GET /pagos/nominaelectronica/{ano}/{mes} consume números de la secuencia. Use GET solo para generar los documentos.',
  })
  @ApiProblem(503, 'Base de datos no disponible o consulta cancelada por tiempo; la llamada no consumió números.', {
    title: 'Servicio no disponible',
    code: 'SERVICE_UNAVAILABLE',
    detail: 'La base de datos no está disponible en este momento. Intente de nuevo en unos segundos.',
  })
  async generar(
    @CurrentTenant() tenantId: string,
    @Param('ano') ano: string,
    @Param('mes') mes: string,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Readable> {
    // Fastify answers HEAD with the GET handler; here that would consume numbers for a request
    // that by definition is safe (link checkers, monitors, prefetch). Refuse it instead.
    if (req.method === 'HEAD') {
      throw new PlatformError(
        PlatformErrorCode.METHOD_NOT_ALLOWED,
        'HEAD no está permitido en esta ruta: GET /pagos/nominaelectronica/{ano}/{mes} consume números de la secuencia. Use GET solo para generar los documentos.',
        undefined,
        { allow: 'GET' },
      );
    }
    const params = parseNominaElectronicaParams(ano, mes);
    const documentos = await this.commandBus.execute(new GenerarNominaElectronicaCommand(tenantId, params.ano, params.mes));
    // Each answer is a one-off write result: no cache may keep or replay it.
    reply.header('cache-control', 'no-store');
    // Written after COMMIT, chunk by chunk as the client reads: 20 concurrent months of the large
    // dataset held as whole strings peaked at 352 MB RSS.
    return legacyJsonStream(reply, writeNominaElectronica(documentos, documentos.length));
  }
}

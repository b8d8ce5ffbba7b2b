import { applyDecorators } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiProduces } from '@nestjs/swagger';
import { ApiProblem, ApiValidationProblem } from '@nomina-api/platform/http';
import { ANO_MAX, ANO_MIN } from './dto/nomina-electronica.request.dto';
import { NominaElectronicaResponseDto } from './dto/nomina-electronica.response.dto';

/** OpenAPI of GET /pagos/nominaelectronica/{ano}/{mes}: a GET that writes, so the warning is in the summary, the description and its own tag. */
export function ApiGenerarNominaElectronica(): MethodDecorator {
  return applyDecorators(
    ApiOperation({
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
    }),
    ApiProduces('application/json; charset=utf-8'),
    ApiParam({
      name: 'ano',
      description: `Año del periodo, entero entre ${ANO_MIN} y ${ANO_MAX}.`,
      example: 2024,
      schema: { type: 'integer', minimum: ANO_MIN, maximum: ANO_MAX },
    }),
    ApiParam({
      name: 'mes',
      description: 'Mes del periodo, entero entre 1 y 12.',
      example: 3,
      schema: { type: 'integer', minimum: 1, maximum: 12 },
    }),
    ApiOkResponse({ type: NominaElectronicaResponseDto, description: 'Documentos numerados (los números quedan consumidos).' }),
    ApiValidationProblem(
      'ano no es un entero entre 1900 y 2100, o mes no es un entero entre 1 y 12 (no se consume ningún número).',
      'mes',
      'Debe ser un mes entero entre 1 y 12, p. ej. 3; se recibió "13".',
    ),
    ApiProblem(405, 'HEAD: se rechaza porque ejecutaría la generación y consumiría números (encabezado Allow: GET).', {
      title: 'Método no permitido',
      code: 'METHOD_NOT_ALLOWED',
      detail:
        'HEAD no está permitido en esta ruta: GET /pagos/nominaelectronica/{ano}/{mes} consume números de la secuencia. Use GET solo para generar los documentos.',
    }),
    ApiProblem(503, 'Base de datos no disponible o consulta cancelada por tiempo; la llamada no consumió números.', {
      title: 'Servicio no disponible',
      code: 'SERVICE_UNAVAILABLE',
      detail: 'La base de datos no está disponible en este momento. Intente de nuevo en unos segundos.',
    }),
  );
}

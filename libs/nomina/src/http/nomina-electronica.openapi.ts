import { applyDecorators } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiParam, ApiProduces } from '@nestjs/swagger';
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
        'Un mes sin nóminas responde una lista vacía y no consume números. Sin paginación (offset/size se ignoran); `total` = cantidad de documentos.\n\n' +
        '**Ningún número se pierde.** Una llamada cuyo bloque quedó registrado responde 200 con él, aunque la conexión con la base de datos se pierda al confirmar ' +
        '(el resultado se comprueba antes de responder). Si el cliente se desconecta antes de confirmar, no se consume nada. Cada bloque tomado queda registrado ' +
        '(tenant, año, mes, primer y último número, cantidad, clave, fecha) y en el log.\n\n' +
        '**`Idempotency-Key`** (recomendado): con la misma clave, durante 24 h, el mismo tenant recibe los mismos documentos y números sin consumir otros ' +
        '(encabezado `Idempotency-Replayed: true`): así un cliente que perdió la respuesta la recupera repitiendo la llamada. La misma clave para otro año/mes: 422; ' +
        'mientras otra llamada con esa clave está en curso: 409. Sin la clave, cada llamada consume números.',
    }),
    ApiHeader({
      name: 'Idempotency-Key',
      required: false,
      description:
        'Clave única de esta generación, de 1 a 255 caracteres ASCII visibles (p. ej. un UUID). Repetir la llamada con la misma clave en las 24 h siguientes ' +
        'devuelve los mismos documentos y números sin consumir otros.',
      schema: {
        type: 'string',
        minLength: 1,
        maxLength: 255,
        pattern: '^[\\x21-\\x7E]+$',
        example: '3f0c1a52-8e0b-4d0e-9a57-0c4d2b1e7f10',
      },
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
    ApiOkResponse({
      type: NominaElectronicaResponseDto,
      description: 'Documentos numerados (los números quedan consumidos), o los de una llamada anterior con la misma Idempotency-Key.',
      headers: {
        'Idempotency-Replayed': {
          description:
            '`true` cuando la respuesta repite la de una llamada anterior con la misma Idempotency-Key (no se consumió ningún número).',
          schema: { type: 'string', enum: ['true'] },
        },
        'Cache-Control': {
          description: '`no-store`: una respuesta de escritura que ninguna caché debe guardar.',
          schema: { type: 'string' },
        },
      },
    }),
    ApiValidationProblem(
      'ano no es un entero entre 1900 y 2100, mes no es un entero entre 1 y 12, o Idempotency-Key no tiene entre 1 y 255 caracteres ASCII visibles (no se consume ningún número).',
      'mes',
      'Debe ser un mes entero entre 1 y 12, p. ej. 3; se recibió "13".',
    ),
    ApiProblem(405, 'HEAD: se rechaza porque ejecutaría la generación y consumiría números (encabezado Allow: GET).', {
      title: 'Método no permitido',
      code: 'METHOD_NOT_ALLOWED',
      detail:
        'HEAD no está permitido en esta ruta: GET /pagos/nominaelectronica/{ano}/{mes} consume números de la secuencia. Use GET solo para generar los documentos.',
    }),
    ApiProblem(409, 'Otra llamada con la misma Idempotency-Key está en curso (no se consume ningún número).', {
      code: 'CLAVE_EN_CURSO',
      detail:
        'Otra llamada con el mismo Idempotency-Key está en curso. Espere su respuesta, o repita esta llamada en unos segundos: recibirá los mismos documentos y números.',
    }),
    ApiProblem(422, 'La Idempotency-Key ya numeró otro año/mes en las últimas 24 h (no se consume ningún número).', {
      code: 'CLAVE_REUTILIZADA',
      detail:
        'El Idempotency-Key ya se usó en las últimas 24 h para el periodo 2024/2, no para 2024/3. Use una clave nueva para cada periodo.',
    }),
    ApiProblem(
      503,
      'Base de datos no disponible, servicio ocupado (SERVICIO_OCUPADO) o consulta cancelada por tiempo: la llamada no consumió números. ' +
        'NUMERACION_INCIERTA: la conexión se perdió al confirmar y no se pudo comprobar el resultado; repita la llamada con la misma Idempotency-Key.',
      {
        title: 'Servicio no disponible',
        code: 'SERVICE_UNAVAILABLE',
        detail: 'La base de datos no está disponible en este momento. Intente de nuevo en unos segundos.',
      },
    ),
  );
}

import { applyDecorators } from '@nestjs/common';
import { ApiExportResponse } from '@nomina-api/platform/export';
import { ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiQuery } from '@nestjs/swagger';
import { ApiProblem, ApiValidationProblem } from '@nomina-api/platform/http';
import { NominaErrorCode } from '../nomina.errors';
import { PAGOS_LIST } from '../queries/list-pagos/list-pagos.query';
import { ApiListQuery } from './api-list-query.decorator';
import { wireExample } from './dto/envelope.response.dto';
import { PAGOS_WIRE_EXAMPLE, PagosResponseDto } from './dto/pago.response.dto';
import { ESTADOS_PARAM } from './estados.param';

/** OpenAPI of GET /pagos. */
export function ApiListPagos(): MethodDecorator {
  return applyDecorators(
    ApiOperation({
      summary: 'Listar pagos de nómina',
      description:
        'Encabezados de pago (una fila por liquidación) con estado y totales, en el sobre `{contenido, error, advertencia, metadata, total}`. ' +
        'Los pagos de tipo IN (datos iniciales) nunca aparecen; no hay filtro por fecha. Orden por defecto: ano desc, mes desc, fechaDesde desc, uuid.\n\n' +
        'Formato heredado (Java): montos, banderas y contadores como Double.toString (`1.0`, `1.8404777E7`); fechas `2023-02-01T05:00:00.000+0000`.' +
        wireExample(PAGOS_WIRE_EXAMPLE),
    }),
    ApiListQuery(
      PAGOS_LIST,
      'la descripción del pago y el nombre completo o número de documento de cualquier empleado con nómina en el pago',
    ),
    ApiQuery({
      name: ESTADOS_PARAM,
      required: true,
      schema: { type: 'string', example: 'PG,PP' },
      description:
        'Obligatorio. Códigos de estado separados por comas entre EP, PA, PP, PG, RE, AN (sin distinguir mayúsculas; se admiten espacios). ' +
        'Los corchetes son literales en el nombre: `?params[estados]=PG,PP`. Ausente → 500 (como el servicio heredado); vacío o con un código desconocido → 400.',
    }),
    ApiExportResponse({
      model: PagosResponseDto,
      jsonMediaType: 'application/json; charset=utf-8',
      description:
        'Página de pagos; `total` cuenta todos los que cumplen los criterios. Sin resultados: contenido [] y total 0.' +
        ' Con `format=csv|xlsx` (o Accept): archivo `pagos-<fecha>` con todos los pagos (o la página, si se indica offset/size).',
    }),
    ApiValidationProblem(
      'params[estados] vacío o con un código desconocido; offset/size/filter/sort inválidos.',
      'params[estados]',
      'Código de estado desconocido: "XX". Use códigos de estado separados por comas, entre EP, PA, PP, PG, RE, AN; p. ej. params[estados]=PG,PP.',
    ),
    ApiProblem(500, 'Falta params[estados]: el servicio responde 500, como el heredado (SPEC 4.1).', {
      title: 'Error interno del servidor',
      code: NominaErrorCode.ESTADOS_REQUERIDO,
      detail:
        'El parámetro params[estados] es obligatorio: envíe códigos de estado separados por comas, entre EP, PA, PP, PG, RE, AN; p. ej. params[estados]=PG,PP.',
      instance: '/pagos',
    }),
  );
}

/** OpenAPI of GET /pagos/{uuid}. */
export function ApiGetPago(): MethodDecorator {
  return applyDecorators(
    ApiOperation({
      summary: 'Un pago por uuid',
      description:
        'El encabezado de un pago, el mismo elemento de GET /pagos (totales guardados, `grupoPago` anidado), en el sobre con `contenido` de un elemento. ' +
        'Un pago de tipo IN (datos iniciales) no se sirve: 404, como en la lista. `params[actualizarPago]` se acepta y no tiene efecto (una lectura nunca modifica).',
    }),
    ApiParam({
      name: 'uuid',
      description: 'Uuid del pago (32 hexadecimales, con o sin guiones, cualquier caso).',
      example: '4B36728BFD9440488AE76D400213BA3C',
    }),
    ApiQuery({
      name: 'params[actualizarPago]',
      required: false,
      schema: { type: 'string', enum: ['true', 'false'] },
      description: 'Aceptado por compatibilidad con el servicio heredado y **sin efecto**.',
    }),
    ApiProduces('application/json; charset=utf-8'),
    ApiOkResponse({ type: PagosResponseDto, description: 'El pago; `total` = 1.' }),
    ApiValidationProblem(
      'uuid no es un uuid.',
      'uuid',
      'Debe ser un uuid: 32 caracteres hexadecimales, con o sin guiones, p. ej. 3A2B51CDBA4B4DC88437D3CFA4B48F6F.',
    ),
    ApiProblem(404, 'El pago no existe en el tenant del usuario, o es de tipo IN.', {
      title: 'No encontrado',
      code: NominaErrorCode.PAGO_NO_ENCONTRADO,
      detail:
        'No existe el pago 4B36728BFD9440488AE76D400213BA3C (los pagos de tipo IN, saldos iniciales, no se sirven). Use el uuid de un elemento de GET /pagos?params[estados]=...',
    }),
  );
}

import { applyDecorators } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiProduces } from '@nestjs/swagger';
import { ApiExportResponse } from '@nomina-api/platform/export';
import { ApiProblem, ApiValidationProblem } from '@nomina-api/platform/http';
import { NominaErrorCode } from '../nomina.errors';
import { GRUPOS_PAGO_LIST } from '../queries/list-grupos-pago/list-grupos-pago.query';
import { ApiListQuery } from './api-list-query.decorator';
import { GrupoPagoResponseDto, GruposPagoResponseDto, GruposPagoResumenResponseDto } from './dto/grupo-pago.response.dto';

const NUMERO_PAGOS =
  '`numeroPagos` cuenta los pagos del grupo sin los de tipo IN (que nunca aparecen), escrito como Double de Java (`5.0`).';

/** OpenAPI of GET /gruposPagos. */
export function ApiListGruposPagos(): MethodDecorator {
  return applyDecorators(
    ApiOperation({
      summary: 'Grupos de pago',
      description:
        'Los grupos de pago del tenant (`uuid`, `codigo`, `nombre`, `numeroPagos`), paginados. ' +
        NUMERO_PAGOS +
        ' Orden por defecto: codigo (sin tildes ni mayúsculas, luego exacto), uuid.',
    }),
    ApiListQuery(GRUPOS_PAGO_LIST, 'el código y el nombre del grupo'),
    ApiExportResponse({
      model: GruposPagoResponseDto,
      jsonMediaType: 'application/json; charset=utf-8',
      description:
        'Página de grupos; `total` cuenta todos. Con `format=csv|xlsx` (o Accept): archivo `gruposPagos-<fecha>` con todos (o la página pedida).',
    }),
    ApiValidationProblem(
      'offset/size/filter/sort inválidos.',
      'sort',
      'Campo de orden desconocido: "ano". Campos permitidos: codigo, nombre, numeroPagos.',
    ),
  );
}

/** OpenAPI of GET /gruposPagos/{uuid}. */
export function ApiGetGrupoPago(): MethodDecorator {
  return applyDecorators(
    ApiOperation({
      summary: 'Un grupo de pago',
      description: 'El grupo, con los campos del elemento de GET /gruposPagos; `contenido` tiene un elemento. ' + NUMERO_PAGOS,
    }),
    ApiProduces('application/json; charset=utf-8'),
    ApiParam({
      name: 'uuid',
      description: 'Uuid del grupo de pago (32 hexadecimales, con o sin guiones).',
      example: '910205DBD16A48EA929D79B4A4FAC3F6',
    }),
    ApiOkResponse({ type: GrupoPagoResponseDto }),
    ApiProblem(400, 'uuid no es un uuid.', {
      title: 'Solicitud inválida',
      code: 'VALIDATION',
      detail:
        'Parámetro inválido: uuid. Debe ser un uuid: 32 caracteres hexadecimales, con o sin guiones, p. ej. 3A2B51CDBA4B4DC88437D3CFA4B48F6F.',
    }),
    ApiProblem(404, 'El grupo no existe en el tenant del usuario.', {
      title: 'No encontrado',
      code: NominaErrorCode.GRUPO_PAGO_NO_ENCONTRADO,
      detail: 'No existe el grupo de pago 910205DBD16A48EA929D79B4A4FAC3F6. Use el uuid de un elemento de GET /gruposPagos/listagrupos.',
    }),
  );
}

/** OpenAPI of GET /gruposPagos/listagrupos. */
export function ApiListaGruposPagos(): MethodDecorator {
  return applyDecorators(
    ApiOperation({
      summary: 'Lista de grupos de pago (sin paginar)',
      description:
        'Todos los grupos de pago del tenant (`uuid`, `codigo`, `nombre`) en el orden por defecto de GET /gruposPagos. Sin paginación.',
    }),
    ApiExportResponse({
      model: GruposPagoResumenResponseDto,
      jsonMediaType: 'application/json; charset=utf-8',
      description: 'Todos los grupos. Con `format=csv|xlsx` (o Accept): archivo `listagrupos-<fecha>`.',
    }),
  );
}

import { applyDecorators } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiQuery } from '@nestjs/swagger';
import { ApiExportResponse } from '@nomina-api/platform/export';
import { ApiProblem, ApiValidationProblem } from '@nomina-api/platform/http';
import { TIPOS_DOCUMENTO } from '../domain/tipo-documento';
import { NominaErrorCode } from '../nomina.errors';
import { VINCULADOS_LIST } from '../queries/list-vinculados/list-vinculados.query';
import { ApiListQuery } from './api-list-query.decorator';
import { wireExample } from './dto/envelope.response.dto';
import {
  TiposCotizanteResponseDto,
  VINCULADO_WIRE_EXAMPLE,
  VinculadoResponseDto,
  VinculadosResponseDto,
} from './dto/vinculado.response.dto';

const ELEMENTO =
  'Cada elemento es una vinculación laboral (contrato) con su persona: `idEmpleado` es el número de documento (nombre de la integración heredada), ' +
  '`tipoCotizante` es `{codigo, descripcion}` y `activo` es true si está vigente hoy en Colombia (fechaIngreso <= hoy y fechaRetiro null o >= hoy).';

const FILTER_ON = 'el nombre completo y el número de documento';

const UUID_400 = (param: string): { title: string; code: string; detail: string } => ({
  title: 'Solicitud inválida',
  code: 'VALIDATION',
  detail: `Parámetro inválido: ${param}. Debe ser un uuid: 32 caracteres hexadecimales, con o sin guiones, p. ej. 3A2B51CDBA4B4DC88437D3CFA4B48F6F.`,
});

/** The legacy flags of GET /vinculados: accepted, never read (CONTRACT §11.1). */
const LEGACY_FLAGS = [
  ['requestData', 'Las tres banderas heredadas en un texto JSON, p. ej. `{"masivo":true,"conPrestaciones":true,"eliminados":[]}`.'],
  ['masivo', 'Bandera heredada (lista masiva).'],
  ['conPrestaciones', 'Bandera heredada (detalle de prestaciones sociales).'],
  ['eliminados', 'Bandera heredada (vinculaciones eliminadas).'],
] as const;

function ApiLegacyFlags(): MethodDecorator {
  return applyDecorators(
    ...LEGACY_FLAGS.map(([name, description]) =>
      ApiQuery({
        name,
        required: false,
        schema: { type: 'string' },
        description:
          `${description} **Se acepta y no tiene efecto**, con cualquier valor (tampoco se valida: un JSON mal formado no es un error): ` +
          'el servicio no guarda vinculaciones eliminadas ni detalle de prestaciones, y la respuesta es la misma que sin el parámetro.',
      }),
    ),
  );
}

/** OpenAPI of GET /vinculados. */
export function ApiListVinculados(): MethodDecorator {
  return applyDecorators(
    ApiOperation({
      summary: 'Vinculaciones vigentes',
      description:
        'Las vinculaciones vigentes hoy en Colombia (America/Bogota): las del próximo pago. ' +
        ELEMENTO +
        ' Una persona con dos vinculaciones vigentes aparece dos veces. Orden por defecto: nombreCompleto (sin tildes ni mayúsculas, luego exacto), uuid.\n\n' +
        '**Sin offset ni size la respuesta trae todas** (la lista se transmite mientras se lee; `total` = cantidad de elementos), como la consulta masiva ' +
        'de los clientes heredados (`?requestData={"masivo":true,"conPrestaciones":true,"eliminados":[]}`); con offset o size, una página como las demás listas.' +
        wireExample(VINCULADO_WIRE_EXAMPLE),
    }),
    ApiListQuery(VINCULADOS_LIST.vigentes, FILTER_ON, { wholeWhenUnpaged: true }),
    ApiLegacyFlags(),
    ApiExportResponse({
      model: VinculadosResponseDto,
      jsonMediaType: 'application/json; charset=utf-8',
      description:
        'Vinculaciones vigentes hoy: todas, o la página pedida; `total` cuenta todas las que cumplen los criterios. ' +
        'Con `format=csv|xlsx` (o Accept): archivo `vinculados-<fecha>` (columnas anidadas con punto: `tipoCotizante.codigo`).',
    }),
    ApiValidationProblem(
      'offset/size/filter/sort inválidos.',
      'sort',
      'Campo de orden desconocido: "ano". Campos permitidos: nombreCompleto, idEmpleado, fechaIngreso, salarioBase.',
    ),
  );
}

/** OpenAPI of GET /vinculados/desvinculados. */
export function ApiListDesvinculados(): MethodDecorator {
  return applyDecorators(
    ApiOperation({
      summary: 'Vinculaciones retiradas',
      description:
        'Las vinculaciones con fechaRetiro anterior a hoy en Colombia (una que se retira hoy sigue vigente). ' +
        ELEMENTO +
        ' Orden por defecto: fechaRetiro desc, uuid. Sin offset ni size, todas; con offset o size, una página.',
    }),
    ApiListQuery(VINCULADOS_LIST.desvinculados, FILTER_ON, { wholeWhenUnpaged: true }),
    ApiExportResponse({
      model: VinculadosResponseDto,
      jsonMediaType: 'application/json; charset=utf-8',
      description: 'Vinculaciones retiradas. Con `format=csv|xlsx` (o Accept): archivo `desvinculados-<fecha>`.',
    }),
    ApiValidationProblem(
      'offset/size/filter/sort inválidos.',
      'sort',
      'Campo de orden desconocido: "ano". Campos permitidos: nombreCompleto, idEmpleado, fechaIngreso, fechaRetiro, salarioBase.',
    ),
  );
}

/** OpenAPI of GET /vinculados/{uuid}. */
export function ApiGetVinculado(): MethodDecorator {
  return applyDecorators(
    ApiOperation({
      summary: 'Una vinculación por uuid',
      description: 'La vinculación, vigente o no; `contenido` tiene un elemento. ' + ELEMENTO,
    }),
    ApiProduces('application/json; charset=utf-8'),
    ApiParam({
      name: 'uuid',
      description: 'Uuid de la vinculación (32 hexadecimales, con o sin guiones).',
      example: '2B7EA90DC87745C29FD1938A366C8206',
    }),
    ApiOkResponse({ type: VinculadoResponseDto }),
    ApiProblem(400, 'uuid no es un uuid.', UUID_400('uuid')),
    ApiProblem(404, 'La vinculación no existe en el tenant del usuario.', {
      title: 'No encontrado',
      code: NominaErrorCode.VINCULADO_NO_ENCONTRADO,
      detail:
        'No existe la vinculación 2B7EA90DC87745C29FD1938A366C8206. Use el uuid de un elemento de GET /vinculados o GET /vinculados/desvinculados.',
    }),
  );
}

/** OpenAPI of GET /vinculados/empleado/{uuidEmpleado}. */
export function ApiListVinculadosEmpleado(): MethodDecorator {
  return applyDecorators(
    ApiOperation({
      summary: 'Vinculaciones de una persona',
      description:
        'Todas las vinculaciones de la persona, vigentes o no, la de mayor fechaIngreso primero (a igual fecha, el mayor uuid). ' +
        ELEMENTO +
        ' Sin paginación; `total` = cantidad de vinculaciones (0 si la persona no tiene ninguna).',
    }),
    ApiParam({
      name: 'uuidEmpleado',
      description: 'Uuid de la persona (`empleadoUuid` de GET /vinculados o GET /empleados).',
      example: '21E10C42C883413CB0930C65F1B7ACD9',
    }),
    ApiExportResponse({
      model: VinculadosResponseDto,
      jsonMediaType: 'application/json; charset=utf-8',
      description: 'Vinculaciones de la persona. Con `format=csv|xlsx` (o Accept): archivo `vinculadosEmpleado-<persona>-<fecha>`.',
    }),
    ApiProblem(400, 'uuidEmpleado no es un uuid.', UUID_400('uuidEmpleado')),
    ApiProblem(404, 'La persona no existe en el tenant del usuario.', {
      title: 'No encontrado',
      code: NominaErrorCode.EMPLEADO_NO_ENCONTRADO,
      detail:
        'No existe el empleado 21E10C42C883413CB0930C65F1B7ACD9. Use el empleadoUuid de un elemento de GET /vinculados o GET /empleados.',
    }),
  );
}

/** OpenAPI of GET /vinculados/integracion/empleado/{tipoDocumento}/{idEmpleado}. */
export function ApiGetVinculadoVigente(): MethodDecorator {
  return applyDecorators(
    ApiOperation({
      summary: 'Vinculación vigente de una persona, por documento',
      description:
        'La vinculación vigente hoy de la persona (si tiene varias, la de mayor fechaIngreso; a igual fecha, el mayor uuid); `contenido` tiene un elemento. ' +
        ELEMENTO +
        ' El número se compara sin distinguir mayúsculas (prefiere la coincidencia exacta). ' +
        'Dos 404 distintos: la persona no existe (EMPLEADO_NO_ENCONTRADO) o existe sin vinculación vigente (VINCULADO_VIGENTE_NO_ENCONTRADO).',
    }),
    ApiProduces('application/json; charset=utf-8'),
    ApiParam({ name: 'idEmpleado', description: 'Número de documento (máx. 20 caracteres).', example: '8927601899' }),
    ApiParam({
      name: 'tipoDocumento',
      enum: TIPOS_DOCUMENTO,
      description: 'Tipo de documento (sin distinguir mayúsculas).',
      example: 'CC',
    }),
    ApiOkResponse({ type: VinculadoResponseDto }),
    ApiValidationProblem(
      'Tipo de documento desconocido o número de documento inválido.',
      'tipoDocumento',
      'Tipo de documento desconocido. Valores permitidos: CC, CE, TI, PA, PEP, PPT, NIT, RC.',
    ),
    ApiProblem(404, 'La persona no existe, o existe sin una vinculación vigente hoy.', {
      title: 'No encontrado',
      code: NominaErrorCode.VINCULADO_VIGENTE_NO_ENCONTRADO,
      detail:
        'El empleado con documento CC 96615048 no tiene una vinculación vigente hoy (está retirado o aún no ingresa). ' +
        'Sus vinculaciones están en GET /vinculados/empleado/{uuidEmpleado}.',
    }),
  );
}

/** OpenAPI of GET /vinculados/tiposCotizante. */
export function ApiListTiposCotizante(): MethodDecorator {
  return applyDecorators(
    ApiOperation({
      summary: 'Tipos de cotizante',
      description:
        'El catálogo de tipos de cotizante del tenant (`codigo`, `descripcion`), ordenado por codigo (orden de bytes). Sin paginación.',
    }),
    ApiExportResponse({
      model: TiposCotizanteResponseDto,
      jsonMediaType: 'application/json; charset=utf-8',
      description: 'El catálogo. Con `format=csv|xlsx` (o Accept): archivo `tiposCotizante-<fecha>`.',
    }),
  );
}

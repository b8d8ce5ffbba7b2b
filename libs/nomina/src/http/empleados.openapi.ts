import { applyDecorators } from '@nestjs/common';
import { ApiExportResponse } from '@nomina-api/platform/export';
import { ApiOkResponse, ApiOperation, ApiParam, ApiProduces } from '@nestjs/swagger';
import { ApiProblem, ApiValidationProblem } from '@nomina-api/platform/http';
import { TIPOS_DOCUMENTO } from '../domain/tipo-documento';
import { NominaErrorCode } from '../nomina.errors';
import { EMPLEADOS_LIST } from '../queries/list-empleados/list-empleados.query';
import { ApiListQuery } from './api-list-query.decorator';
import { EMPLEADO_WIRE_EXAMPLE, EmpleadoResponseDto, EmpleadosResponseDto } from './dto/empleado.response.dto';
import { wireExample } from './dto/envelope.response.dto';

/** OpenAPI of GET /empleados. */
export function ApiListEmpleados(): MethodDecorator {
  return applyDecorators(
    ApiOperation({
      summary: 'Empleados con contrato vigente',
      description:
        'Un elemento por vinculación vigente hoy en Colombia (America/Bogota): fechaIngreso <= hoy y (fechaRetiro null o >= hoy). ' +
        'Una persona con dos vinculaciones vigentes aparece dos veces, una por vinculación. Orden por defecto: nombreCompleto (sin tildes ni mayúsculas, luego exacto), vinculadoUuid.',
    }),
    ApiListQuery(EMPLEADOS_LIST, 'el nombre completo y el número de documento'),
    ApiExportResponse({
      model: EmpleadosResponseDto,
      jsonMediaType: 'application/json; charset=utf-8',
      description:
        'Vinculaciones vigentes hoy. Con `format=csv|xlsx` (o Accept): archivo `empleados-<fecha>` con todas (o la página, si se indica offset/size).',
    }),
    ApiValidationProblem(
      'offset/size/filter/sort inválidos.',
      'sort',
      'Campo de orden desconocido: "ano". Campos permitidos: nombreCompleto, identificacion, fechaIngreso, salarioBase.',
    ),
  );
}

/** OpenAPI of GET /empleados/{tipoDocumento}/{identificacion}. */
export function ApiGetEmpleado(): MethodDecorator {
  return applyDecorators(
    ApiOperation({
      summary: 'Un empleado por documento',
      description:
        'La persona, vigente o no, con los campos de su vinculación más reciente (mayor fechaIngreso; a igual fecha, el mayor uuid de vinculación); ' +
        'los campos de la vinculación son null si no tiene ninguna. `contenido` tiene un elemento. El número se compara sin distinguir mayúsculas (prefiere la coincidencia exacta).' +
        wireExample(EMPLEADO_WIRE_EXAMPLE),
    }),
    ApiProduces('application/json; charset=utf-8'),
    ApiParam({
      name: 'tipoDocumento',
      enum: TIPOS_DOCUMENTO,
      description: 'Tipo de documento (sin distinguir mayúsculas).',
      example: 'CC',
    }),
    ApiParam({ name: 'identificacion', type: String, description: 'Número de documento (máx. 20 caracteres).', example: '8927601899' }),
    ApiOkResponse({ type: EmpleadoResponseDto }),
    ApiValidationProblem(
      'Tipo de documento desconocido o número de documento inválido.',
      'tipoDocumento',
      'Tipo de documento desconocido. Valores permitidos: CC, CE, TI, PA, PEP, PPT, NIT, RC.',
    ),
    ApiProblem(404, 'No hay un empleado con ese documento en el tenant del usuario.', {
      title: 'No encontrado',
      code: NominaErrorCode.EMPLEADO_NO_ENCONTRADO,
      detail: 'No existe un empleado con documento CC 123. Revise el tipo y el número de documento.',
    }),
  );
}

/** OpenAPI of GET /empleados/{uuid}. */
export function ApiGetEmpleadoPorUuid(): MethodDecorator {
  return applyDecorators(
    ApiOperation({
      summary: 'Un empleado por uuid',
      description:
        'La misma respuesta que GET /empleados/{tipoDocumento}/{identificacion}, buscando a la persona por su uuid (`empleadoUuid`): ' +
        'vigente o no, con los campos de su vinculación más reciente (null si no tiene ninguna). `contenido` tiene un elemento.',
    }),
    ApiProduces('application/json; charset=utf-8'),
    ApiParam({
      name: 'uuid',
      description: 'Uuid de la persona (`empleadoUuid` de GET /empleados; 32 hexadecimales, con o sin guiones).',
      example: '21E10C42C883413CB0930C65F1B7ACD9',
    }),
    ApiOkResponse({ type: EmpleadoResponseDto }),
    ApiValidationProblem(
      'uuid no es un uuid (p. ej. un tipo de documento sin número).',
      'uuid',
      'Debe ser un uuid: 32 caracteres hexadecimales, con o sin guiones, p. ej. 3A2B51CDBA4B4DC88437D3CFA4B48F6F.',
    ),
    ApiProblem(404, 'No hay una persona con ese uuid en el tenant del usuario.', {
      title: 'No encontrado',
      code: NominaErrorCode.EMPLEADO_NO_ENCONTRADO,
      detail: 'No existe el empleado 21E10C42C883413CB0930C65F1B7ACD9. Use el empleadoUuid de un elemento de GET /empleados.',
    }),
  );
}

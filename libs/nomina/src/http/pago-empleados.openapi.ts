import { applyDecorators } from '@nestjs/common';
import { ApiExportResponse } from '@nomina-api/platform/export';
import { ApiOperation, ApiParam, ApiQuery } from '@nestjs/swagger';
import { ApiProblem, ApiValidationProblem } from '@nomina-api/platform/http';
import { NominaErrorCode } from '../nomina.errors';
import { HISTORIAL_PAGOS_LIST } from '../queries/historial-pagos/historial-pagos.query';
import { PAGO_EMPLEADOS_LIST } from '../queries/list-pago-empleados/list-pago-empleados.query';
import { ApiListQuery } from './api-list-query.decorator';
import { wireExample } from './dto/envelope.response.dto';
import { HistorialPagosResponseDto } from './dto/historial-pagos.response.dto';
import { PAGO_EMPLEADOS_WIRE_EXAMPLE, PagoEmpleadosResponseDto } from './dto/pago-empleado.response.dto';
import { ESTADOS_PARAM } from './estados.param';
import { PAGO_PARAM } from './pago.param';

/** OpenAPI of GET /pagoEmpleados. */
export function ApiListPagoEmpleados(): MethodDecorator {
  return applyDecorators(
    ApiOperation({
      summary: 'Nóminas de un pago (una por empleado)',
      description:
        'Paso 2 de la consulta de un mes: las nóminas por empleado del pago `params[pago]`, con los totales guardados de cada una. ' +
        'Un pago inexistente (o de otro tenant) responde 200 con contenido vacío. Orden por defecto: nombreCompleto (sin tildes ni mayúsculas, luego exacto), uuid.' +
        wireExample(PAGO_EMPLEADOS_WIRE_EXAMPLE),
    }),
    ApiListQuery(PAGO_EMPLEADOS_LIST, 'el nombre completo y el número de documento del empleado'),
    ApiQuery({
      name: PAGO_PARAM,
      required: true,
      schema: { type: 'string', example: 'EDB3A93CC8BC4BE2A4C5B8ABB2A86588' },
      description:
        'Uuid del pago (32 hexadecimales, con o sin guiones, cualquier caso). Los corchetes son literales: `?params[pago]=<uuid>`.',
    }),
    ApiExportResponse({
      model: PagoEmpleadosResponseDto,
      jsonMediaType: 'application/json; charset=utf-8',
      description:
        'Nóminas del pago. Con `format=csv|xlsx` (o Accept): archivo `pagoEmpleados-<pago>-<fecha>` con todas (o la página, si se indica offset/size).',
    }),
    ApiValidationProblem(
      'params[pago] ausente o no es un uuid; offset/size/filter/sort inválidos.',
      'params[pago]',
      'Debe ser un uuid: 32 caracteres hexadecimales, con o sin guiones, p. ej. 3A2B51CDBA4B4DC88437D3CFA4B48F6F.',
    ),
  );
}

/** OpenAPI of GET /pagoEmpleados/{uuidEmpleado}/historialPagos. */
export function ApiHistorialPagos(): MethodDecorator {
  return applyDecorators(
    ApiOperation({
      summary: 'Historial de nóminas de una persona',
      description:
        'Todas las nóminas de la persona (de todas sus vinculaciones) en pagos que no son de tipo IN, con el encabezado de cada pago y los totales guardados de la nómina. ' +
        'Orden por defecto: fechaDesde desc, fechaPago desc, uuid. Persona inexistente (o de otro tenant) → 404; una persona sin nóminas → 200 vacío.',
    }),
    ApiParam({
      name: 'uuidEmpleado',
      description: 'Uuid de la persona (`empleadoUuid` de GET /empleados; 32 hexadecimales, con o sin guiones).',
      example: '21E10C42C883413CB0930C65F1B7ACD9',
    }),
    ApiQuery({
      name: ESTADOS_PARAM,
      required: false,
      schema: { type: 'string' },
      description:
        'Opcional. Solo los pagos en esos estados: códigos separados por comas entre EP, PA, PP, PG, RE, AN (sin distinguir mayúsculas). ' +
        'Ausente: todos los estados. Vacío o con un código desconocido → 400.',
    }),
    ApiListQuery(HISTORIAL_PAGOS_LIST, 'la descripción del pago'),
    ApiExportResponse({
      model: HistorialPagosResponseDto,
      jsonMediaType: 'application/json; charset=utf-8',
      description:
        'Nóminas de la persona. Con `format=csv|xlsx` (o Accept): archivo `historialPagos-<persona>-<fecha>` con todas (o la página, si se indica offset/size).',
    }),
    ApiValidationProblem(
      'uuidEmpleado no es un uuid; params[estados] vacío o con un código desconocido; offset/size/filter/sort inválidos.',
      'uuidEmpleado',
      'Debe ser un uuid: 32 caracteres hexadecimales, con o sin guiones, p. ej. 3A2B51CDBA4B4DC88437D3CFA4B48F6F.',
    ),
    ApiProblem(404, 'La persona no existe en el tenant del usuario.', {
      title: 'No encontrado',
      code: NominaErrorCode.EMPLEADO_NO_ENCONTRADO,
      detail: 'No existe el empleado 21E10C42C883413CB0930C65F1B7ACD9. Use el empleadoUuid de un elemento de GET /empleados.',
    }),
  );
}

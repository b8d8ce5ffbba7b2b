import { applyDecorators } from '@nestjs/common';
import { ApiExportResponse } from '@nomina-api/platform/export';
import { ApiOperation, ApiQuery } from '@nestjs/swagger';
import { ApiValidationProblem } from '@nomina-api/platform/http';
import { PAGO_EMPLEADOS_LIST } from '../queries/list-pago-empleados/list-pago-empleados.query';
import { ApiListQuery } from './api-list-query.decorator';
import { wireExample } from './dto/envelope.response.dto';
import { PAGO_EMPLEADOS_WIRE_EXAMPLE, PagoEmpleadosResponseDto } from './dto/pago-empleado.response.dto';
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

import { applyDecorators } from '@nestjs/common';
import { ApiExportResponse } from '@nomina-api/platform/export';
import { ApiOperation, ApiParam } from '@nestjs/swagger';
import { ApiProblem } from '@nomina-api/platform/http';
import { NominaErrorCode } from '../nomina.errors';
import { wireExample } from './dto/envelope.response.dto';
import {
  DETALLE_PAGO_WIRE_EXAMPLE,
  DetallePagoResponseDto,
  PAGO_EMPLEADO_DETALLES_WIRE_EXAMPLE,
  PagoEmpleadoDetallesResponseDto,
} from './dto/pago-empleado-detalle.response.dto';

const UUID_400 = {
  title: 'Solicitud inválida',
  code: 'VALIDATION',
  detail:
    'Parámetro inválido: idPago. Debe ser un uuid: 32 caracteres hexadecimales, con o sin guiones, p. ej. 3A2B51CDBA4B4DC88437D3CFA4B48F6F.',
};

/** OpenAPI of GET /pagoEmpleadoDetalles/detallePago/{idPago}. */
export function ApiDetallePago(): MethodDecorator {
  return applyDecorators(
    ApiOperation({
      summary: 'Totales por concepto de un pago',
      description:
        'Un elemento por concepto usado en el pago, sumado sobre todas sus nóminas (totales guardados al importar), con `numeroEmpleados` = nóminas que tienen el concepto. ' +
        'Reemplaza los pasos 2 y 3 pero pierde el detalle por empleado. Sin paginación; `total` = cantidad de conceptos. ' +
        'Orden: DEVENGADO y luego DEDUCCION, cada grupo por codigoConcepto. Se sirve cualquier pago del tenant (también los de tipo IN).' +
        wireExample(DETALLE_PAGO_WIRE_EXAMPLE),
    }),
    ApiParam({
      name: 'idPago',
      description: 'Uuid del pago (32 hexadecimales, con o sin guiones).',
      example: 'EDB3A93CC8BC4BE2A4C5B8ABB2A86588',
    }),
    ApiExportResponse({
      model: DetallePagoResponseDto,
      jsonMediaType: 'application/json; charset=utf-8',
      description: 'Totales por concepto del pago. Con `format=csv|xlsx` (o Accept): archivo `detallePago-<pago>-<fecha>`.',
    }),
    ApiProblem(400, 'idPago no es un uuid.', UUID_400),
    ApiProblem(404, 'El pago no existe en el tenant del usuario.', {
      title: 'No encontrado',
      code: NominaErrorCode.PAGO_NO_ENCONTRADO,
      detail: 'No existe el pago EDB3A93CC8BC4BE2A4C5B8ABB2A86588. Use el uuid de un elemento de GET /pagos?params[estados]=...',
    }),
  );
}

/** OpenAPI of GET /pagoEmpleadoDetalles/{uuidPagoEmpleado}. */
export function ApiPagoEmpleadoDetalles(): MethodDecorator {
  return applyDecorators(
    ApiOperation({
      summary: 'Detalle por concepto de una nómina',
      description:
        'Paso 3: todas las líneas de una nómina de empleado, sin paginación (offset/size se ignoran; `total` = cantidad de líneas). ' +
        'Orden: DEVENGADO y luego DEDUCCION, cada grupo por codigoConcepto (orden de bytes), luego uuid.' +
        wireExample(PAGO_EMPLEADO_DETALLES_WIRE_EXAMPLE),
    }),
    ApiParam({
      name: 'uuidPagoEmpleado',
      description: 'Uuid de la nómina (elemento de GET /pagoEmpleados).',
      example: '5F0D3C1E9A7B4C2D8E6F1A2B3C4D5E6F',
    }),
    ApiExportResponse({
      model: PagoEmpleadoDetallesResponseDto,
      jsonMediaType: 'application/json; charset=utf-8',
      description: 'Líneas de la nómina. Con `format=csv|xlsx` (o Accept): archivo `pagoEmpleadoDetalles-<nómina>-<fecha>`.',
    }),
    ApiProblem(400, 'uuidPagoEmpleado no es un uuid.', { ...UUID_400, detail: UUID_400.detail.replace('idPago', 'uuidPagoEmpleado') }),
    ApiProblem(404, 'La nómina no existe en el tenant del usuario.', {
      title: 'No encontrado',
      code: NominaErrorCode.PAGO_EMPLEADO_NO_ENCONTRADO,
      detail:
        'No existe la nómina de empleado 5F0D3C1E9A7B4C2D8E6F1A2B3C4D5E6F. Use el uuid de un elemento de GET /pagoEmpleados?params[pago]=<uuid del pago>.',
    }),
  );
}

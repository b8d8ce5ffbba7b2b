import { applyDecorators } from '@nestjs/common';
import { ApiExportResponse } from '@nomina-api/platform/export';
import { ApiOperation, ApiParam } from '@nestjs/swagger';
import { ApiValidationProblem } from '@nomina-api/platform/http';
import { CONCEPTOS_ACUMULADOS_LIST } from '../queries/conceptos-acumulados/conceptos-acumulados.query';
import { ApiListQuery } from './api-list-query.decorator';
import { AcumuladoPorConceptoResponseDto } from './dto/acumulado-por-concepto.response.dto';
import { ConceptosAcumuladosResponseDto } from './dto/conceptos-acumulados.response.dto';

/** The date range of both accumulated reads: the payment's fechaDesde between both ends, inclusive. */
function ApiRangoParams(fechaDesde: string, fechaHasta: string): MethodDecorator {
  return applyDecorators(
    ApiParam({
      name: 'fechaDesde',
      description: 'Inicio del rango, AAAA-MM-DD (fecha real), aplicado a la fechaDesde del pago.',
      example: fechaDesde,
      schema: { type: 'string', format: 'date' },
    }),
    ApiParam({
      name: 'fechaHasta',
      description: 'Fin del rango, AAAA-MM-DD (fecha real), incluido; ≥ fechaDesde.',
      example: fechaHasta,
      schema: { type: 'string', format: 'date' },
    }),
  );
}

/** A true/false path segment, read without regard to case. */
function ApiBooleanParam(name: string, description: string): MethodDecorator {
  return ApiParam({
    name,
    description: `${description} Sin distinguir mayúsculas.`,
    example: 'false',
    schema: { type: 'string', enum: ['true', 'false'] },
  });
}

/** OpenAPI of GET /pagoEmpleadoDetalles/conceptosacumulados/{fechaDesde}/{fechaHasta}/{isDetalleParaAportes}. */
export function ApiConceptosAcumulados(): MethodDecorator {
  return applyDecorators(
    ApiOperation({
      summary: 'Conceptos acumulados por empleado en un rango de fechas',
      description:
        'Un elemento por vinculación laboral (uuidVinculado) con al menos una nómina en los pagos considerados: pagos **definitivos** cuya ' +
        '**fechaDesde** (la fecha inicial del pago, no la de pago ni la de cada concepto) está entre fechaDesde y fechaHasta, ambos extremos incluidos. ' +
        'No se mira el estado del pago (un pago anulado pero definitivo cuenta) y los pagos de tipo IN (datos iniciales) **sí** se acumulan.\n\n' +
        '- `isDetalleParaAportes=false` (fuente genérica): totales = sumas de los totales de las nóminas.\n' +
        '- `isDetalleParaAportes=true` (fuente de aportes): solo cuentan las líneas de conceptos con baseAportes = true; ' +
        'las vinculaciones sin ninguna de esas líneas no aparecen. Son dos fuentes distintas, no un filtro adicional.\n\n' +
        '`salarioBase` es el de la nómina del último pago considerado de la vinculación (fechaDesde del pago, luego fechaPago, luego uuid del pago, descendentes). ' +
        'Paginación con offset/size (`page` se acepta y se ignora); `total` es el conteo global. Orden por defecto: nombreCompleto (sin tildes ni mayúsculas, luego exacto), uuidVinculado. ' +
        'Sin permisos adicionales a la verificación del tenant.',
    }),
    ApiRangoParams('2024-01-01', '2024-12-31'),
    ApiBooleanParam(
      'isDetalleParaAportes',
      '`true`: fuente de detalle para aportes (solo conceptos base de aportes); `false`: fuente genérica.',
    ),
    ApiListQuery(CONCEPTOS_ACUMULADOS_LIST, 'el nombre completo y el número de documento del empleado'),
    ApiExportResponse({
      model: ConceptosAcumuladosResponseDto,
      jsonMediaType: 'application/json; charset=utf-8',
      description:
        'Acumulados por vinculación. Con `format=csv|xlsx` (o Accept): archivo `conceptosacumulados-<desde>-<hasta>` con todos (o la página, si se indica offset/size).',
    }),
    ApiValidationProblem(
      'Fecha que no es AAAA-MM-DD o no existe, fechaDesde posterior a fechaHasta, isDetalleParaAportes distinto de true/false, u offset/size/filter/sort inválidos.',
      'fechaHasta',
      'Debe ser una fecha real con formato AAAA-MM-DD, p. ej. 2024-01-31; se recibió "2024-02-30".',
    ),
  );
}

/** OpenAPI of GET /pagoEmpleadoDetalles/conceptosacumulados/{fechaDesde}/{fechaHasta}/{isDetalleParaAportes}/{porContacto}. */
export function ApiAcumuladoPorConcepto(): MethodDecorator {
  return applyDecorators(
    ApiOperation({
      summary: 'Explorador por concepto: acumulados de cada concepto en un rango de fechas',
      description:
        'Los mismos pagos que los conceptos acumulados por empleado: pagos **definitivos** cuya **fechaDesde** está entre fechaDesde y fechaHasta (ambos incluidos), ' +
        'sin mirar el estado, con los pagos de tipo IN (datos iniciales) incluidos.\n\n' +
        '- `porContacto=false`: un elemento por concepto, sumado sobre todas las nóminas de esos pagos, con `numeroEmpleados` = vinculaciones que tienen el concepto.\n' +
        '- `porContacto=true`: un elemento por concepto y vinculación, con `uuidVinculado, uuidEmpleado, id, nombreCompleto` después de `tipo` y `numeroEmpleados` = 1.0.\n' +
        '- `isDetalleParaAportes=true`: solo los conceptos base de aportes.\n\n' +
        'Orden: DEVENGADO antes que DEDUCCION, luego codigoConcepto (luego nombreCompleto sin tildes ni mayúsculas, uuidVinculado). ' +
        '**Sin paginación**: el resultado completo se envía a medida que se lee (offset/size/filter/sort no aplican); `total` = cantidad de elementos. ' +
        'Los años calendario completos se leen de un acumulado anual por vinculación y concepto; los extremos parciales, de las líneas.',
    }),
    ApiRangoParams('2025-01-01', '2025-12-31'),
    ApiBooleanParam('isDetalleParaAportes', '`true`: solo conceptos base de aportes; `false`: todos.'),
    ApiBooleanParam('porContacto', '`true`: un elemento por concepto y vinculación; `false`: un elemento por concepto.'),
    ApiExportResponse({
      model: AcumuladoPorConceptoResponseDto,
      jsonMediaType: 'application/json; charset=utf-8',
      description:
        'Acumulados por concepto (o por concepto y vinculación). Con `format=csv|xlsx` (o Accept): archivo ' +
        '`conceptosacumuladosPorConcepto-<desde>-<hasta>` o `conceptosacumuladosPorContacto-<desde>-<hasta>` con todos los elementos.',
    }),
    ApiValidationProblem(
      'Fecha que no es AAAA-MM-DD o no existe, fechaDesde posterior a fechaHasta, isDetalleParaAportes o porContacto distintos de true/false.',
      'porContacto',
      'Debe ser true o false (sin distinguir mayúsculas), p. ej. false; se recibió "si".',
    ),
  );
}

import { applyDecorators } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { ApiExportResponse } from '@nomina-api/platform/export';
import { ConceptosResponseDto } from './dto/concepto.response.dto';

/** OpenAPI of GET /conceptos. */
export function ApiListConceptos(): MethodDecorator {
  return applyDecorators(
    ApiOperation({
      summary: 'Conceptos de nómina',
      description:
        'El catálogo de conceptos del tenant (`codigo`, `nombre`, `tipo` DEVENGADO o DEDUCCION, `baseAportes`), ordenado por codigo (orden de bytes). Sin paginación.',
    }),
    ApiExportResponse({
      model: ConceptosResponseDto,
      jsonMediaType: 'application/json; charset=utf-8',
      description: 'El catálogo. Con `format=csv|xlsx` (o Accept): archivo `conceptos-<fecha>`.',
    }),
  );
}

import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { LIMITE_MAXIMO, LIMITE_POR_DEFECTO, PAGINA_MAXIMA } from '../paging';

/**
 * Query of GET /proveedor. Both values stay text here: their rules (400 for `pagina`, a silent
 * fallback for `limite`) are applied by resolvePaging, not by the validation pipe.
 */
export class ListProveedoresRequestDto {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    maximum: PAGINA_MAXIMA,
    example: 0,
    description:
      'Número de página, la primera es 0. Con `pagina` o `limite` la lista se pagina (sin `pagina`: 0). ' +
      'Un valor que no sea un entero ≥ 0 → 400.',
  })
  @Allow()
  pagina?: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: LIMITE_MAXIMO,
    default: LIMITE_POR_DEFECTO,
    example: 50,
    description:
      `Registros (establecimientos) por página, de 1 a ${LIMITE_MAXIMO}; por defecto ${LIMITE_POR_DEFECTO}. ` +
      `Un valor inválido (no entero, 0, mayor que ${LIMITE_MAXIMO}) se reemplaza por ${LIMITE_POR_DEFECTO}, sin error.`,
  })
  @Allow()
  limite?: string;

  // Documented by ApiExportResponse; checked by resolveExportFormat (the same rule and 400 as every export).
  @Allow()
  format?: unknown;
}

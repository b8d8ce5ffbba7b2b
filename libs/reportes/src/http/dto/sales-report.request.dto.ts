import { ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { ReportUtilityRequestDto } from './report-utility.request.dto';

const SHOW_PRODUCT_COMBO = {
  description: 'Aceptado por compatibilidad con el servicio heredado y **sin efecto** (el servicio no guarda combos).',
  enum: ['true', 'false'],
  example: 'false',
} as const;

/**
 * Query of GET /reports/reportSalesByProduct (CONTRACT §11.4): the profitability report's
 * parameters and rules, plus the legacy `showProductCombo`.
 */
export class SalesByProductRequestDto extends ReportUtilityRequestDto {
  @ApiPropertyOptional(SHOW_PRODUCT_COMBO)
  @IsOptional()
  showProductCombo?: unknown;
}

/**
 * Query of GET /reports/reportSalesByCategory: the same, without `groupResult` (a category report
 * is always grouped; the parameter is ignored like any unknown one).
 */
export class SalesByCategoryRequestDto extends OmitType(ReportUtilityRequestDto, ['groupResult'] as const) {
  @ApiPropertyOptional(SHOW_PRODUCT_COMBO)
  @IsOptional()
  showProductCombo?: unknown;
}

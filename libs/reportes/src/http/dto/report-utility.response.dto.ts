import { ApiExtraModels, ApiProperty, type ApiPropertyOptions, getSchemaPath } from '@nestjs/swagger';
import type {
  ReportUtilityRowView,
  ReportUtilityTotalsView,
  ReportUtilityView,
  SalesRowView,
  SalesTotalsView,
} from '../../queries/report-utility/report-utility.view';

/** Shared by both row shapes (the detail row only adds saleId and date in front) and by the sales reports (§11.4). */
const FIELD: Record<Exclude<keyof ReportUtilityRowView, 'saleId' | 'date'>, ApiPropertyOptions> = {
  productId: { example: 'C0FFEE00000040008000000000000001', description: 'Uuid del producto (32 hexadecimales en mayúscula).' },
  code: { example: 'A-100', description: 'Código del producto.' },
  name: { example: 'Café especial, tostado', description: 'Nombre del producto.' },
  categoryName: { type: String, nullable: true, example: 'Bebidas', description: 'Nombre de la categoría; null si el producto no tiene.' },
  quantity: { example: 3.25, description: 'Σ cantidad.' },
  totalBruto: { example: 16300, description: 'Σ(cantidad × precioUnitario), redondeado a 2 decimales.' },
  totalDiscount: { example: 500, description: 'Σ descuento, 2 decimales.' },
  totalTaxes: { example: 2052, description: 'Σ impuestos, 2 decimales.' },
  total: { example: 17852, description: 'totalBruto − totalDiscount + totalTaxes (de las sumas exactas), 2 decimales.' },
  avgCost: {
    example: 1216.5336,
    description:
      'Costo promedio ponderado: Σ(cantidad × costoPromedio) / Σ cantidad, con el costo congelado en cada venta; 4 decimales (mitad hacia arriba).',
  },
  grossProfit: {
    example: 12346.27,
    description:
      'Utilidad bruta: totalBruto − avgCost × quantity, con el avgCost exacto (sin redondear), redondeada una sola vez a 2 decimales.',
  },
};

/** A sales-by-product row with groupResult=true (CONTRACT §11.4): what every product row of the sales reports carries. */
export class SalesGroupedRowDto implements SalesRowView {
  @ApiProperty(FIELD.productId) productId!: string;
  @ApiProperty(FIELD.code) code!: string;
  @ApiProperty(FIELD.name) name!: string;
  @ApiProperty(FIELD.categoryName) categoryName!: string | null;
  @ApiProperty(FIELD.quantity) quantity!: number;
  @ApiProperty(FIELD.totalBruto) totalBruto!: number;
  @ApiProperty(FIELD.totalDiscount) totalDiscount!: number;
  @ApiProperty(FIELD.totalTaxes) totalTaxes!: number;
  @ApiProperty(FIELD.total) total!: number;
}

/** A sales-by-product detail row (groupResult absent or false): one per product per sale, saleId and date first. */
export class SalesDetailRowDto implements SalesRowView {
  @ApiProperty({ example: '5A1E00000000400080000000000000A1', description: 'Uuid de la venta (32 hexadecimales en mayúscula).' })
  saleId!: string;

  @ApiProperty({ example: '2024-03-01T00:00:00.000Z', description: 'Fecha de la venta, ISO-8601 UTC con milisegundos.' })
  date!: string;

  @ApiProperty(FIELD.productId) productId!: string;
  @ApiProperty(FIELD.code) code!: string;
  @ApiProperty(FIELD.name) name!: string;
  @ApiProperty(FIELD.categoryName) categoryName!: string | null;
  @ApiProperty({ ...FIELD.quantity, example: 3 }) quantity!: number;
  @ApiProperty({ ...FIELD.totalBruto, example: 15000 }) totalBruto!: number;
  @ApiProperty(FIELD.totalDiscount) totalDiscount!: number;
  @ApiProperty({ ...FIELD.totalTaxes, example: 1805 }) totalTaxes!: number;
  @ApiProperty({ ...FIELD.total, example: 16305 }) total!: number;
}

/** Totals of every line of a sales report, from the exact sums. */
export class SalesTotalsDto implements SalesTotalsView {
  @ApiProperty({ example: 27.25, description: 'Σ cantidad de todas las líneas.' }) quantity!: number;
  @ApiProperty({ example: 47291.75, description: 'Σ(cantidad × precioUnitario), 2 decimales.' }) totalBruto!: number;
  @ApiProperty({ example: 2100, description: 'Σ descuento, 2 decimales.' }) totalDiscount!: number;
  @ApiProperty({ example: 2926, description: 'Σ impuestos, 2 decimales.' }) totalTaxes!: number;
  @ApiProperty({ example: 48117.75, description: 'totalBruto − totalDiscount + totalTaxes, 2 decimales.' }) total!: number;
}

/** A profitability row with groupResult=true: the sales row, then its cost members. */
export class ReportUtilityGroupedRowDto extends SalesGroupedRowDto implements ReportUtilityRowView {
  @ApiProperty(FIELD.avgCost) avgCost!: number;
  @ApiProperty(FIELD.grossProfit) grossProfit!: number;
}

/** Detail row (groupResult absent or false): one per product per sale, saleId and date first. */
export class ReportUtilityDetailRowDto extends SalesDetailRowDto implements ReportUtilityRowView {
  @ApiProperty({ ...FIELD.avgCost, example: 1234.5678 }) avgCost!: number;
  @ApiProperty({ ...FIELD.grossProfit, example: 11296.3 }) grossProfit!: number;
}

export class ReportUtilityTotalsDto extends SalesTotalsDto implements ReportUtilityTotalsView {
  @ApiProperty({ example: 23592.99, description: 'Costo de lo vendido: Σ(cantidad × costoPromedio), 2 decimales.' }) cost!: number;
  @ApiProperty({ example: 23698.76, description: 'totalBruto − cost (de las sumas exactas), 2 decimales.' }) grossProfit!: number;
}

/** The rows of a product report (this one and the sales by product), grouped or in detail. */
export const PRODUCT_ROWS_DESCRIPTION =
  'Filas del reporte. Con groupResult=true una por producto (orden: totalBruto exacto desc, code, productId); ' +
  'si no, una por producto y venta (orden: date, saleId, code, productId). Con allBusiness=true se mezclan los negocios.';

@ApiExtraModels(ReportUtilityGroupedRowDto, ReportUtilityDetailRowDto)
export class ReportUtilityResponseDto implements ReportUtilityView {
  @ApiProperty({
    description: PRODUCT_ROWS_DESCRIPTION,
    type: 'array',
    // anyOf, not oneOf: a detail row carries every field of a grouped row, so the shapes overlap;
    // groupResult, not a field of the row, says which one the report has.
    items: { anyOf: [{ $ref: getSchemaPath(ReportUtilityGroupedRowDto) }, { $ref: getSchemaPath(ReportUtilityDetailRowDto) }] },
  })
  reportByProduct!: (ReportUtilityGroupedRowDto | ReportUtilityDetailRowDto)[];

  @ApiProperty({
    type: ReportUtilityTotalsDto,
    description: 'Totales de todas las líneas del reporte, de las sumas exactas (no de las filas redondeadas).',
  })
  totals!: ReportUtilityTotalsDto;
}

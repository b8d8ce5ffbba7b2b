import { ApiExtraModels, ApiProperty, getSchemaPath } from '@nestjs/swagger';
import type {
  SalesByCategoryRowView,
  SalesByCategoryView,
  SalesRowView,
  SalesTotalsView,
} from '../../queries/report-utility/report-utility.view';
import { FIELD } from './report-utility.response.dto';

/** A sales-by-product row with groupResult=true (CONTRACT §11.4): the profitability row without its cost members. */
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

/** A sales-by-product detail row (groupResult absent or false): saleId and date first. */
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

@ApiExtraModels(SalesGroupedRowDto, SalesDetailRowDto)
export class SalesByProductResponseDto {
  @ApiProperty({
    description:
      'Filas del reporte. Con groupResult=true una por producto (orden: totalBruto exacto desc, code, productId); ' +
      'si no, una por producto y venta (orden: date, saleId, code, productId). Con allBusiness=true se mezclan los negocios.',
    type: 'array',
    // anyOf: a detail row carries every field of a grouped row; groupResult says which one the report has.
    items: { anyOf: [{ $ref: getSchemaPath(SalesGroupedRowDto) }, { $ref: getSchemaPath(SalesDetailRowDto) }] },
  })
  reportByProduct!: (SalesGroupedRowDto | SalesDetailRowDto)[];

  @ApiProperty({ type: SalesTotalsDto, description: 'Totales de todas las líneas del reporte, de las sumas exactas.' })
  totals!: SalesTotalsDto;
}

/** One row per category. */
export class SalesByCategoryRowDto implements SalesByCategoryRowView {
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'C47E00000000400080000000000000B1',
    description: 'Uuid de la categoría (32 hexadecimales en mayúscula); null en la fila de los productos sin categoría.',
  })
  categoryId!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'Bebidas',
    description: 'Nombre de la categoría; null en la fila de los productos sin categoría.',
  })
  categoryName!: string | null;

  @ApiProperty({ ...FIELD.quantity, example: 42.5 }) quantity!: number;
  @ApiProperty({ ...FIELD.totalBruto, example: 187500 }) totalBruto!: number;
  @ApiProperty({ ...FIELD.totalDiscount, example: 3200 }) totalDiscount!: number;
  @ApiProperty({ ...FIELD.totalTaxes, example: 15100 }) totalTaxes!: number;
  @ApiProperty({ ...FIELD.total, example: 199400 }) total!: number;
}

export class SalesByCategoryResponseDto implements SalesByCategoryView {
  @ApiProperty({
    type: [SalesByCategoryRowDto],
    description:
      'Una fila por categoría con ventas en el periodo (orden: totalBruto exacto desc, categoryName); las ventas de productos sin categoría forman una fila con categoryId y categoryName null.',
  })
  reportByCategory!: SalesByCategoryRowDto[];

  @ApiProperty({ type: SalesTotalsDto, description: 'Totales de todas las líneas del reporte, de las sumas exactas.' })
  totals!: SalesTotalsDto;
}

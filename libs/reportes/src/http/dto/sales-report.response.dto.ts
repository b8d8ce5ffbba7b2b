import { ApiExtraModels, ApiProperty, getSchemaPath } from '@nestjs/swagger';
import type { SalesByCategoryRowView, SalesByCategoryView } from '../../queries/report-utility/report-utility.view';
import { PRODUCT_ROWS_DESCRIPTION, SalesDetailRowDto, SalesGroupedRowDto, SalesTotalsDto } from './report-utility.response.dto';

@ApiExtraModels(SalesGroupedRowDto, SalesDetailRowDto)
export class SalesByProductResponseDto {
  @ApiProperty({
    description: PRODUCT_ROWS_DESCRIPTION,
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

  @ApiProperty({ example: 42.5, description: 'Σ cantidad de las líneas de la categoría.' }) quantity!: number;
  @ApiProperty({ example: 187500, description: 'Σ(cantidad × precioUnitario), redondeado a 2 decimales.' }) totalBruto!: number;
  @ApiProperty({ example: 3200, description: 'Σ descuento, 2 decimales.' }) totalDiscount!: number;
  @ApiProperty({ example: 15100, description: 'Σ impuestos, 2 decimales.' }) totalTaxes!: number;
  @ApiProperty({ example: 199400, description: 'totalBruto − totalDiscount + totalTaxes (de las sumas exactas), 2 decimales.' })
  total!: number;
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

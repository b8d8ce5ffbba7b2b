import { applyDecorators, type Type } from '@nestjs/common';
import { ApiExtraModels, ApiOperation, getSchemaPath } from '@nestjs/swagger';
import { SalesByCategoryResponseDto, SalesByProductResponseDto } from './dto/sales-report.response.dto';
import { ApiReportOk, ApiReportProblems, GROUPED_EXAMPLE, TOTALS_EXAMPLE } from './report-utility.openapi';

const COMMON = [
  '**Sin requisito PREMIUM:** basta un token válido de un tenant activo; el negocio se elige como en el reporte de rentabilidad (`GET /reports/reportUtility`).',
  '',
  '**Negocio:** el del token (`bid`), o `businessId` (uno de los negocios del usuario; otro → 403), o `allBusiness=true` (todos los del usuario). Ambos a la vez → 400.',
  '',
  '**Periodo y estados:** cuenta una venta cuando `dateInitISO <= fecha <= dateEndISO` (al milisegundo); sin `status` se excluyen las ventas `Anulada`.',
  '',
  '**Cifras** (por línea: `totalBruto = cantidad × precioUnitario`, `totalDiscount = descuento`, `totalTaxes = impuestos`, `total = totalBruto − totalDiscount + totalTaxes`): ' +
    'las mismas sumas exactas del reporte de rentabilidad, redondeadas una sola vez a 2 decimales (mitad alejándose de cero). Los totales salen de las sumas exactas de todas las líneas.',
  '',
  '`showProductCombo` se acepta y no tiene efecto. CSV/XLSX con `format` o `Accept`, como el reporte de rentabilidad; cada 200 lleva `ETag` (304 con `If-None-Match`).',
];

const PRODUCT_DESCRIPTION = [
  'Ventas por producto: las filas del reporte de rentabilidad sin los miembros de costo (`avgCost`, `grossProfit`; en `totals`, `cost` y `grossProfit`).',
  '',
  ...COMMON,
  '',
  '**Orden:** agrupado (`groupResult=true`) por `totalBruto` exacto descendente, luego `code`; detalle por `date`, `saleId`, `code`.',
].join('\n');

const CATEGORY_DESCRIPTION = [
  'Ventas por categoría de producto: una fila por categoría, ordenadas por `totalBruto` exacto descendente y luego `categoryName`; ' +
    'las ventas de productos sin categoría forman una fila con `categoryId` y `categoryName` null. `groupResult` no aplica.',
  '',
  ...COMMON,
].join('\n');

/** The utility report's example without its cost members, as the sales reports answer the same sales. */
const { cost: _cost, grossProfit: _profit, ...TOTALS } = TOTALS_EXAMPLE;
const { avgCost: _avgCost, grossProfit: _grossProfit, ...PRODUCT_ROW } = GROUPED_EXAMPLE.reportByProduct[0];

const PRODUCT_EXAMPLE = { reportByProduct: [PRODUCT_ROW], totals: TOTALS };
const CATEGORY_EXAMPLE = {
  reportByCategory: [
    {
      categoryId: 'C47E00000000400080000000000000B1',
      categoryName: 'Panadería',
      quantity: 24,
      totalBruto: 36541.25,
      totalDiscount: 2000,
      totalTaxes: 874,
      total: 35415.25,
    },
    { categoryId: null, categoryName: null, quantity: 3.25, totalBruto: 10750.5, totalDiscount: 100, totalTaxes: 2052, total: 12702.5 },
  ],
  totals: TOTALS,
};

/** The 200 of a sales report: JSON with its schema and example, or the CSV/XLSX file, with the revalidation headers. */
function salesReportResponse(model: Type<unknown>, example: object, file: string): MethodDecorator {
  return applyDecorators(
    ApiExtraModels(model),
    ApiReportOk(file, { schema: { $ref: getSchemaPath(model) }, example }),
    ApiReportProblems(),
  );
}

/** OpenAPI of GET /reports/reportSalesByProduct. */
export function ApiReportSalesByProduct(): MethodDecorator {
  return applyDecorators(
    ApiOperation({ summary: 'Reporte de ventas por producto', description: PRODUCT_DESCRIPTION }),
    salesReportResponse(SalesByProductResponseDto, PRODUCT_EXAMPLE, 'reporte-ventas-producto'),
  );
}

/** OpenAPI of GET /reports/reportSalesByCategory. */
export function ApiReportSalesByCategory(): MethodDecorator {
  return applyDecorators(
    ApiOperation({ summary: 'Reporte de ventas por categoría', description: CATEGORY_DESCRIPTION }),
    salesReportResponse(SalesByCategoryResponseDto, CATEGORY_EXAMPLE, 'reporte-ventas-categoria'),
  );
}

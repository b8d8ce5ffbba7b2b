import { applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiOperation, ApiProduces, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import type { MediaTypeObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { exportResponseHeaders, XLSX_MEDIA_TYPE } from '@nomina-api/platform/export';
import { ApiProblem, ApiValidationProblem } from '@nomina-api/platform/http';
import { ReportUtilityDetailRowDto, ReportUtilityGroupedRowDto, ReportUtilityResponseDto } from './dto/report-utility.response.dto';

const DESCRIPTION = [
  'Ventas por producto con su costo promedio y utilidad bruta, para un periodo. Requiere suscripción **PREMIUM** vigente en cada negocio consultado.',
  '',
  '**Negocio:** el del token (`bid`), o `businessId` (uno de los negocios del usuario), o `allBusiness=true` (todos los del usuario, mezclados en un solo reporte).',
  '',
  '**Periodo:** cuenta una venta cuando `dateInitISO <= fecha <= dateEndISO` (ambos extremos incluidos, al milisegundo). Sin `status` se excluyen las ventas `Anulada`.',
  '',
  '**Fórmulas** (por línea de venta: `totalBruto = cantidad × precioUnitario`, `totalDiscount = descuento`, `totalTaxes = impuestos`):',
  '- `total = totalBruto − totalDiscount + totalTaxes`',
  '- `avgCost = Σ(cantidad × costoPromedio) / Σ cantidad` — `costoPromedio` es el costo unitario promedio congelado en cada venta',
  '- `grossProfit = totalBruto − avgCost × quantity` (con el `avgCost` exacto; equivale a totalBruto − Σ(cantidad × costoPromedio))',
  '- `totals.cost = Σ(cantidad × costoPromedio)`; `totals.grossProfit = totals.totalBruto − totals.cost`',
  '',
  '**Redondeo:** todo se calcula con sumas decimales exactas y se redondea una sola vez al final: dinero a 2 decimales y `avgCost` a 4, mitad alejándose de cero. ' +
    'Los totales salen de las sumas exactas de todas las líneas, no de sumar las filas redondeadas.',
  '',
  '**Orden:** agrupado por `totalBruto` exacto descendente, luego `code`; detalle por `date`, `saleId`, `code` (códigos en orden de bytes; `productId` desempata).',
  '',
  '**CSV:** `Accept: text/csv` o `format=csv`. UTF-8 con BOM, separador `,`, decimales con `.`, comillas RFC 4180, líneas CRLF; encabezado con los nombres de los campos de la fila ' +
    '(detalle: `saleId,date,` primero); dinero con 2 decimales y `avgCost` con 4. Sin fila de totales. Los textos que empiezan por `= + - @` llevan un apóstrofo delante (protección contra fórmulas).',
  '',
  '**XLSX:** `Accept: ' +
    XLSX_MEDIA_TYPE +
    '` o `format=xlsx`. Una hoja `reportUtility` con encabezado en negrita, cifras como celdas numéricas y `date` como fecha y hora (UTC); ' +
    'pasadas 1.048.575 filas sigue en `reportUtility (2)`, …',
  '',
  '**Condicional:** cada 200 lleva `ETag` y `Cache-Control: private, no-cache`; con `If-None-Match` igual la respuesta es 304 sin cuerpo (después de verificar token y suscripción).',
  '',
  '**Tamaño:** JSON, CSV y XLSX se escriben mientras llegan las filas (memoria constante): un año de detalle con un millón de filas funciona; para descargas grandes prefiera CSV.',
].join('\n');

export const TOTALS_EXAMPLE = {
  quantity: 27.25,
  totalBruto: 47291.75,
  totalDiscount: 2100,
  totalTaxes: 2926,
  total: 48117.75,
  cost: 23592.99,
  grossProfit: 23698.76,
};
export const GROUPED_EXAMPLE = {
  reportByProduct: [
    {
      productId: 'C0FFEE00000040008000000000000003',
      code: 'C-300',
      name: 'Pan de yuca',
      categoryName: 'Panadería',
      quantity: 13.5,
      totalBruto: 20250,
      totalDiscount: 1500,
      totalTaxes: 855,
      total: 19605,
      avgCost: 902.8519,
      grossProfit: 8061.5,
    },
    {
      productId: 'C0FFEE00000040008000000000000001',
      code: 'A-100',
      name: 'Café especial, tostado',
      categoryName: 'Bebidas',
      quantity: 3.25,
      totalBruto: 16300,
      totalDiscount: 500,
      totalTaxes: 2052,
      total: 17852,
      avgCost: 1216.5336,
      grossProfit: 12346.27,
    },
  ],
  totals: TOTALS_EXAMPLE,
};
const DETAIL_EXAMPLE = {
  reportByProduct: [
    {
      saleId: '5A1E00000000400080000000000000A1',
      date: '2024-03-01T00:00:00.000Z',
      productId: 'C0FFEE00000040008000000000000001',
      code: 'A-100',
      name: 'Café especial, tostado',
      categoryName: 'Bebidas',
      quantity: 3,
      totalBruto: 15000,
      totalDiscount: 500,
      totalTaxes: 1805,
      total: 16305,
      avgCost: 1234.5678,
      grossProfit: 11296.3,
    },
    {
      saleId: '5A1E00000000400080000000000000A1',
      date: '2024-03-01T00:00:00.000Z',
      productId: 'C0FFEE00000040008000000000000002',
      code: 'B-200',
      name: 'Azúcar "morena" 1 kg',
      categoryName: null,
      quantity: 1.5,
      totalBruto: 4500.75,
      totalDiscount: 0,
      totalTaxes: 0,
      total: 4500.75,
      avgCost: 2000.0001,
      grossProfit: 1500.75,
    },
  ],
  totals: TOTALS_EXAMPLE,
};

const CSV_EXAMPLE =
  '\uFEFFproductId,code,name,categoryName,quantity,totalBruto,totalDiscount,totalTaxes,total,avgCost,grossProfit\r\n' +
  'C0FFEE00000040008000000000000003,C-300,Pan de yuca,Panadería,13.5,20250.00,1500.00,855.00,19605.00,902.8519,8061.50\r\n' +
  'C0FFEE00000040008000000000000001,A-100,"Café especial, tostado",Bebidas,3.25,16300.00,500.00,2052.00,17852.00,1216.5336,12346.27\r\n' +
  'C0FFEE00000040008000000000000002,B-200,"Azúcar ""morena"" 1 kg",,3.5,10501.75,100.00,0.00,10401.75,2057.2000,3301.55\r\n';

/** OpenAPI of GET /reports/reportUtility: formulas, both media types with examples, and the errors @Secured does not declare. */
export function ApiReportUtility(): MethodDecorator {
  return applyDecorators(
    ApiOperation({ summary: 'Reporte de rentabilidad por producto', description: DESCRIPTION }),
    ApiExtraModels(ReportUtilityResponseDto, ReportUtilityGroupedRowDto, ReportUtilityDetailRowDto),
    ApiReportOk(
      'reporte-utilidad',
      {
        schema: { $ref: getSchemaPath(ReportUtilityResponseDto) },
        examples: {
          agrupado: { summary: 'groupResult=true (una fila por producto)', value: GROUPED_EXAMPLE },
          detalle: { summary: 'groupResult ausente o false (una fila por producto y venta)', value: DETAIL_EXAMPLE },
        },
      },
      CSV_EXAMPLE,
    ),
    ApiReportProblems(),
  );
}

/**
 * The 200 of every sales report (this one and CONTRACT §11.4's): JSON as `json` documents it or,
 * with format or Accept, a CSV/XLSX attachment named `<file>-<init>-<end>`; every 200 carries the
 * revalidation headers.
 */
export function ApiReportOk(file: string, json: MediaTypeObject, csvExample?: string): MethodDecorator {
  return applyDecorators(
    ApiProduces('application/json', 'text/csv', XLSX_MEDIA_TYPE),
    ApiResponse({
      status: 200,
      description: `El reporte en JSON o, con \`format=csv|xlsx\` (o Accept), un archivo adjunto \`${file}-<init>-<end>.csv|xlsx\` (sin los dos puntos de las horas).`,
      headers: exportResponseHeaders(`${file}-<init>-<end>`),
      content: {
        'application/json': json,
        'text/csv': { schema: { type: 'string', format: 'binary' }, ...(csvExample === undefined ? {} : { example: csvExample }) },
        [XLSX_MEDIA_TYPE]: { schema: { type: 'string', format: 'binary' } },
      },
    }),
  );
}

/** The 400 and 503 of every sales report (this one and CONTRACT §11.4's), as the service sends them. */
export function ApiReportProblems(): MethodDecorator {
  return applyDecorators(
    ApiValidationProblem(
      'Parámetros inválidos: fechas ausentes, con otro formato, inexistentes o invertidas; groupResult, status, format o allBusiness con otro valor; businessId que no es uuid; businessId junto con allBusiness=true.',
      'dateInitISO',
      'Debe ser una fecha y hora UTC con milisegundos, exactamente yyyy-MM-ddTHH:mm:ss.SSSZ, p. ej. 2024-03-01T00:00:00.000Z.',
    ),
    ApiProblem(503, 'La consulta superó el tiempo máximo o la base de datos no está disponible; reintente o reduzca el periodo.', {
      title: 'Servicio no disponible',
      code: 'TIMEOUT',
      detail: 'La consulta tardó demasiado y fue cancelada. Intente de nuevo o reduzca el rango solicitado.',
    }),
  );
}

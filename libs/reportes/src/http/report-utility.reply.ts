import type { Readable } from 'node:stream';
import { StreamableFile } from '@nestjs/common';
import type { BusinessScope } from '@nomina-api/platform/auth';
import { type ExportColumn, exportFileName, type ReplySpec } from '@nomina-api/platform/export';
import { pipeInto } from '@nomina-api/platform/http';
import { DEFAULT_ESTADOS, type ReportUtilityCriteria, type ReportUtilityQuery } from '../queries/report-utility/report-utility.query';
import type { SalesByCategoryRow } from '../queries/report-utility/report-utility.sql';
import { toSalesByCategory, toSalesByCategoryView } from '../queries/report-utility/report-utility.view';
import type { SalesByCategoryCriteria, SalesByCategoryQuery } from '../queries/sales-by-category/sales-by-category.query';
import type { ReportUtilityRequestDto } from './dto/report-utility.request.dto';
import {
  CATEGORY_EXPORT_COLUMNS,
  DETAIL_EXPORT_COLUMNS,
  GROUPED_EXPORT_COLUMNS,
  reportRows,
  SALES_DETAIL_EXPORT_COLUMNS,
  SALES_GROUPED_EXPORT_COLUMNS,
} from './report-utility.export';
import { JSON_CONTENT_TYPE, jsonWriter, type ProductReportJson, PROFITABILITY_JSON, SALES_BY_PRODUCT_JSON } from './report-utility.json';

/** The query's criteria from the validated request and the businesses the principal may read. */
export function reportUtilityCriteria(params: ReportUtilityRequestDto, scope: BusinessScope): ReportUtilityCriteria {
  return { ...salesCriteria(params, scope), grouped: params.groupResult === 'true' };
}

/** The criteria every sales report shares (CONTRACT §4, §11.4): businesses, range and statuses. */
export function salesCriteria(
  params: Pick<ReportUtilityRequestDto, 'dateInitISO' | 'dateEndISO' | 'status'>,
  scope: BusinessScope,
): SalesByCategoryCriteria {
  return {
    businessIds: scope.businessIds,
    dateInit: params.dateInitISO,
    dateEnd: params.dateEndISO,
    estados: params.status ? [params.status] : DEFAULT_ESTADOS,
  };
}

/** One report over the product rows of the report stream: its resource, file name, columns and JSON. */
interface ProductReport {
  /** Names the XLSX sheet. */
  resource: string;
  /** File name prefix, followed by the two instants. */
  file: string;
  columns: { grouped: readonly ExportColumn[]; detail: readonly ExportColumn[] };
  json: ProductReportJson;
}

/**
 * The answer of a report over the product rows (`respond`): JSON, or a CSV/XLSX file of the rows
 * (CONTRACT §4, §8), written while the rows arrive. Destroying the body (client gone) destroys the
 * item stream, which closes the cursor and frees the connection. A file's columns are the JSON
 * row's fields, so a report without cost members exports none.
 */
function productReportReply(report: ProductReport): ReplySpec<ReportUtilityQuery, Readable> {
  return {
    json: (items) => new StreamableFile(pipeInto(items, jsonWriter(report.json)), { type: JSON_CONTENT_TYPE }),
    file: {
      resource: report.resource,
      columns: (q) => (q.criteria.grouped ? report.columns.grouped : report.columns.detail),
      rows: reportRows,
      // The instants' colons are dropped (Windows file names, browsers): reporte-utilidad-2024-03-01T000000.000Z-….
      fileName: (q) => exportFileName(report.file, q.criteria.dateInit, q.criteria.dateEnd),
    },
  };
}

/** GET /reports/reportUtility (CONTRACT §4). */
export const REPORT_UTILITY_REPLY = productReportReply({
  resource: 'reportUtility',
  file: 'reporte-utilidad',
  columns: { grouped: GROUPED_EXPORT_COLUMNS, detail: DETAIL_EXPORT_COLUMNS },
  json: PROFITABILITY_JSON,
});

/** GET /reports/reportSalesByProduct (CONTRACT §11.4): the profitability rows without the cost members. */
export const SALES_BY_PRODUCT_REPLY = productReportReply({
  resource: 'reportSalesByProduct',
  file: 'reporte-ventas-producto',
  columns: { grouped: SALES_GROUPED_EXPORT_COLUMNS, detail: SALES_DETAIL_EXPORT_COLUMNS },
  json: SALES_BY_PRODUCT_JSON,
});

/** GET /reports/reportSalesByCategory: a handful of rows, serialised at once (JSON) or as the file `reporte-ventas-categoria-<init>-<end>`. */
export const SALES_BY_CATEGORY_REPLY: ReplySpec<SalesByCategoryQuery, SalesByCategoryRow[]> = {
  json: (rows) => toSalesByCategoryView(toSalesByCategory(rows)),
  file: {
    resource: 'reportSalesByCategory',
    columns: CATEGORY_EXPORT_COLUMNS,
    rows: (rows) => toSalesByCategory(rows).rows,
    fileName: (q) => exportFileName('reporte-ventas-categoria', q.criteria.dateInit, q.criteria.dateEnd),
  },
};

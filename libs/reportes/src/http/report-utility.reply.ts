import type { Readable } from 'node:stream';
import { StreamableFile } from '@nestjs/common';
import type { BusinessScope } from '@nomina-api/platform/auth';
import { DEFAULT_ESTADOS, type ReportUtilityCriteria } from '../queries/report-utility/report-utility.query';
import type { SalesByCategoryCriteria } from '../queries/sales-by-category/sales-by-category.query';
import type { SalesByCategoryRow } from '../queries/report-utility/report-utility.sql';
import { toSalesByCategory, toSalesByCategoryView, toSalesRowJson, toSalesTotalsView } from '../queries/report-utility/report-utility.view';
import { type ExportColumn, exportFile, exportFileName, type ExportFormat } from '@nomina-api/platform/export';
import { pipeInto } from '@nomina-api/platform/http';
import type { ReportUtilityRequestDto } from './dto/report-utility.request.dto';
import {
  CATEGORY_EXPORT_COLUMNS,
  DETAIL_EXPORT_COLUMNS,
  GROUPED_EXPORT_COLUMNS,
  reportRows,
  SALES_DETAIL_EXPORT_COLUMNS,
  SALES_GROUPED_EXPORT_COLUMNS,
} from './report-utility.export';
import { JSON_CONTENT_TYPE, jsonWriter, type ProductReportJson, PROFITABILITY_JSON } from './report-utility.json';

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
export interface ProductReport {
  /** Names the XLSX sheet. */
  resource: string;
  /** File name prefix, followed by the two instants. */
  file: string;
  columns: { grouped: readonly ExportColumn[]; detail: readonly ExportColumn[] };
  json: ProductReportJson;
}

/** GET /reports/reportUtility (CONTRACT §4). */
export const PROFITABILITY_REPORT: ProductReport = {
  resource: 'reportUtility',
  file: 'reporte-utilidad',
  columns: { grouped: GROUPED_EXPORT_COLUMNS, detail: DETAIL_EXPORT_COLUMNS },
  json: PROFITABILITY_JSON,
};

/** GET /reports/reportSalesByProduct (CONTRACT §11.4): the same rows without the cost members. */
export const SALES_BY_PRODUCT_REPORT: ProductReport = {
  resource: 'reportSalesByProduct',
  file: 'reporte-ventas-producto',
  columns: { grouped: SALES_GROUPED_EXPORT_COLUMNS, detail: SALES_DETAIL_EXPORT_COLUMNS },
  json: { row: toSalesRowJson, totals: toSalesTotalsView },
};

/**
 * The report body in the format the request asked for (`resolveExportFormat`, checked before the
 * read) — JSON, or a CSV/XLSX file of the rows (CONTRACT §4, §8) — written while the rows arrive.
 * Destroying the body (client gone) destroys the item stream, which closes the cursor and frees
 * the connection. A file's columns are the JSON row's fields, so a report without cost members
 * exports none.
 */
export function productReportBody(
  report: ProductReport,
  items: Readable,
  grouped: boolean,
  params: Pick<ReportUtilityRequestDto, 'dateInitISO' | 'dateEndISO'>,
  format: ExportFormat,
): StreamableFile {
  if (format !== 'json') {
    return exportFile(format, {
      resource: report.resource,
      columns: grouped ? report.columns.grouped : report.columns.detail,
      rows: reportRows(items),
      // The instants' colons are dropped (Windows file names, browsers): reporte-utilidad-2024-03-01T000000.000Z-….
      fileName: exportFileName(report.file, params.dateInitISO, params.dateEndISO),
    });
  }
  return new StreamableFile(pipeInto(items, jsonWriter(report.json)), { type: JSON_CONTENT_TYPE });
}

/** GET /reports/reportSalesByCategory's body: a handful of rows, written at once (JSON) or as a file. */
export function salesByCategoryBody(
  rows: readonly SalesByCategoryRow[],
  params: Pick<ReportUtilityRequestDto, 'dateInitISO' | 'dateEndISO'>,
  format: ExportFormat,
): StreamableFile {
  const report = toSalesByCategory(rows);
  if (format !== 'json') {
    return exportFile(format, {
      resource: 'reportSalesByCategory',
      columns: CATEGORY_EXPORT_COLUMNS,
      rows: report.rows,
      fileName: exportFileName('reporte-ventas-categoria', params.dateInitISO, params.dateEndISO),
    });
  }
  return new StreamableFile(Buffer.from(JSON.stringify(toSalesByCategoryView(report))), { type: JSON_CONTENT_TYPE });
}

import type { Readable } from 'node:stream';
import { StreamableFile } from '@nestjs/common';
import type { BusinessScope } from '@nomina-api/platform/auth';
import { exportFileName, type ReplySpec } from '@nomina-api/platform/export';
import { pipeInto } from '@nomina-api/platform/http';
import { DEFAULT_ESTADOS, type ReportUtilityCriteria, type ReportUtilityQuery } from '../queries/report-utility/report-utility.query';
import type { ReportUtilityRequestDto } from './dto/report-utility.request.dto';
import { DETAIL_EXPORT_COLUMNS, GROUPED_EXPORT_COLUMNS, reportRows } from './report-utility.export';
import { JSON_CONTENT_TYPE, jsonWriter } from './report-utility.json';

/** The query's criteria from the validated request and the businesses the principal may read. */
export function reportUtilityCriteria(params: ReportUtilityRequestDto, scope: BusinessScope): ReportUtilityCriteria {
  return {
    businessIds: scope.businessIds,
    dateInit: params.dateInitISO,
    dateEnd: params.dateEndISO,
    grouped: params.groupResult === 'true',
    estados: params.status ? [params.status] : DEFAULT_ESTADOS,
  };
}

/**
 * GET /reports/reportUtility's answer (`respond`): JSON, or a CSV/XLSX file of the rows (CONTRACT
 * §4, §8), written while the rows arrive. Destroying the body (client gone) destroys the item
 * stream, which closes the cursor and frees the connection.
 */
export const REPORT_UTILITY_REPLY: ReplySpec<ReportUtilityQuery, Readable> = {
  json: (items) => new StreamableFile(pipeInto(items, jsonWriter()), { type: JSON_CONTENT_TYPE }),
  file: {
    resource: 'reportUtility',
    columns: (q) => (q.criteria.grouped ? GROUPED_EXPORT_COLUMNS : DETAIL_EXPORT_COLUMNS),
    rows: reportRows,
    // The instants' colons are dropped (Windows file names, browsers): reporte-utilidad-2024-03-01T000000.000Z-….
    fileName: (q) => exportFileName('reporte-utilidad', q.criteria.dateInit, q.criteria.dateEnd),
  },
};

import { pipeline, type Readable } from 'node:stream';
import { StreamableFile } from '@nestjs/common';
import type { BusinessScope } from '@app/platform/auth/auth-principal';
import { DEFAULT_ESTADOS, type ReportUtilityCriteria } from '../queries/report-utility/report-utility.query';
import { NUMERIC_COLUMNS, reportColumns } from '../queries/report-utility/report-utility.view';
import type { ReportUtilityRequestDto } from './dto/report-utility.request.dto';
import { CSV_CONTENT_TYPE, csvWriter } from './report-utility.csv';
import { JSON_CONTENT_TYPE, jsonWriter } from './report-utility.json';
import { csvFileName, wantsCsv } from './report-utility.params';

// Stream failures surface on the response stream itself (Fastify ends the reply).
const noop = (): void => undefined;

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
 * The report body, CSV or JSON by `format`/Accept, written while the rows arrive. Destroying the
 * body (client gone) destroys the item stream, which closes the cursor and frees the connection.
 */
export function reportUtilityBody(items: Readable, grouped: boolean, params: ReportUtilityRequestDto, accept: string | undefined): StreamableFile {
  if (wantsCsv(params.format, accept)) {
    return new StreamableFile(pipeline(items, csvWriter(reportColumns(grouped), NUMERIC_COLUMNS), noop), {
      type: CSV_CONTENT_TYPE,
      disposition: `attachment; filename="${csvFileName(params.dateInitISO, params.dateEndISO)}"`,
    });
  }
  return new StreamableFile(pipeline(items, jsonWriter(), noop), { type: JSON_CONTENT_TYPE });
}

import type { Readable } from 'node:stream';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '@nomina-api/platform/config';
import { SqlReader } from '@nomina-api/platform/persistence';
import { ReportUtilityQuery } from './report-utility.query';
import { type ReportUtilityRow, reportUtilityShape, reportUtilitySql, reportUtilityValues } from './report-utility.sql';
import { toItem } from './report-utility.view';

/**
 * PostgreSQL's statement_timeout keeps running while a cursor is open (its portal stays
 * suspended between fetches), so the pool's per-connection limit would cut a long download
 * short. A report gets at least this long, set for its own transaction only.
 */
export const REPORT_STATEMENT_TIMEOUT_MS = 15 * 60_000;

/**
 * One statement read through the SqlReader's stream (a server-side cursor in batches, with
 * backpressure from the consumer, inside a read-only snapshot that carries the report's statement
 * timeout). The stream carries one array of items per fetched batch (the JSON writer writes a
 * batch at once). There is always a first item (the totals row), so a query that fails to start is an
 * ordinary error response instead of a cut-off body.
 */
@QueryHandler(ReportUtilityQuery)
export class ReportUtilityHandler implements IQueryHandler<ReportUtilityQuery, Readable> {
  private readonly timeoutMs: number;

  constructor(
    private readonly sql: SqlReader,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    // 0 means "no limit" for the pool, and stays so here.
    const pool = Math.trunc(config.dbStatementTimeoutMs);
    this.timeoutMs = pool === 0 ? 0 : Math.max(pool, REPORT_STATEMENT_TIMEOUT_MS);
  }

  async execute({ tenantId, criteria }: ReportUtilityQuery): Promise<Readable> {
    const text = reportUtilitySql(reportUtilityShape(criteria));
    const { rows } = await this.sql.stream<ReportUtilityRow, ReturnType<typeof toItem>>(text, reportUtilityValues(tenantId, criteria), {
      map: toItem,
      batches: true,
      statementTimeoutMs: this.timeoutMs,
    });
    return rows;
  }
}

import { once } from 'node:events';
import { pipeline, type Readable, Transform } from 'node:stream';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import QueryStream from 'pg-query-stream';
import type { AppConfig } from '@app/platform/config/app-config';
import { APP_CONFIG } from '@app/platform/config/config.tokens';
import { type PgClient, SqlReader } from '@app/platform/persistence/sql-reader';
import { ReportUtilityQuery } from './report-utility.query';
import { type ReportUtilityRow, reportUtilityShape, reportUtilitySql, reportUtilityValues } from './report-utility.sql';
import { toItem } from './report-utility.view';

/** Rows fetched per round trip; the stream never holds more than about two batches. */
const BATCH_SIZE = 1000;

/**
 * PostgreSQL's statement_timeout keeps running while a cursor is open (its portal stays
 * suspended between fetches), so the pool's per-connection limit would cut a long download
 * short. A report gets at least this long, set for its own transaction only.
 */
export const REPORT_STATEMENT_TIMEOUT_MS = 15 * 60_000;

/**
 * One statement read through a server-side cursor in batches, with backpressure from the
 * consumer, inside a read-only transaction that carries the report's statement timeout. The
 * pooled connection goes back to the pool only after the cursor is closed and the transaction
 * ended: after the last row, on a query error, or when the consumer destroys the stream
 * (client gone).
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
    const items = new Transform({
      objectMode: true,
      transform(row: ReportUtilityRow, _encoding, callback) {
        callback(null, toItem(row));
      },
    });
    const text = reportUtilitySql(reportUtilityShape(criteria));
    const values = reportUtilityValues(tenantId, criteria);
    let streamed = false;
    const connection = this.sql.withClient(async (client) => {
      // One round trip; timeoutMs is an integer from the validated configuration.
      await client.query(`begin read only; set local statement_timeout = ${this.timeoutMs}`);
      try {
        await streamInto(client, new QueryStream(text, values, { batchSize: BATCH_SIZE }), items);
        streamed = true;
      } finally {
        // Read-only: nothing to keep. Also leaves an aborted transaction cleanly.
        await client.query('rollback');
      }
    });
    // No connection, or the transaction failed to start: fail the stream. Once the cursor has
    // run, its outcome is already in `items`; a failing rollback must not cut the rows in flight.
    connection.catch((err: unknown) => {
      if (!streamed) items.destroy(err as Error);
    });
    // Wait for the first item (there is always the totals row): a query that fails to start
    // becomes a normal error response instead of a cut-off body.
    await once(items, 'readable');
    return items;
  }
}

/** Pipes the cursor into `items`; resolves once the cursor is closed (end, error or destroy). */
function streamInto(client: PgClient, query: QueryStream, items: Transform): Promise<void> {
  return new Promise((resolve) => {
    const cursor = client.query(query);
    cursor.once('close', resolve);
    // Errors reach the consumer through `items`; destroying `items` destroys the cursor.
    pipeline(cursor, items, () => undefined);
  });
}

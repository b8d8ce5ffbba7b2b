/**
 * The one place that tells, from what pg, knex and tarn throw, whether the database connection
 * is the problem (checked against what they really throw while PostgreSQL is stopped, crashed or
 * its backends are killed: npm run chaos, problem-details.filter.spec.ts, resilience.e2e-spec.ts).
 */

/**
 * A pooled connection whose backend is gone (terminated, server restarted) fails on its first use,
 * before the pool has seen its 'error' event: the statement never ran, another connection will do.
 */
export function deadConnection(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | undefined;
  return e?.code === '57P01' || DEAD_MESSAGE.test(e?.message ?? '');
}

const DEAD_MESSAGE = /Connection terminated unexpectedly|Connection ended unexpectedly|not queryable/i;

/**
 * "The database is not usable right now" (→ 503): socket errors (refused, reset, unreachable,
 * DNS), admin shutdown / crash / restart (57P0x), too many connections (53300), connection
 * exceptions (08xxx), connect and pool-acquire timeouts, and every dead connection.
 */
export function databaseUnavailable(err: unknown): boolean {
  const e = err as { code?: string; message?: string; name?: string; errors?: { code?: string }[] } | undefined;
  // Node reports a host with several addresses (localhost: ::1 and 127.0.0.1) as an AggregateError.
  const codes = [e?.code, ...(Array.isArray(e?.errors) ? e.errors.map((x) => x?.code) : [])];
  return (
    codes.some((c) => c !== undefined && UNAVAILABLE_CODES.has(c)) ||
    e?.name === 'KnexTimeoutError' ||
    // A connection lost during COMMIT (commit-outcome.ts), for a caller that does not settle it.
    e?.name === 'CommitOutcomeUnknown' ||
    UNAVAILABLE_MESSAGE.test(e?.message ?? '') ||
    deadConnection(err)
  );
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

/**
 * pg: "Connection terminated[ unexpectedly| due to connection timeout]", "timeout expired" (connectionTimeoutMillis);
 * knex/tarn: pool acquire timeout; ours: "Query read timeout", the client-side query deadline (database.ts).
 */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|^timeout expired$|Query read timeout|connect ECONNREFUSED|Knex: Timeout acquiring a connection|timeout exceeded when trying to connect|Client has encountered a connection error/i;

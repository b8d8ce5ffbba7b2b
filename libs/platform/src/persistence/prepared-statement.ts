import { createHash } from 'node:crypto';

/**
 * A statement PostgreSQL parses and plans once per connection, then only executes: a named
 * prepared statement (node-postgres sends Parse the first time a connection runs it, afterwards
 * only Bind and Execute). For the hot lookups by a whole key, whose planning costs several times
 * their execution (the supplier lookup: 0.18 ms of PostgreSQL CPU planning, 0.04 ms executing).
 *
 * Only for statements whose best plan does not depend on the parameter values: after five
 * executions PostgreSQL may keep one generic plan for every value. Lists with filters, ranges
 * and reports stay plain text, planned for their values every time.
 *
 * `SqlReader.query` sends it by name unless DB_PREPARED_STATEMENTS is false (a PgBouncer in
 * transaction mode older than 1.21), and falls back to plain text for good when the server side
 * loses named statements (docs/SCALING.md). Snapshots, pages and cursors take plain SQL only.
 */
export class PreparedStatement {
  /** Derived from the text (96 bits of its SHA-256): the same SQL always has the same name on every instance. */
  readonly name: string;

  constructor(readonly text: string) {
    this.name = `nomina_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
  }
}

/** `prepared(sql)`: the SQL of a `*.sql.ts` constant, run as a named prepared statement. */
export function prepared(text: string): PreparedStatement {
  return new PreparedStatement(text);
}

/** What SqlReader runs: plain SQL, or a statement to prepare once per connection. */
export type Sql = string | PreparedStatement;

/**
 * `npm run test:pgbouncer`: the service behind a real PgBouncer in transaction mode
 * (test/pgbouncer/). Separate from `npm test` because it needs the `pgbouncer` binary (Debian's
 * package; PGBOUNCER_PATH overrides /usr/sbin/pgbouncer); same database harness as the e2e suites.
 */
module.exports = require('./test/support/jest-suite')('pgbouncer', '<rootDir>/test/pgbouncer/**/*.pgbouncer-spec.ts');

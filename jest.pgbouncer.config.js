/**
 * `npm run test:pgbouncer`: the service behind a real PgBouncer in transaction mode
 * (test/pgbouncer/). Separate from `npm test` because it needs the `pgbouncer` binary (Debian's
 * package; PGBOUNCER_PATH overrides /usr/sbin/pgbouncer); same database harness as the e2e suites.
 */
const { projects, ...root } = require('./jest.config');

const e2e = projects.find((p) => p.displayName === 'e2e');

module.exports = {
  ...root,
  projects: undefined,
  ...e2e,
  displayName: 'pgbouncer',
  testMatch: ['<rootDir>/test/pgbouncer/**/*.pgbouncer-spec.ts'],
};

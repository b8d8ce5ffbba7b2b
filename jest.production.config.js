/**
 * `npm run test:production`: the Docker image's file set rebuilt without Docker (test/production/):
 * `npm ci --omit=dev` into a temp folder, then the README's commands run there. Separate from
 * `npm test` because its install needs the npm registry (or a warm npm cache); same database
 * harness as the e2e suites.
 */
module.exports = require('./test/support/jest-suite')('production', '<rootDir>/test/production/**/*.production-spec.ts', {
  testTimeout: 600000,
});

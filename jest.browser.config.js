/**
 * `npm run test:browser`: Swagger UI driven in a real headless Chromium (test/browser/). Separate
 * from `npm test` because it needs a Chromium on the machine (Debian's `chromium` package;
 * CHROMIUM_PATH overrides /usr/bin/chromium); same database harness as the e2e suites.
 */
module.exports = require('./test/support/jest-suite')('browser', '<rootDir>/test/browser/**/*.browser-spec.ts', { testTimeout: 120000 });

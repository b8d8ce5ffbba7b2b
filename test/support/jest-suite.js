/**
 * A jest config for a suite kept out of `npm test` because it needs something beyond Node and npm
 * (Chromium, PgBouncer): the e2e project's settings and database harness, its own test files.
 */
const { projects, ...root } = require('../../jest.config');

const e2e = projects.find((p) => p.displayName === 'e2e');

module.exports = function separateSuite(displayName, testMatch, extra = {}) {
  return { ...root, projects: undefined, ...e2e, displayName, testMatch: [testMatch], ...extra };
};

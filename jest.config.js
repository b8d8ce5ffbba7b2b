const { moduleNameMapper } = require('./tools/aliases');

/** @type {import('jest').Config} */
const swc = [
  '@swc/jest',
  {
    // The build's .swcrc excludes spec files; tests carry their own settings.
    swcrc: false,
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const common = {
  transform: { '^.+\\.ts$': swc },
  moduleFileExtensions: ['ts', 'js', 'json'],
  // The `@nomina-api/*` aliases of tsconfig.json.
  moduleNameMapper: moduleNameMapper(),
  testEnvironment: 'node',
  // Packages the example host imports resolve from the root, even after the example's own npm install.
  resolver: '<rootDir>/test/support/jest-resolver.js',
};

/**
 * `npm test` runs both projects; `npm run test:unit` (`--selectProjects unit`) the specs beside the
 * code, which need no database; `npm run test:e2e` the suites of test/ on a real PostgreSQL.
 */
module.exports = {
  ...common,
  rootDir: __dirname,
  // e2e hooks start the app and build databases; jest-circus reads this from the root config only.
  testTimeout: 60000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      rootDir: __dirname,
      testMatch: ['<rootDir>/libs/**/*.spec.ts', '<rootDir>/apps/**/*.spec.ts', '<rootDir>/bench/**/*.spec.ts'],
    },
    {
      ...common,
      displayName: 'e2e',
      rootDir: __dirname,
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      // One PostgreSQL for the run (embedded, or DATABASE_URL's server) with the e2e database. Set on
      // this project, so jest runs it only when an e2e suite is selected: a unit run starts none.
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
};

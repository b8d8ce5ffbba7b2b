import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * The walls of docs/ARCHITECTURE.md are ESLint rules (eslint.config.mjs); this proves each one
 * still bites, by linting one offending import placed where it is forbidden (and one allowed).
 * ESLint loads its flat config with a dynamic import, which jest's sandbox refuses: it runs in a
 * child Node.
 */
const root = join(__dirname, '..', '..', '..');

const LINT_TEXTS = `
const { ESLint } = require('eslint');
const eslint = new ESLint({ cwd: process.cwd() });
const probes = JSON.parse(process.argv[1]);
Promise.all(probes.map(([file, source]) => eslint.lintText(source, { filePath: require('path').join(process.cwd(), file) })))
  .then((results) => process.stdout.write(JSON.stringify(results.map(([r]) => r.messages.map((m) => m.ruleId)))));
`;

type Probe = [what: string, file: string, source: string];

/** The walls between contexts, and the kernel's front door (a rule id of its own: eslint.config.mjs). */
const RESTRICTING = ['no-restricted-imports', '@typescript-eslint/no-restricted-imports'];

/** Lints every probe in one child process; true where a restricted-imports rule fired. */
function restrictedAll(probes: Probe[]): Map<Probe, boolean> {
  const input = probes.map(([, file, source]) => [file, `${source}\nexport const probe = x;\n`]);
  const out = execFileSync(process.execPath, ['-e', LINT_TEXTS, JSON.stringify(input)], { cwd: root, encoding: 'utf8' });
  const rules = JSON.parse(out) as string[][];
  return new Map(probes.map((probe, i) => [probe, rules[i].some((rule) => RESTRICTING.includes(rule))]));
}

describe('layering rules (eslint.config.mjs)', () => {
  jest.setTimeout(60_000);

  const forbidden: Probe[] = [
    ['a context importing another context', 'libs/nomina/src/queries/list-pagos/probe.ts', "import { x } from '@nomina-api/reportes';"],
    ['a context importing another by path', 'libs/nomina/src/http/probe.ts', "import { x } from '../../../proveedores/src/index';"],
    ['a context importing the importer', 'libs/reportes/src/persistence/probe.ts', "import { x } from '@nomina-api/importer';"],
    ['the platform importing a context', 'libs/platform/src/http/probe.ts', "import { x } from '@nomina-api/nomina';"],
    ['a query importing http/', 'libs/nomina/src/queries/list-pagos/probe.ts', "import { x } from '../../http/list-query.pipe';"],
    [
      'a command importing http/',
      'libs/nomina/src/commands/generar-nomina-electronica/probe.ts',
      "import { x } from '@nomina-api/nomina/http/legacy-response';",
    ],
    ['SQL importing http/', 'libs/reportes/src/persistence/probe.sql.ts', "import { x } from '../http/report-utility.json';"],
    [
      'the app reaching into a context',
      'apps/api/src/probe.ts',
      "import { x } from '@nomina-api/nomina/queries/list-pagos/list-pagos.query';",
    ],
    ['a test reaching into a context', 'test/probe.e2e-spec.ts', "import { x } from '@nomina-api/proveedores/http/paging';"],
    ['a context reaching into the platform', 'libs/nomina/src/http/probe.ts', "import { x } from '@nomina-api/platform/http/uuid';"],
    [
      'a query reaching into the platform',
      'libs/nomina/src/queries/list-pagos/probe.ts',
      "import { x } from '@nomina-api/platform/persistence/sql-reader';",
    ],
    ['the app reaching into the platform', 'apps/api/src/probe.ts', "import { x } from '@nomina-api/platform/logging/json-logger';"],
    [
      'a test reaching into the platform',
      'test/probe.e2e-spec.ts',
      "import { x } from '@nomina-api/platform/persistence/embedded-postgres';",
    ],
    [
      'a context reaching into the platform by path',
      'libs/reportes/src/http/probe.ts',
      "import { x } from '../../../platform/src/http/uuid';",
    ],
    [
      'production code using the platform fixtures',
      'libs/reportes/src/queries/probe.ts',
      "import { x } from '@nomina-api/platform/testing';",
    ],
    ['the platform importing its own front door', 'libs/platform/src/export/probe.ts', "import { x } from '@nomina-api/platform/http';"],
  ];
  const allowed: Probe[] = [
    ['the app using a barrel', 'apps/api/src/probe.ts', "import { x } from '@nomina-api/nomina';"],
    ['the importer using a write-side entry', 'libs/importer/src/probe.ts', "import { x } from '@nomina-api/nomina/persistence';"],
    ['a test using a testing entry', 'test/probe.e2e-spec.ts', "import { x } from '@nomina-api/reportes/testing';"],
    [
      'a query using the platform kit',
      'libs/nomina/src/queries/list-pagos/probe.ts',
      "import { x } from '@nomina-api/platform/persistence';",
    ],
    ['a context using the platform root', 'libs/proveedores/src/http/probe.ts', "import { x } from '@nomina-api/platform';"],
    [
      "a context's migrations using the light database entry",
      'libs/reportes/src/persistence/migrations/probe.ts',
      "import { x } from '@nomina-api/platform/database';",
    ],
    ['a spec using the platform fixtures', 'libs/reportes/src/queries/probe.spec.ts', "import { x } from '@nomina-api/platform/testing';"],
    ['the platform by relative path inside it', 'libs/platform/src/export/probe.ts', "import { x } from '../http/uuid';"],
  ];
  let restricted: Map<Probe, boolean>;
  beforeAll(() => (restricted = restrictedAll([...forbidden, ...allowed])));

  it.each(forbidden)('forbids %s', (...probe) => expect(restricted.get(forbidden.find((p) => p[0] === probe[0])!)).toBe(true));
  it.each(allowed)('allows %s', (...probe) => expect(restricted.get(allowed.find((p) => p[0] === probe[0])!)).toBe(false));
});

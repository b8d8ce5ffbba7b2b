// ESLint flat config: typescript-eslint's recommended rules plus the layering of docs/ARCHITECTURE.md,
// enforced with no-restricted-imports. Formatting is Prettier's job (eslint-config-prettier).
import { existsSync, readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

const CONTEXTS = ['nomina', 'reportes', 'proveedores'];

/**
 * From outside a context, only its entry points: the barrel (`@nomina-api/nomina`), the write side the
 * importer calls (`@nomina-api/nomina/persistence`) and, for bench and test, `@nomina-api/nomina/testing`.
 */
const barrelOnly = (ctx) => ({
  group: [`@nomina-api/${ctx}/*`, `!@nomina-api/${ctx}/testing`, `!@nomina-api/${ctx}/persistence`],
  message: `Importe el contexto ${ctx} por su barril (@nomina-api/${ctx}), su lado de escritura (@nomina-api/${ctx}/persistence) o, en pruebas y benchmarks, por @nomina-api/${ctx}/testing.`,
});
/** Inside a context: no other context, in any spelling. */
const noOtherContext = (ctx) =>
  CONTEXTS.filter((other) => other !== ctx).map((other) => ({
    group: [`@nomina-api/${other}`, `@nomina-api/${other}/*`, `**/${other}/src/**`],
    message: `Un contexto no importa a otro (${ctx} → ${other}): lo compartido vive en @nomina-api/platform.`,
  }));
/**
 * The kernel's front door: outside libs/platform, `@nomina-api/platform` and its sub-barrels only,
 * `testing` (fixtures) from specs, bench/ and scripts/. A sub-barrel is a folder of
 * libs/platform/src with an index.ts of its own, the same rule by which tools/build-libs.js writes
 * the package's `exports`. A separate rule id from the walls above, so a file's walls and its
 * front door never replace each other's options.
 */
const platformSrc = new URL('./libs/platform/src/', import.meta.url);
const PLATFORM_ENTRIES = readdirSync(platformSrc, { withFileTypes: true })
  .filter((e) => e.isDirectory() && existsSync(new URL(`${e.name}/index.ts`, platformSrc)))
  .map((e) => e.name);
const TEST_FILES = ['**/*.spec.ts', '**/*.e2e-spec.ts', 'test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'];
const platformFrontDoor = (entries) => ({
  regex: `^(@nomina-api/platform/(?!(${entries.join('|')})$)|(\\.{1,2}/)+(.*/)?platform/src(/|$))`,
  message: `Use la plataforma por su puerta: @nomina-api/platform o @nomina-api/platform/{${entries.join(',')}}; lo demás es interno.`,
});
const noHttpFromQuerySide = (ctx) => ({
  // The context's own http/ (relative, or through its alias); platform's kit stays usable.
  regex: `^((\\.{1,2}/)+(.*/)?http|@nomina-api/${ctx}/http)(/|$)`,
  message:
    'El lado de consultas (queries/, commands/, *.sql.ts, domain/) no importa http/: el listado y los tipos viven del lado de la consulta.',
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', '.data/**', 'examples/**/dist/**', '**/*.js', '**/*.mjs', 'bench/.out/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: { parserOptions: { ecmaVersion: 2022, sourceType: 'module' } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // Nest's DI and class-validator rely on empty classes and namespaces of decorators.
      '@typescript-eslint/no-extraneous-class': 'off',
      'no-restricted-imports': ['error', { patterns: CONTEXTS.map(barrelOnly) }],
    },
  },
  // The platform kernel knows no context.
  {
    files: ['libs/platform/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@nomina-api/nomina*', '@nomina-api/reportes*', '@nomina-api/proveedores*', '@nomina-api/importer*'],
              message: 'La plataforma no importa contextos ni el importador.',
            },
            {
              group: ['@nomina-api/platform', '@nomina-api/platform/*'],
              message: 'Dentro de la plataforma, rutas relativas: sus barriles son la puerta para los de fuera.',
            },
          ],
        },
      ],
    },
  },
  ...CONTEXTS.map((ctx) => ({
    files: [`libs/${ctx}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...noOtherContext(ctx),
            { group: ['@nomina-api/importer*'], message: 'Los contextos no dependen del importador: él los llama.' },
          ],
        },
      ],
    },
  })),
  ...CONTEXTS.map((ctx) => ({
    files: [
      `libs/${ctx}/src/queries/**/*.ts`,
      `libs/${ctx}/src/commands/**/*.ts`,
      `libs/${ctx}/src/domain/**/*.ts`,
      `libs/${ctx}/**/*.sql.ts`,
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: [...noOtherContext(ctx), noHttpFromQuerySide(ctx)] }] },
  })),
  // Tests may use any tool; they still reach contexts through barrels or testing entry points.
  {
    files: TEST_FILES,
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    ignores: ['libs/platform/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [platformFrontDoor(PLATFORM_ENTRIES)] }] },
  },
  {
    files: TEST_FILES,
    ignores: ['libs/platform/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [platformFrontDoor([...PLATFORM_ENTRIES, 'testing'])] }],
    },
  },
);

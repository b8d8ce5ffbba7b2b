// ESLint flat config: typescript-eslint's recommended rules plus the layering of docs/ARCHITECTURE.md,
// enforced with no-restricted-imports. Formatting is Prettier's job (eslint-config-prettier).
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
    files: ['**/*.spec.ts', '**/*.e2e-spec.ts', 'test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);

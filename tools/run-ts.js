#!/usr/bin/env node
/*
 * Runs a TypeScript script without ts-node: `node tools/run-ts.js bench/some.bench.ts [args...]`
 * (benchmarks, scripts/, the import CLI in tests, tools/package-check-db.ts).
 *
 * Registers a require hook that compiles `.ts` files on the fly with @swc/core (the same options
 * as the jest transform: decorators + metadata, ES2022, CommonJS with ESM interop so
 * `import x from 'cjs-module'` works) and resolves the `@nomina-api/*` aliases of tsconfig.json
 * (tools/aliases.js). The script runs as the main module (`require.main === module` holds) and
 * sees its own argv.
 */
'use strict';

const fs = require('fs');
const path = require('path');
const Module = require('module');
const { transformSync } = require('@swc/core');
const { registerAliases } = require('./aliases');

const swcOptions = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
  // Inline maps keep stack traces pointing at the .ts lines; cheap enough for benches and scripts.
  sourceMaps: 'inline',
};

registerAliases();

// Registering the extension also makes Node try `.ts` (and `index.ts`) when resolving bare paths.
Module._extensions['.ts'] = function compileTs(module, filename) {
  const source = fs.readFileSync(filename, 'utf8');
  const { code } = transformSync(source, { ...swcOptions, filename });
  module._compile(code, filename);
};

process.setSourceMapsEnabled(true);

const script = process.argv[2];
if (script === undefined) {
  console.error('usage: node tools/run-ts.js <script.ts> [args...]');
  process.exit(2);
}
// Drop this loader from argv so the script sees `node <script> [args...]`.
process.argv.splice(1, 1);
Module._load(path.resolve(script), null, true);

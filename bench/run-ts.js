#!/usr/bin/env node
/*
 * Runs a TypeScript script without ts-node: `node bench/run-ts.js bench/some.bench.ts [args...]`.
 *
 * Registers a require hook that compiles `.ts` files on the fly with @swc/core (the same options
 * as the jest transform: decorators + metadata, ES2022, CommonJS with ESM interop so
 * `import x from 'cjs-module'` works) and maps the monorepo aliases the same way tsconfig does:
 * `@nomina-api/<name>` -> `<root>/libs/<name>/src`, `@nomina-api/<name>/<sub>` -> `<root>/libs/<name>/src/<sub>`.
 * The script runs as the main module (`require.main === module` holds) and sees its own argv.
 */
'use strict';

const fs = require('fs');
const path = require('path');
const Module = require('module');
const { transformSync } = require('@swc/core');

const root = path.resolve(__dirname, '..');

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

const ALIAS = /^@nomina-api\/([^/]+)(?:\/(.+))?$/;
const originalResolve = Module._resolveFilename;
Module._resolveFilename = function resolveWithAliases(request, parent, isMain, options) {
  const m = ALIAS.exec(request);
  if (m !== null) {
    const libRoot = path.join(root, 'libs', m[1], 'src');
    // Unknown names fall through, so a real npm scope called @app would still resolve normally.
    if (fs.existsSync(libRoot)) {
      request = m[2] === undefined ? libRoot : path.join(libRoot, m[2]);
    }
  }
  return originalResolve.call(this, request, parent, isMain, options);
};

// Registering the extension also makes Node try `.ts` (and `index.ts`) when resolving bare paths.
Module._extensions['.ts'] = function compileTs(module, filename) {
  const source = fs.readFileSync(filename, 'utf8');
  const { code } = transformSync(source, { ...swcOptions, filename });
  module._compile(code, filename);
};

process.setSourceMapsEnabled(true);

const script = process.argv[2];
if (script === undefined) {
  console.error('usage: node bench/run-ts.js <script.ts> [args...]');
  process.exit(2);
}
// Drop this loader from argv so the script sees `node <script> [args...]`.
process.argv.splice(1, 1);
Module._load(path.resolve(script), null, true);

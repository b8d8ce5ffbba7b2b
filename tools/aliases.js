/*
 * The `@nomina-api/*` aliases have one definition: `compilerOptions.paths` of tsconfig.json, where
 * TypeScript and `nest build` (which hands them to swc) read them. Jest's moduleNameMapper, the
 * TypeScript runner (tools/run-ts.js) and the e2e global setup take them from here.
 */
'use strict';

const fs = require('fs');
const path = require('path');
const Module = require('module');

const root = path.resolve(__dirname, '..');
const { paths, baseUrl = '.' } = JSON.parse(fs.readFileSync(path.join(root, 'tsconfig.json'), 'utf8')).compilerOptions;

const escape = (text) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

/** Each alias as a regular expression and the path (under the repository) it stands for, `$1` for its `*`. */
const ALIASES = Object.entries(paths).map(([alias, [target]]) => ({
  pattern: new RegExp(`^${escape(alias).replace('*', '(.*)')}$`),
  target: path.posix.join(baseUrl, target.replace('*', '$1')),
}));

/** Jest's `moduleNameMapper` for the aliases, relative to `<rootDir>`. */
function moduleNameMapper() {
  return Object.fromEntries(ALIASES.map(({ pattern, target }) => [pattern.source, `<rootDir>/${target}`]));
}

/** The file path an alias stands for, or undefined when the request is not one. */
function resolveAlias(request) {
  for (const { pattern, target } of ALIASES) {
    const m = pattern.exec(request);
    if (m) return path.join(root, target.replace('$1', m[1] ?? ''));
  }
  return undefined;
}

/** Makes Node's require() resolve the aliases (outside jest's sandbox, where moduleNameMapper does not apply). */
function registerAliases() {
  const original = Module._resolveFilename;
  Module._resolveFilename = function resolveWithAliases(request, ...rest) {
    return original.call(this, resolveAlias(request) ?? request, ...rest);
  };
}

module.exports = { moduleNameMapper, resolveAlias, registerAliases };

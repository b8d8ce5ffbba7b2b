#!/usr/bin/env node
/**
 * Records in package-lock.json the platform-specific optional packages that npm left out.
 *
 * Why: this workplace's npm registry does not serve some platform binaries (e.g.
 * @swc/core-darwin-arm64, @unrs/resolver-binding-android-*). npm then writes a lockfile without
 * them, and `npm ci` refuses that lockfile ("Missing: … from lock file") even though those
 * packages would never be installed on this platform. Adding an entry with the exact version and the
 * platform it targets makes the lockfile complete: npm skips it here (os/cpu mismatch) and fetches it
 * on a machine of that platform. Run after every change of dependencies:
 *   npm install … && node tools/complete-lockfile.js
 */
const fs = require('node:fs');
const path = require('node:path');

const file = path.join(__dirname, '..', 'package-lock.json');
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const packages = lock.packages;

const OS = ['darwin', 'linux', 'win32', 'android', 'freebsd', 'openbsd', 'sunos', 'aix', 'netbsd', 'wasm32'];
const CPU = {
  x64: 'x64',
  arm64: 'arm64',
  aarch64: 'arm64',
  arm: 'arm',
  ia32: 'ia32',
  ppc64: 'ppc64',
  s390x: 's390x',
  riscv64: 'riscv64',
  loong64: 'loong64',
  wasm32: 'wasm32',
  universal: null,
};

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpuKey = parts.find((p) => p in CPU);
  const result = {};
  if (os && os !== 'wasm32') result.os = [os];
  if (cpuKey && CPU[cpuKey]) result.cpu = [CPU[cpuKey]];
  if (os === 'wasm32' || cpuKey === 'wasm32') result.cpu = ['wasm32'];
  return result;
}

let added = 0;
for (const [where, pkg] of Object.entries(packages)) {
  for (const [dep, spec] of Object.entries(pkg.optionalDependencies ?? {})) {
    const nested = `${where ? `${where}/` : ''}node_modules/${dep}`;
    const top = `node_modules/${dep}`;
    if (packages[nested] || packages[top]) continue;
    if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec)) continue; // only exact versions can be recorded safely
    packages[top] = { version: spec, ...(pkg.dev ? { dev: true } : {}), optional: true, ...platformOf(dep) };
    added++;
  }
}
// npm's own order (localeCompare 'en', as @isaacs/string-locale-compare): in byte order
// "string_decoder" sorts after "string-width" and the next `npm install` would rewrite the lockfile.
const sorted = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en'))));
lock.packages = sorted;
fs.writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(`complete-lockfile: ${added} optional platform package(s) recorded`);

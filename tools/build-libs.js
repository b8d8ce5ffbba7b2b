#!/usr/bin/env node
/*
 * `npm run build:libs`: each context library (and the platform kernel they share) as an npm
 * package in dist/libs/<name>: CommonJS from swc, type declarations from tsc, a package.json.
 *
 * Imports between libraries stay `@nomina-api/<lib>` and `@nomina-api/<lib>/<entry>`, exactly as in the source:
 * each package is named `@nomina-api/<lib>`, with its src/ folder as its root, so in a consumer's
 * node_modules those specifiers resolve to the installed package (no path rewriting, in the .js
 * or the .d.ts). A package exports its entry points only (see entryPoints): every other module is
 * internal, as the lint rule of eslint.config.mjs keeps it inside the repository. Then it proves
 * it: the host app of examples/host-platform/src is compiled (tsc, strict) against copies of the
 * packages in dist/libs-consumer/node_modules and loaded with Node.
 */
'use strict';

const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');
const { builtinModules } = require('module');
const { transformFileSync } = require('@swc/core');

const root = path.resolve(__dirname, '..');
const LIBS = ['platform', 'nomina', 'reportes', 'proveedores'];
/**
 * Needed at run time without a require() of their own: Nest's ValidationPipe loads class-transformer; the kernel runs on Fastify;
 * http/security-headers loads the helmet that @fastify/helmet depends on (through require.resolve).
 */
const IMPLICIT_PEERS = { platform: ['class-transformer', '@nestjs/platform-fastify', '@fastify/helmet'] };
/**
 * What each package accepts from the host, as ranges: the host owns Nest, MikroORM, pg… and
 * must not be forced onto our exact versions. tools/check-packages.js installs the packed
 * packages against the LOWEST and the NEWEST version of every range and runs the example
 * host's tests on each: raise a floor here only when that check shows the old version fails.
 */
const PEER_RANGES = {
  '@fastify/helmet': '^13.0.0',
  '@mikro-orm/core': '^6.4.0',
  '@mikro-orm/migrations': '^6.4.0',
  '@mikro-orm/nestjs': '^6.1.0',
  '@mikro-orm/postgresql': '^6.4.0',
  // 11.0.5: @mikro-orm/nestjs 6.1 wants it. platform-fastify 11.0.0 and 11.0.1 were published
  // with Nest 10 peers, which no Nest 11 host can install.
  '@nestjs/common': '^11.0.5',
  '@nestjs/core': '^11.0.5',
  '@nestjs/cqrs': '^11.0.0',
  // 11.0.0 and 11.0.1 were published with Nest ≤ 10 peers.
  '@nestjs/passport': '^11.0.2',
  '@nestjs/platform-fastify': '^11.0.2',
  '@nestjs/swagger': '^11.0.0',
  'class-transformer': '^0.5.1',
  'class-validator': '^0.14.0',
  jsonwebtoken: '^9.0.0',
  'jwks-rsa': '^3.0.0',
  'passport-jwt': '^4.0.0',
  passport: '^0.7.0',
  pg: '^8.11.0',
  'pg-copy-streams': '^7.0.0',
  'pg-query-stream': '^4.5.0',
  pino: '^10.0.0',
  'prom-client': '^15.0.0',
  // @nestjs/cqrs 11.0.0 wants ^7.2.0 (Nest 11 itself ^7.1.0).
  rxjs: '^7.2.0',
};
/**
 * Implementation details of a library that the host never shares with it (the export writers' zip
 * and Content-Disposition helpers): regular dependencies at a caret range of this repository's pin.
 */
const OWN_DEPENDENCIES = new Set(['content-disposition', 'yazl']);
const rootPackage = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const types = path.join(root, 'dist', '.libs-types');

// The build's swc settings. .swcrc has no path aliases (`nest build` hands swc those of tsconfig.json),
// so `@nomina-api/...` stays as written.
const swcrc = JSON.parse(fs.readFileSync(path.join(root, '.swcrc'), 'utf8'));
const swcOptions = { jsc: swcrc.jsc, module: swcrc.module, sourceMaps: false, swcrc: false };

/** The modules a package ships: no specs or fixtures, and no `testing.ts` (this repository's bench/ and test/ entry). */
function sources(dir, top = true) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__fixtures__' ? [] : sources(full, false);
    if (top && entry.name === 'testing.ts') return [];
    return /\.ts$/.test(entry.name) && !/\.(spec|d)\.ts$/.test(entry.name) ? [full] : [];
  });
}

/**
 * A library's entry points besides its root: each folder of src/ with an index.ts of its own
 * (`@nomina-api/platform/http`, `@nomina-api/nomina/persistence`). The same rule draws the
 * platform's front door in eslint.config.mjs.
 */
function entryPoints(src) {
  return fs
    .readdirSync(src, { withFileTypes: true })
    .filter((e) => e.isDirectory() && fs.existsSync(path.join(src, e.name, 'index.ts')))
    .map((e) => e.name)
    .sort();
}

function files(dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

function write(file, text) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

/** Bare package names a file requires (not Node built-ins, not our own @nomina-api/*). */
function requiredPackages(js) {
  const names = new Set();
  for (const [, spec] of js.matchAll(/require\("([^"./][^"]*)"\)/g)) {
    if (spec.startsWith('node:') || builtinModules.includes(spec) || spec.startsWith('@nomina-api/')) continue;
    names.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
  }
  return names;
}

function buildLibrary(name) {
  const src = path.join(root, 'libs', name, 'src');
  const out = path.join(root, 'dist', 'libs', name);
  // `npm run build` keeps the app's compiled copy in dist/libs/<name>/src: leave it alone.
  fs.mkdirSync(out, { recursive: true });
  for (const entry of fs.readdirSync(out)) if (entry !== 'src') fs.rmSync(path.join(out, entry), { recursive: true, force: true });

  const packages = new Set();
  for (const file of sources(src)) {
    const { code } = transformFileSync(file, { ...swcOptions, filename: file });
    for (const p of requiredPackages(code)) packages.add(p);
    write(path.join(out, path.relative(src, file).replace(/\.ts$/, '.js')), code);
  }
  for (const p of IMPLICIT_PEERS[name] ?? []) packages.add(p);
  const declarations = path.join(types, name, 'src');
  for (const file of files(declarations)) write(path.join(out, path.relative(declarations, file)), fs.readFileSync(file));

  const versionOf = (dep) => rootPackage.dependencies[dep] ?? rootPackage.devDependencies[dep];
  const missing = [...packages].filter((p) => !versionOf(p));
  if (missing.length) throw new Error(`@nomina-api/${name} requires packages missing from package.json: ${missing.join(', ')}`);
  const own = [...packages].filter((p) => OWN_DEPENDENCIES.has(p)).sort();
  for (const p of own) packages.delete(p);
  const unranged = [...packages].filter((p) => !PEER_RANGES[p]);
  if (unranged.length)
    throw new Error(`@nomina-api/${name} requires packages without a peer range in tools/build-libs.js: ${unranged.join(', ')}`);
  // The app's own pins must lie inside the ranges we publish, or the app tests a version no host may use.
  const semver = require('semver');
  const outside = [...packages].filter((p) => !semver.satisfies(versionOf(p), PEER_RANGES[p]));
  if (outside.length)
    throw new Error(
      `package.json pins outside the peer ranges: ${outside.map((p) => `${p}@${versionOf(p)} ∉ ${PEER_RANGES[p]}`).join(', ')}`,
    );
  fs.copyFileSync(path.join(root, 'libs', name, 'CHANGELOG.md'), path.join(out, 'CHANGELOG.md'));
  const manifest = {
    name: `@nomina-api/${name}`,
    version: rootPackage.version,
    description: `${rootPackage.description} — library ${name}`,
    license: rootPackage.license,
    main: 'index.js',
    types: 'index.d.ts',
    // The root and the entry points only, each with its declarations for node16/bundler resolution:
    // any other module is internal and may change in any release.
    exports: {
      '.': { types: './index.d.ts', default: './index.js' },
      ...Object.fromEntries(entryPoints(src).map((dir) => [`./${dir}`, { types: `./${dir}/index.d.ts`, default: `./${dir}/index.js` }])),
      './package.json': './package.json',
    },
    engines: rootPackage.engines,
    files: fs.readdirSync(out).filter((e) => e !== 'src'),
    ...(own.length ? { dependencies: Object.fromEntries(own.map((p) => [p, `^${versionOf(p)}`])) } : {}),
    // The host app provides Nest, MikroORM, the kernel and the rest: one copy of each in the process.
    peerDependencies: Object.fromEntries([
      ...(name === 'platform' ? [] : [['@nomina-api/platform', `~${rootPackage.version}`]]),
      ...[...packages].sort().map((p) => [p, PEER_RANGES[p]]),
    ]),
  };
  write(path.join(out, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}

/** What a consumer gets: the packages copied into node_modules (as `npm install <tarball>` would), the example host compiled against them. */
function verifyConsumer() {
  const consumer = path.join(root, 'dist', 'libs-consumer');
  fs.rmSync(consumer, { recursive: true, force: true });
  for (const name of LIBS) {
    const pkg = path.join(root, 'dist', 'libs', name);
    for (const entry of JSON.parse(fs.readFileSync(path.join(pkg, 'package.json'), 'utf8')).files.concat('package.json')) {
      fs.cpSync(path.join(pkg, entry), path.join(consumer, 'node_modules', '@nomina-api', name, entry), { recursive: true });
    }
  }
  const host = path.join(root, 'examples', 'host-platform', 'src');
  for (const file of fs.readdirSync(host)) fs.copyFileSync(path.join(host, file), path.join(consumer, file));
  write(
    path.join(consumer, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        module: 'commonjs',
        moduleResolution: 'node',
        target: 'ES2022',
        lib: ['ES2023'],
        strict: true,
        experimentalDecorators: true,
        emitDecoratorMetadata: true,
        esModuleInterop: true,
        skipLibCheck: false,
        types: ['node'],
        outDir: 'out',
      },
      include: ['*.ts'],
    }),
  );
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', consumer], { stdio: 'inherit' });
  const loaded = execFileSync(
    process.execPath,
    [
      '-e',
      "const { HostModule } = require('./out/host.module'); const m = HostModule.forRoot('postgresql://u@h/db'); console.log(m.imports.length + ' imports')",
    ],
    { cwd: consumer, encoding: 'utf8' },
  );
  process.stdout.write(`  consumer: examples/host-platform/src compiled and loaded against dist/libs (${loaded.trim()})\n`);
}

/** `npm pack` of each package into dist/packages (what a host installs, and what CI installs into the example host). */
function pack() {
  const dest = path.join(root, 'dist', 'packages');
  fs.rmSync(dest, { recursive: true, force: true });
  fs.mkdirSync(dest, { recursive: true });
  for (const name of LIBS) {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const out = execFileSync(npm, ['pack', '--silent', '--pack-destination', dest, path.join(root, 'dist', 'libs', name)], {
      encoding: 'utf8',
    });
    process.stdout.write(`  dist/packages/${out.trim().split('\n').pop()}\n`);
  }
}

function main() {
  fs.rmSync(types, { recursive: true, force: true });
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', path.join(root, 'tsconfig.libs.json')], {
    stdio: 'inherit',
  });
  for (const name of LIBS) {
    const manifest = buildLibrary(name);
    process.stdout.write(
      `  dist/libs/${name}  ${manifest.name}@${manifest.version}  peers: ${Object.keys(manifest.peerDependencies).join(', ')}\n`,
    );
  }
  fs.rmSync(types, { recursive: true, force: true });
  if (!process.argv.includes('--no-verify')) verifyConsumer();
  if (process.argv.includes('--pack')) pack();
}

main();

#!/usr/bin/env node
/*
 * `npm run build:libs`: each context library (and the platform kernel they share) as an npm
 * package in dist/libs/<name>: CommonJS from swc, type declarations from tsc, a package.json.
 *
 * Imports between libraries stay `@nomina-api/<lib>` and `@nomina-api/<lib>/<path>`, exactly as in the source:
 * each package is named `@nomina-api/<lib>`, with its src/ folder as its root, so in a consumer's
 * node_modules those specifiers resolve to the installed package (no path rewriting, in the .js
 * or the .d.ts). Then it proves it: the host app of test/host-app/ is compiled (tsc, strict)
 * against copies of the packages in dist/libs-consumer/node_modules and loaded with Node.
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
const rootPackage = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const types = path.join(root, 'dist', '.libs-types');

// The build's swc settings (.swcrc) without its path aliases, which would rewrite `@nomina-api/...`.
const swcrc = JSON.parse(fs.readFileSync(path.join(root, '.swcrc'), 'utf8'));
const swcOptions = { jsc: { ...swcrc.jsc, baseUrl: undefined, paths: undefined }, module: swcrc.module, sourceMaps: false, swcrc: false };
delete swcOptions.jsc.baseUrl;
delete swcOptions.jsc.paths;

function sources(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__fixtures__' ? [] : sources(full);
    return /\.ts$/.test(entry.name) && !/\.(spec|d)\.ts$/.test(entry.name) ? [full] : [];
  });
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
  const manifest = {
    name: `@nomina-api/${name}`,
    version: rootPackage.version,
    description: `${rootPackage.description} — library ${name}`,
    license: rootPackage.license,
    main: 'index.js',
    types: 'index.d.ts',
    files: fs.readdirSync(out).filter((e) => e !== 'src'),
    ...(name === 'platform' ? {} : { dependencies: { '@nomina-api/platform': rootPackage.version } }),
    // The host app provides Nest, MikroORM and the rest: one copy of each in the process.
    peerDependencies: Object.fromEntries([...packages].sort().map((p) => [p, versionOf(p)])),
  };
  write(path.join(out, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}

/** What a consumer gets: the packages copied into node_modules (as `npm install <tarball>` would), the test host compiled against them. */
function verifyConsumer() {
  const consumer = path.join(root, 'dist', 'libs-consumer');
  fs.rmSync(consumer, { recursive: true, force: true });
  for (const name of LIBS) {
    const pkg = path.join(root, 'dist', 'libs', name);
    for (const entry of JSON.parse(fs.readFileSync(path.join(pkg, 'package.json'), 'utf8')).files.concat('package.json')) {
      fs.cpSync(path.join(pkg, entry), path.join(consumer, 'node_modules', '@app', name, entry), { recursive: true });
    }
  }
  for (const file of fs.readdirSync(path.join(root, 'test', 'host-app'))) {
    fs.copyFileSync(path.join(root, 'test', 'host-app', file), path.join(consumer, file));
  }
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
  process.stdout.write(`  consumer: test/host-app compiled and loaded against dist/libs (${loaded.trim()})\n`);
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
}

main();

#!/usr/bin/env node
/*
 * `node tools/ensure-built.js`: makes sure dist/ holds the compiled service before `npm start`,
 * `migrate`, `import`, `seed` and `openapi` run it.
 *
 * - With the sources here (a checkout), it runs `npm run build`'s command (`nest build`) when any
 *   file under apps/ or libs/ (or the build's configuration) is newer than the last build, and
 *   does nothing otherwise.
 * - Without them (the Docker image and any production copy: package.json, production
 *   dependencies and dist/ only) it uses dist/ as it is: the compiler (the Nest CLI and swc) is a
 *   dev dependency and is not there.
 *
 * Builds are serialised with a lock folder, so two commands started together (a test run, a
 * service and an import) do not write the same files at once.
 */
'use strict';

const fs = require('fs');
const path = require('path');
const { execSync } = require('child_process');

const root = path.resolve(__dirname, '..');
const dist = path.join(root, 'dist');
const entry = path.join(dist, 'apps', 'api', 'src', 'main.js');
const stamp = path.join(dist, '.build-stamp');
const lock = path.join(dist, '.build.lock');
const SOURCES = ['apps', 'libs'].map((dir) => path.join(root, dir));
/** What the build reads besides the sources: swc's options, the Nest CLI's, and tsconfig's path aliases. */
const CONFIG = ['.swcrc', 'nest-cli.json', 'tsconfig.json', 'tsconfig.build.json'].map((file) => path.join(root, file));

function fail(message) {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** Newest modification time (ms) under the sources; 0 when there are none. */
function newestSource() {
  let newest = 0;
  const visit = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else newest = Math.max(newest, fs.statSync(file).mtimeMs);
    }
  };
  for (const dir of SOURCES) if (fs.existsSync(dir)) visit(dir);
  for (const file of CONFIG) if (fs.existsSync(file)) newest = Math.max(newest, fs.statSync(file).mtimeMs);
  return newest;
}

function builtAt() {
  try {
    return Number(fs.readFileSync(stamp, 'utf8')) || 0;
  } catch {
    return 0;
  }
}

const stale = () => !fs.existsSync(entry) || newestSource() >= builtAt();

function sleep(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function withLock(fn) {
  fs.mkdirSync(dist, { recursive: true });
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      let holder = 0;
      try {
        holder = Number(fs.readFileSync(path.join(lock, 'pid'), 'utf8'));
      } catch {
        /* being written */
      }
      if (holder && !alive(holder)) fs.rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) fail(`Tiempo agotado esperando a otra compilación (${lock}).`);
      sleep(100);
    }
  }
  try {
    return fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

if (!SOURCES.some((dir) => fs.existsSync(dir))) {
  // A production copy: dist/ is the code.
  if (!fs.existsSync(entry)) fail(`Falta el código compilado (${path.relative(root, entry)}) y no hay fuentes para compilarlo.`);
} else if (stale()) {
  withLock(() => {
    // Another command may have built while this one waited for the lock.
    if (!stale()) return;
    const started = Date.now();
    const { scripts } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
    const bin = path.join(root, 'node_modules', '.bin');
    try {
      execSync(scripts.build, {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` },
      });
    } catch {
      fail(
        fs.existsSync(path.join(bin, 'nest'))
          ? 'La compilación (npm run build) falló.'
          : 'No se puede compilar: falta el Nest CLI (una dependencia de desarrollo). Ejecute npm install, o use una copia con dist/ ya compilado.',
      );
    }
    // The time the build started: a file saved during the build makes the next command build again.
    fs.writeFileSync(stamp, String(started));
  });
}

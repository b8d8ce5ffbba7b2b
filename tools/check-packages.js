#!/usr/bin/env node
/*
 * `node tools/check-packages.js [--peers lowest,newest] [--no-walkthrough] [--report out.json]`: the
 * packages as a host gets them. Builds and packs them (tools/build-libs.js --pack), then, for the
 * LOWEST and the NEWEST published version inside every peer range the packages declare, installs
 * the tarballs with those exact peers into a scratch copy of examples/host-platform (outside the
 * repo, so nothing resolves from our node_modules), compiles it with its own tsc and runs its tests
 * against a database with the contract's example dataset (tools/package-check-db.ts). Then runs
 * docs/EMBEDDING.md's walkthrough as written (tools/embedding-walkthrough.js: in
 * examples/host-platform itself, with its pinned versions, up to the final curl).
 * The report (--report) has the shape of jest's --json output, for .ci/run's summary line.
 */
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync, spawn } = require('child_process');
const semver = require('semver');

const root = path.resolve(__dirname, '..');
const example = path.join(root, 'examples', 'host-platform');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i === -1 ? fallback : process.argv[i + 1];
};
const flavors = arg('--peers', 'lowest,newest').split(',').filter(Boolean);
const walkthrough = !process.argv.includes('--no-walkthrough');
const reportFile = arg('--report');
const log = (line) => process.stdout.write(`${line}\n`);
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(0)} s`;

/** Every peer range the packed packages declare (our own packages aside), one range per name. */
function peerRanges() {
  const ranges = {};
  for (const name of ['platform', 'nomina', 'reportes', 'proveedores']) {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'dist', 'libs', name, 'package.json'), 'utf8'));
    for (const [peer, range] of Object.entries(manifest.peerDependencies ?? {})) {
      if (peer.startsWith('@nomina-api/')) continue;
      if (ranges[peer] && ranges[peer] !== range) throw new Error(`${peer}: two ranges (${ranges[peer]}, ${range})`);
      ranges[peer] = range;
    }
  }
  return ranges;
}

/**
 * Packages released in lock-step, which a host installs at one version: a version counts only when
 * every member has it (a registry can list @mikro-orm/postgresql@x before its @mikro-orm/knex@x,
 * which it depends on exactly, and then x cannot be installed).
 */
const FAMILIES = [
  ['@mikro-orm/core', '@mikro-orm/migrations', '@mikro-orm/postgresql', '@mikro-orm/knex'],
  ['@nestjs/common', '@nestjs/core'],
];
/**
 * The example's own dependencies that must follow the flavor: Nest's Fastify adapter and Swagger
 * accept @fastify/static ^8 in their first 11.x releases and ^10.1.2 in their newest.
 */
const HOST_DEPENDENCIES = { lowest: { '@fastify/static': '^8.0.0' }, newest: {} };

const cache = new Map();
function published(name) {
  if (!cache.has(name)) {
    cache.set(
      name,
      JSON.parse(execFileSync(npm, ['view', name, 'versions', '--json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })),
    );
  }
  return cache.get(name);
}
function versionsOf(name) {
  const others = (FAMILIES.find((f) => f.includes(name)) ?? []).filter((f) => f !== name).map((f) => new Set(published(f)));
  return published(name).filter((v) => others.every((set) => set.has(v)));
}

/** The exact version of each peer for a flavor: the lowest or newest release (no prereleases) in its range. */
function pickVersions(ranges, flavor) {
  const picked = {};
  for (const [peer, range] of Object.entries(ranges)) {
    const versions = versionsOf(peer);
    const version = flavor === 'lowest' ? semver.minSatisfying(versions, range) : semver.maxSatisfying(versions, range);
    if (!version) throw new Error(`${peer}: no published version in ${range}`);
    picked[peer] = version;
  }
  return picked;
}

/** Starts tools/package-check-db.ts; resolves with its DATABASE_URL and a stop function. */
function startDatabase() {
  const child = spawn(process.execPath, [path.join(root, 'tools', 'run-ts.js'), path.join(root, 'tools', 'package-check-db.ts')], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.on('exit', (code) => reject(new Error(`tools/package-check-db.ts exited with ${code}`)));
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = /DATABASE_URL=(\S+)/.exec(out);
      if (m) {
        child.removeAllListeners('exit');
        const stopped = new Promise((done) => child.on('exit', done));
        resolve({ url: m[1], stop: () => (child.stdin.end(), stopped) });
      }
    });
  });
}

/** One flavor: scratch host, install, compile, test. Returns { passed, failed, output }. */
function checkFlavor(flavor, versions, databaseUrl, scratch) {
  const dir = path.join(scratch, flavor);
  fs.mkdirSync(dir, { recursive: true });
  for (const entry of ['src', 'test', 'tsconfig.json']) fs.cpSync(path.join(example, entry), path.join(dir, entry), { recursive: true });
  const manifest = JSON.parse(fs.readFileSync(path.join(example, 'package.json'), 'utf8'));
  for (const dep of Object.keys(manifest.dependencies)) {
    if (dep.startsWith('@nomina-api/')) {
      // The tarball the example names, from dist/packages (built a moment ago).
      manifest.dependencies[dep] = `file:${path.resolve(example, manifest.dependencies[dep].slice('file:'.length))}`;
    } else if (versions[dep]) {
      manifest.dependencies[dep] = versions[dep];
    }
  }
  Object.assign(manifest.dependencies, HOST_DEPENDENCIES[flavor]);
  const missing = Object.keys(versions).filter((peer) => !manifest.dependencies[peer]);
  if (missing.length) throw new Error(`examples/host-platform/package.json lacks the peers ${missing.join(', ')}`);
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');

  let started = Date.now();
  // No --legacy-peer-deps: an ERESOLVE here is exactly what a host would hit.
  execFileSync(npm, ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: 'inherit' });
  log(`   installed in ${seconds(started)}`);
  started = Date.now();
  execFileSync(process.execPath, [path.join(dir, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', dir], { cwd: dir, stdio: 'inherit' });
  let output;
  let ok = true;
  try {
    output = execFileSync(process.execPath, ['--test', '--test-reporter=tap', path.join('out', 'test', 'host.test.js')], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: databaseUrl },
    });
  } catch (err) {
    output = `${err.stdout ?? ''}${err.stderr ?? ''}`;
    ok = false;
  }
  const count = (word) => Number(new RegExp(`^# ${word} (\\d+)$`, 'm').exec(output)?.[1] ?? 0);
  const passed = count('pass');
  const failed = count('fail') + (ok || count('fail') ? 0 : 1);
  log(`   compiled and tested in ${seconds(started)}: ${passed} passed, ${failed} failed`);
  if (failed) process.stdout.write(output);
  return { passed, failed };
}

async function main() {
  const started = Date.now();
  execFileSync(process.execPath, [path.join(root, 'tools', 'build-libs.js'), '--pack'], { stdio: 'inherit' });
  const ranges = peerRanges();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'nomina-packages-'));
  const db = await startDatabase();
  const results = [];
  try {
    for (const flavor of flavors) {
      const versions = pickVersions(ranges, flavor);
      log(
        `== example host against the ${flavor} peers: ${Object.entries(versions)
          .map(([p, v]) => `${p}@${v}`)
          .join(' ')}`,
      );
      try {
        results.push({ flavor, ...checkFlavor(flavor, versions, db.url, scratch) });
      } catch (err) {
        log(`   ${flavor}: ${err.message.split('\n')[0]}`);
        results.push({ flavor, passed: 0, failed: 1 });
      }
    }
  } finally {
    await db.stop();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  if (walkthrough) {
    log('== docs/EMBEDDING.md walkthrough, as written');
    const started = Date.now();
    const { runWalkthrough } = require('./embedding-walkthrough');
    const result = await runWalkthrough({ log });
    log(`   walkthrough in ${seconds(started)}: ${result.passed} passed, ${result.failed} failed`);
    results.push({ flavor: 'walkthrough', ...result });
  }
  const passed = results.reduce((n, r) => n + r.passed, 0);
  const failed = results.reduce((n, r) => n + r.failed, 0);
  log(
    `packages: ${passed} passed, ${failed} failed (${results.map((r) => `${r.flavor} ${r.passed}/${r.passed + r.failed}`).join(', ')}) in ${seconds(started)}`,
  );
  if (reportFile) {
    const testResults = results.map((r) => ({
      name: r.flavor === 'walkthrough' ? 'docs/EMBEDDING.md walkthrough' : `host-platform (${r.flavor} peers)`,
      status: r.failed ? 'failed' : 'passed',
      assertionResults: new Array(r.passed + r.failed).fill({}),
    }));
    fs.writeFileSync(reportFile, JSON.stringify({ numPassedTests: passed, numFailedTests: failed, testResults }));
  }
  process.exitCode = failed ? 1 : 0;
}

main().catch((err) => {
  process.stderr.write(`${err.stack ?? err}\n`);
  process.exit(1);
});

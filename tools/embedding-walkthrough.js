#!/usr/bin/env node
/*
 * `node tools/embedding-walkthrough.js`: runs the walkthrough of docs/EMBEDDING.md
 * ("## Walkthrough" section) the way a reader types it, in this checkout, and checks each command
 * and the output the page shows. tools/check-packages.js runs it after the packages' check and
 * counts each command as one test.
 *
 * How the page is read:
 * - every ```sh block starts in the repository root (a terminal of its own); `cd` moves it, `export`
 *   sets a variable for what follows; `\` continues a line; text after ` # ` is a comment, except
 *   a comment that starts with `{` after a curl, which is its exact expected output;
 * - a fenced block right after a ```sh block is the expected output of that block's last command
 *   (`…` matches any text);
 * - `node … tools/package-check-db.ts` keeps running (its database lives until its input closes):
 *   started in the background; the DATABASE_URL it prints replaces `<the URL it printed>`;
 * - a command ending with `&` is started in the background; the first curl after it is retried
 *   until the server answers (the reader would wait for its start);
 * - any command fails on a non-zero exit, and on an npm warning about install scripts (the example
 *   silences the same ones as the root).
 * Background processes are stopped at the end.
 */
'use strict';

const fs = require('fs');
const path = require('path');
const { spawn, spawnSync } = require('child_process');

const root = path.resolve(__dirname, '..');
const PAGE = path.join(root, 'docs', 'EMBEDDING.md');
const URL_PLACEHOLDER = '<the URL it printed>';
const COMMAND_TIMEOUT_MS = 10 * 60_000;
const SERVER_WAIT_MS = 180_000;

/** The walkthrough's blocks: [{ kind: 'sh', lines: [{ command, expected? }] } | { kind: 'output', text }]. */
function walkthroughBlocks(markdown) {
  const start = markdown.indexOf('\n## Walkthrough');
  if (start < 0) throw new Error('docs/EMBEDDING.md has no "## Walkthrough" section');
  const end = markdown.indexOf('\n## ', start + 1);
  const section = markdown.slice(start, end < 0 ? undefined : end);
  const blocks = [];
  const fence = /^```(\w*)\n([\s\S]*?)^```$/gm;
  let m;
  let previousEnd = -1;
  while ((m = fence.exec(section))) {
    const [, info, body] = m;
    const adjacent = section.slice(previousEnd, m.index).trim() === '';
    previousEnd = m.index + m[0].length;
    if (info === 'sh') blocks.push({ kind: 'sh', lines: shellLines(body) });
    else if (adjacent && blocks.length && blocks[blocks.length - 1].kind === 'sh')
      blocks.push({ kind: 'output', text: body.replace(/\n$/, '') });
  }
  return blocks;
}

function shellLines(body) {
  const lines = [];
  let current = '';
  for (const raw of body.split('\n')) {
    if (!raw.trim() && !current) continue;
    if (raw.endsWith('\\')) {
      current += raw.slice(0, -1);
      continue;
    }
    const text = current + raw;
    current = '';
    const hash = text.search(/\s#\s/);
    const command = (hash < 0 ? text : text.slice(0, hash)).trim();
    const comment =
      hash < 0
        ? ''
        : text
            .slice(hash)
            .replace(/^\s#\s/, '')
            .trim();
    if (command) lines.push({ command, expected: /^curl\b/.test(command) && comment.startsWith('{') ? comment : undefined });
  }
  return lines;
}

/** `…` matches any text; everything else literally. */
function matches(actual, expected) {
  const pattern = expected
    .split('…')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[\\s\\S]*');
  return new RegExp(`^${pattern}$`).test(actual);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function runWalkthrough({ log = (line) => process.stdout.write(`${line}\n`) } = {}) {
  const blocks = walkthroughBlocks(fs.readFileSync(PAGE, 'utf8'));
  const env = { ...process.env };
  // The page's commands, not this process's settings, decide where the example connects.
  delete env.DATABASE_URL;
  const background = [];
  const results = [];
  let databaseUrl;
  let serverPending = false;

  // Logged as the page writes them (the printed URL carries the database's password).
  const record = (command, ok, detail = '') => {
    results.push({ command, ok });
    log(`   ${ok ? 'ok  ' : 'FAIL'} ${command}${detail ? `\n${detail}` : ''}`);
    if (!ok) throw new Error(`walkthrough step failed: ${command}`);
  };

  const startDatabase = (command, cwd) =>
    new Promise((resolve, reject) => {
      const child = spawn('bash', ['-c', command], { cwd, env, stdio: ['pipe', 'pipe', 'inherit'] });
      background.push({ child, stop: () => child.stdin.end() });
      let out = '';
      child.on('exit', (code) => reject(new Error(`${command} ended (${code}) before printing DATABASE_URL`)));
      child.stdout.on('data', (d) => {
        out += d;
        const found = /DATABASE_URL=(\S+)/.exec(out);
        if (found) resolve(found[1]);
      });
    });

  const run = (command, cwd) => {
    const res = spawnSync('bash', ['-c', command], { cwd, env, encoding: 'utf8', timeout: COMMAND_TIMEOUT_MS, maxBuffer: 64 << 20 });
    return { code: res.status, stdout: res.stdout ?? '', stderr: res.stderr ?? '' };
  };

  try {
    for (let b = 0; b < blocks.length; b++) {
      const block = blocks[b];
      if (block.kind !== 'sh') continue;
      const output = blocks[b + 1]?.kind === 'output' ? blocks[b + 1].text : undefined;
      let cwd = root;
      for (let i = 0; i < block.lines.length; i++) {
        const { command: written, expected: inline } = block.lines[i];
        const command = written.split(URL_PLACEHOLDER).join(databaseUrl ?? URL_PLACEHOLDER);
        const expected = inline ?? (i === block.lines.length - 1 ? output : undefined);
        const cd = /^cd\s+(\S+)$/.exec(command);
        const exported = /^export\s+([A-Za-z_]\w*)=(.*)$/.exec(command);
        if (cd) {
          cwd = path.resolve(cwd, cd[1]);
          record(written, fs.existsSync(cwd));
        } else if (exported) {
          env[exported[1]] = exported[2].replace(/^'(.*)'$/, '$1');
          record(written, !env[exported[1]].includes('<'));
        } else if (/tools\/package-check-db\.ts/.test(command)) {
          databaseUrl = await startDatabase(command, cwd);
          record(written, true);
        } else if (/&$/.test(command)) {
          const child = spawn('bash', ['-c', command.replace(/&$/, '').trim()], { cwd, env, stdio: 'ignore', detached: true });
          background.push({ child, stop: () => process.kill(-child.pid, 'SIGTERM') });
          serverPending = true;
          record(written, true);
        } else {
          let res = run(command, cwd);
          if (serverPending && /^curl\b/.test(command)) {
            const deadline = Date.now() + SERVER_WAIT_MS;
            while ((res.code !== 0 || !res.stdout) && Date.now() < deadline) {
              await sleep(1000);
              res = run(command, cwd);
            }
            serverPending = false;
          }
          const actual = res.stdout.replace(/\n$/, '');
          const problems = [];
          if (res.code !== 0) problems.push(`exit ${res.code}`);
          if (/npm warn install-scripts/.test(res.stderr)) problems.push('npm warns about install scripts');
          if (expected !== undefined && !matches(actual, expected)) problems.push(`printed:\n${actual}\nthe page shows:\n${expected}`);
          record(written, problems.length === 0, problems.length ? `${problems.join('\n')}\n${res.stderr.slice(-2000)}` : '');
        }
      }
    }
  } catch (err) {
    if (!results.some((r) => !r.ok)) results.push({ command: String(err.message), ok: false });
    log(`   ${err.message}`);
  } finally {
    for (const { child, stop } of background.reverse()) {
      try {
        stop();
      } catch {
        /* already gone */
      }
      if (child.exitCode === null && child.signalCode === null) await new Promise((r) => child.on('exit', r));
    }
  }
  return { passed: results.filter((r) => r.ok).length, failed: results.filter((r) => !r.ok).length };
}

module.exports = { runWalkthrough, walkthroughBlocks };

if (require.main === module) {
  runWalkthrough().then(
    ({ passed, failed }) => {
      process.stdout.write(`walkthrough: ${passed} passed, ${failed} failed\n`);
      process.exitCode = failed ? 1 : 0;
    },
    (err) => {
      process.stderr.write(`${err.stack ?? err}\n`);
      process.exit(1);
    },
  );
}

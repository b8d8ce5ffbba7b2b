import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Client } from 'pg';
import { runImport } from '../../apps/api/src/cli/import';

/** `npm run import` in tests: its entry point in this process, or a real child process. */

const ROOT = join(__dirname, '..', '..');

export interface CliRun {
  code: number | string;
  /** stderr and stdout, interleaved as written. */
  stderr: string;
  /** stdout alone (the summary lines). */
  stdout: string;
}

/** The CLI as a child process (for kills and for concurrency), on the database at `url`. */
export function importCli(url: string, file: string, args: string[] = [], onStart?: (pid: number) => void): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [join(ROOT, 'tools', 'run-ts.js'), join(ROOT, 'apps', 'api', 'src', 'cli', 'import.ts'), file, ...args],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: url, LOG_LEVEL: 'silent', NODE_ENV: 'test' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => {
      stderr += d.toString();
      stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve({ code: code ?? signal ?? 'unknown', stderr, stdout }));
    onStart?.(child.pid!);
  });
}

/** The CLI's entry point in this process (fast: no compilation), its output captured. */
export async function importInProcess(url: string, file: string, args: string[] = []): Promise<CliRun> {
  const saved = process.env.DATABASE_URL;
  process.env.DATABASE_URL = url;
  let stderr = '';
  let stdout = '';
  const err = jest.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stderr += String(chunk);
    return true;
  });
  const out = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stderr += String(chunk);
    stdout += String(chunk);
    return true;
  });
  try {
    return { code: await runImport([file, ...args]), stderr, stdout };
  } finally {
    err.mockRestore();
    out.mockRestore();
    if (saved === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = saved;
  }
}

/** Row count and an md5 of every row, per table of the public schema: "nothing was written" is this unchanged. */
export async function snapshot(db: Client): Promise<Record<string, string>> {
  const { rows: tables } = await db.query<{ t: string }>(`select tablename as t from pg_tables where schemaname = 'public' order by 1`);
  const out: Record<string, string> = {};
  for (const { t } of tables) {
    const { rows } = await db.query<{ n: string; sum: string | null }>(
      `select count(*)::text as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as sum from "${t}" x`,
    );
    out[t] = `${rows[0].n} ${rows[0].sum}`;
  }
  return out;
}

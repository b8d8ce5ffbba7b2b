/**
 * A service build started as a child process the way bench/run.ts starts it (same env), for the
 * focused benches that compare builds: `npm run build && cp -r dist bench/.out/<build>`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_LOGINS } from '@nomina-api/importer/demo/generate-dataset';
import { freePort } from './cli';

const ROOT = join(__dirname, '../..');
const OUT = join(__dirname, '../.out');
export const BENCH_JWT_SECRET = 'bench-fixed-secret-0123456789abcdef0123456789abcdef';

/**
 * The V8 flags the Docker image runs the service with (its `ENV NODE_OPTIONS=` line and the node
 * flags of its `CMD`, read from the Dockerfile so the two cannot drift), with the old-space cap
 * replaced by `heapMb` when given. `heapMb` 0: none at all (V8's defaults, sized from the
 * machine's memory). Pass them as node arguments: not every one is allowed in NODE_OPTIONS.
 */
export function imageV8Flags(heapMb?: number): string[] {
  if (heapMb === 0) return [];
  const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
  const line = /^ENV NODE_OPTIONS="?([^"\n]*)"?$/m.exec(dockerfile);
  if (!line) throw new Error('Dockerfile: no ENV NODE_OPTIONS line');
  const cmd = /^CMD (\[.*\])$/m.exec(dockerfile);
  if (!cmd) throw new Error('Dockerfile: no CMD line');
  const flags = [...line[1].trim().split(/\s+/), ...(JSON.parse(cmd[1]) as string[]).filter((word) => word.startsWith('--'))];
  if (heapMb === undefined) return flags;
  return [...flags.filter((f) => !f.startsWith('--max-old-space-size=')), `--max-old-space-size=${heapMb}`];
}

export interface RunningService {
  origin: string;
  child: ChildProcess;
  /** Authorization header of the bench user (DEMO_LOGINS[0]). */
  auth: Record<string, string>;
  stop(): Promise<void>;
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} not ready`);
}

/** Starts `main` on the database `dbUrl` (logs appended to bench/.out/<log>.log; `env` adds settings), waits until ready, logs in. */
export async function startService(
  main: string,
  dbUrl: string,
  log: string,
  nodeArgs: string[] = [],
  env: Record<string, string> = {},
): Promise<RunningService> {
  const port = await freePort();
  mkdirSync(OUT, { recursive: true });
  const out = createWriteStream(join(OUT, `${log}.log`), { flags: 'a' });
  const child = spawn(process.execPath, [...nodeArgs, main], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: dbUrl,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      JWT_SECRET: BENCH_JWT_SECRET,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DB_POOL_MAX: '10',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  // A crash of the bench must not leave the service running.
  const kill = (): void => void (child.exitCode === null && child.kill('SIGKILL'));
  process.once('exit', kill);
  const stop = async (): Promise<void> => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(kill, 15_000);
      await once(child, 'exit');
      clearTimeout(timer);
    }
    process.off('exit', kill);
  };
  try {
    const origin = `http://127.0.0.1:${port}`;
    await waitFor(`${origin}/health/ready`, child);
    const login = DEMO_LOGINS[0];
    const res = await fetch(`${origin}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: login.email, password: login.password }),
    });
    if (!res.ok) throw new Error(`login ${login.email}: ${res.status} ${await res.text()}`);
    const auth = { authorization: `Bearer ${((await res.json()) as { tokenCurrent: string }).tokenCurrent}` };
    return { origin, child, auth, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

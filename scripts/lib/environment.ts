import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Client } from 'pg';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Dataset } from '@nomina-api/importer/dataset.types';
import { type AppConfig, loadConfig } from '@nomina-api/platform/config';
import { createRootLogger } from '@nomina-api/platform/hosting';
import { type EmbeddedDatabase, recreateDatabase, startEmbeddedPostgres } from '@nomina-api/platform/persistence';

/**
 * What the reliability scripts (and the resilience suites) share: an embedded PostgreSQL of
 * their own (never ./.data), a database loaded with a dataset, the app in-process, and control
 * of the PostgreSQL server itself (stop, start, terminate backends) for fault injection.
 */

export const ROOT = resolve(__dirname, '..', '..');
export const EXAMPLE_DATASET = join(ROOT, 'test', 'fixtures', 'example-dataset.json');
export const SCRIPT_JWT_SECRET = 'reliability-scripts-secret-0123456789abcdef';

export function exampleDataset(): Dataset {
  return JSON.parse(readFileSync(EXAMPLE_DATASET, 'utf8')) as Dataset;
}

export const log = (message: string): void => void process.stderr.write(`${new Date().toISOString().slice(11, 23)} ${message}\n`);

export interface Cluster {
  embedded: EmbeddedDatabase;
  adminUrl: string;
  release(): Promise<void>;
}

/** The embedded PostgreSQL in dataDir (started, or joined when already running). */
export async function startCluster(dataDir: string, quiet = true): Promise<Cluster> {
  if (resolve(dataDir) === resolve(ROOT, '.data')) throw new Error('Use a DATA_DIR of its own for fault injection, never ./.data.');
  // mkdtemp makes a 0700 folder: as root, the launcher would then place the cluster in a folder of
  // the system temp dir that removing dataDir leaves behind. Readable by postgres, it stays inside.
  chmodSync(dataDir, 0o755);
  const embedded = await startEmbeddedPostgres({
    dataDir,
    port: 0,
    database: 'postgres',
    log: quiet ? () => undefined : log,
    fastInit: true,
  });
  return { embedded, adminUrl: embedded.url, release: () => embedded.release() };
}

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops and recreates `name`, migrates it and loads the datasets. */
export async function freshDatabase(adminUrl: string, name: string, datasets: Dataset[]): Promise<string> {
  if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
  await recreateDatabase(adminUrl, name);
  const url = databaseUrl(adminUrl, name);
  const { migrateAndLoad } = await import('../../apps/api/src/database/load-datasets');
  await migrateAndLoad(url, datasets);
  return url;
}

export function scriptConfig(overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: SCRIPT_JWT_SECRET,
    DATA_DIR: '/tmp/nomina-reliability-config',
    PRINCIPAL_CACHE_TTL_MS: '0',
    ...overrides,
  });
}

/** The whole app in this process, on `url`, optionally listening on a loopback port. */
export async function startApp(
  url: string,
  overrides: Record<string, string> = {},
  listen = false,
): Promise<{ app: NestFastifyApplication; base: string }> {
  const { createApp } = await import('../../apps/api/src/create-app');
  const app = await createApp(scriptConfig(overrides), url, createRootLogger(overrides.LOG_LEVEL ?? 'silent'));
  let base = '';
  if (listen) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
  } else {
    await app.getHttpAdapter().getInstance().ready();
  }
  return { app, base };
}

/**
 * Stops and starts the PostgreSQL server behind an embedded cluster with pg_ctl, as its owner
 * (the binaries are those of the running postmaster; as root, pg_ctl runs as the cluster's owner).
 */
export class PgServer {
  private readonly bin: string;
  readonly port: number;
  private readonly owner: { uid: number; gid: number } | undefined;

  constructor(readonly clusterDir: string) {
    const pidFile = readFileSync(join(clusterDir, 'postmaster.pid'), 'utf8').split('\n');
    this.port = Number(pidFile[3]);
    const exe = execFileSync('readlink', ['-f', `/proc/${pidFile[0]}/exe`], { encoding: 'utf8' }).trim();
    this.bin = dirname(exe);
    const st = statSync(clusterDir);
    this.owner = process.getuid?.() === 0 ? { uid: st.uid, gid: st.gid } : undefined;
  }

  private pgCtl(args: string[]): Promise<string> {
    return new Promise((resolvePromise, reject) => {
      const child = spawn(join(this.bin, 'pg_ctl'), args, {
        uid: this.owner?.uid,
        gid: this.owner?.gid,
        env: { ...process.env, LC_ALL: 'C', LANG: 'C' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolvePromise(out) : reject(new Error(`pg_ctl ${args[0]}: ${code} ${out.trim()}`))));
    });
  }

  /** `fast` rolls back open transactions and closes sessions; `immediate` is a crash (recovery at start). */
  /** `url` pointed at this server's port (the embedded cluster may have been restarted on another one). */
  urlFor(url: string): string {
    const u = new URL(url);
    u.port = String(this.port);
    return u.toString();
  }

  stop(mode: 'fast' | 'immediate'): Promise<string> {
    return this.pgCtl(['stop', '-D', this.clusterDir, '-m', mode, '-w', '-t', '60']);
  }

  /** SIGSTOP / SIGCONT the postmaster: new connections hang (accepted by the kernel, never answered). */
  freeze(): void {
    process.kill(this.postmasterPid(), 'SIGSTOP');
  }

  thaw(): void {
    process.kill(this.postmasterPid(), 'SIGCONT');
  }

  private postmasterPid(): number {
    return Number(readFileSync(join(this.clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  }

  start(): Promise<string> {
    const settings = [
      `-p ${this.port}`,
      '-c listen_addresses=127.0.0.1',
      "-c unix_socket_directories=''",
      '-c max_connections=200',
      '-c fsync=off',
    ].join(' ');
    return this.pgCtl([
      'start',
      '-D',
      this.clusterDir,
      '-w',
      '-t',
      '60',
      '-l',
      join(dirname(this.clusterDir), 'postgres.log'),
      '-o',
      settings,
    ]);
  }
}

/** Terminates the service's backends (application_name nomina-read-api) in one database. */
/** Process ids of the service's backends on `database` (to freeze them with SIGSTOP, as a partition would). */
/** Every process of a PostgreSQL server: its postmaster (postmaster.pid) and the postmaster's children (SIGSTOP them all: a frozen server). */
export function serverProcesses(dataDir: string): number[] {
  const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        // The parent pid is the 2nd field after the command in parentheses.
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

export async function serviceBackendPids(adminUrl: string, database: string): Promise<number[]> {
  const client = new Client({ connectionString: adminUrl, application_name: 'chaos' });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = $1 and application_name = 'nomina-read-api'`,
      [database],
    );
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

export async function terminateBackends(adminUrl: string, database: string): Promise<number> {
  const client = new Client({ connectionString: adminUrl, application_name: 'chaos' });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*) filter (where pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and application_name = 'nomina-read-api'`,
      [database],
    );
    return rows[0].n;
  } finally {
    await client.end();
  }
}

export async function logins(app: NestFastifyApplication, users: { email: string; password: string }[]): Promise<string[]> {
  const tokens: string[] = [];
  for (const u of users) {
    const res = await app.inject({ method: 'POST', url: '/login', payload: u });
    if (res.statusCode !== 200) throw new Error(`login ${u.email}: ${res.statusCode} ${res.body}`);
    tokens.push(JSON.parse(res.body).tokenCurrent);
  }
  return tokens;
}

export const ANDINA_USER = { email: 'ana.gomez@andina.example.co', password: 'a9jJ8y8Tcb#12' };
export const PACIFICO_USER = { email: 'marta.canas@pacifico.example.co', password: 'qgrPM2MPau%50' };
export const ANDINA_ID = '0ee9a9bb-2b87-43f0-82f5-d431917734f8';

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Percentile of a list of numbers (p in 0..100). */
export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export interface ServerProcess {
  child: import('node:child_process').ChildProcess;
  base: string;
  /** Resolves with the exit code (or the signal name) when the process ends. */
  exited: Promise<number | string>;
  output(): string;
}

export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolvePromise, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolvePromise(port));
    });
  });
}

/**
 * `npm start`'s entry point (apps/api/src/main.ts, compiled on the fly by tools/run-ts.js) as a
 * child process on a free loopback port; resolves once it prints "Servicio listo".
 */
export async function spawnServer(env: Record<string, string>, timeoutMs = 120_000): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(ROOT, 'tools', 'run-ts.js'), join(ROOT, 'apps', 'api', 'src', 'main.ts')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      JWT_SECRET: SCRIPT_JWT_SECRET,
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
      PRINCIPAL_CACHE_TTL_MS: '0',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | string>((r) => child.on('exit', (code, signal) => r(code ?? signal ?? 'unknown')));
  const deadline = Date.now() + timeoutMs;
  while (!out.includes('Servicio listo')) {
    const early = await Promise.race([exited, sleep(100).then(() => undefined)]);
    if (early !== undefined) throw new Error(`the server exited (${early}) before it was ready:\n${out}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server was not ready in ${timeoutMs} ms:\n${out}`);
    }
  }
  return { child, base: `http://127.0.0.1:${port}`, exited, output: () => out };
}

export interface HttpResult {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  ms: number;
  /** Set when no HTTP answer arrived (connection refused or reset, timeout). */
  error?: string;
}

/** One HTTP exchange with a raw (already encoded) path; never throws. */
export async function httpCall(
  base: string,
  opts: {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    body?: string;
    timeoutMs?: number;
    agent?: import('node:http').Agent;
  },
): Promise<HttpResult> {
  const { request } = await import('node:http');
  const url = new URL(base);
  const started = performance.now();
  return new Promise((resolvePromise) => {
    let settled = false;
    const done = (r: Omit<HttpResult, 'ms'>): void => {
      if (settled) return;
      settled = true;
      resolvePromise({ ...r, ms: performance.now() - started });
    };
    try {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          method: opts.method ?? 'GET',
          path: opts.path,
          headers: opts.headers,
          agent: opts.agent,
          timeout: opts.timeoutMs ?? 30_000,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', (err) => done({ status: 0, headers: {}, body: '', error: `response: ${err.message}` }));
          res.on('aborted', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: '', error: 'response aborted' }));
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', (err: NodeJS.ErrnoException) => done({ status: 0, headers: {}, body: '', error: err.code ?? err.message }));
      if (opts.body !== undefined) req.end(opts.body);
      else req.end();
    } catch (err) {
      done({ status: 0, headers: {}, body: '', error: `client: ${(err as Error).message}` });
    }
  });
}

/** Runs a script's main: exits with its code (0 = every check passed), or 2 with the stack when it throws. */
export function runScript(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (err) => {
      process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
      process.exit(2);
    },
  );
}

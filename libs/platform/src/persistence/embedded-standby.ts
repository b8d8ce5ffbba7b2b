import * as fs from 'node:fs';
import { dirname, join } from 'node:path';
import { Client } from 'pg';
import { embeddedRuntime } from './embedded-postgres';

export interface EmbeddedStandby {
  /** URL of `database` on the standby (same credentials as the primary). */
  url(database: string): string;
  port: number;
  dir: string;
  slot: string;
  /** Stops the standby (fast: connections are cut, like a crash to the clients). */
  stop(): Promise<void>;
  /** Starts it again after stop(); it resumes streaming from its slot. */
  start(): Promise<void>;
  /** Stops it, drops its replication slot on the primary and deletes its files. */
  destroy(): Promise<void>;
  /** Process id of the standby's WAL receiver (to freeze it with SIGSTOP, as the fault tests do). */
  walReceiverPid(): Promise<number>;
  /** Process id of the primary's WAL sender that streams to this standby. */
  walSenderPid(): Promise<number>;
  /** Resolves once the standby has replayed everything the primary had flushed when called. */
  caughtUp(timeoutMs?: number): Promise<void>;
}

/** One statement on a short-lived connection. */
async function queryOnce<R>(url: string, sql: string, values: unknown[] = []): Promise<R[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as R[];
  } finally {
    await client.end();
  }
}

/** Files a base backup leaves out (as pg_basebackup does): runtime state, not data. */
const SKIP = new Set(['postmaster.pid', 'postmaster.opts', 'pg_internal.init', 'backup_label', 'tablespace_map', 'standby.signal']);
const EMPTY_DIRS = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_stat_tmp',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_subtrans',
]);

/** Recursive copy of a live data directory: files that vanish meanwhile are skipped (WAL replay covers them). */
function copyLive(from: string, to: string, top: boolean): void {
  fs.mkdirSync(to, { recursive: true, mode: 0o700 });
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(from, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  for (const entry of entries) {
    if (SKIP.has(entry.name) || entry.name.startsWith('pgsql_tmp')) continue;
    const src = join(from, entry.name);
    const dst = join(to, entry.name);
    if (entry.isDirectory()) {
      if (top && EMPTY_DIRS.has(entry.name)) {
        fs.mkdirSync(dst, { mode: 0o700 });
        continue;
      }
      copyLive(src, dst, false);
    } else if (entry.isFile()) {
      try {
        fs.copyFileSync(src, dst);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
  }
}

function chownTree(path: string, uid: number, gid: number): void {
  fs.chownSync(path, uid, gid);
  if (!fs.statSync(path).isDirectory()) return;
  for (const name of fs.readdirSync(path)) chownTree(join(path, name), uid, gid);
}

/**
 * A streaming standby of the embedded PostgreSQL of `dataDir`, built with the same binaries
 * (the embedded package has no pg_basebackup): a physical replication slot keeps the WAL, then a
 * non-exclusive base backup — pg_backup_start(), a file copy of the running cluster,
 * pg_backup_stop() whose label becomes backup_label — and standby.signal with primary_conninfo.
 * `adminUrl` is a superuser URL of the primary (the embedded server's own). Used by the tests and
 * the bench; production replicas are built by the DBA's usual tools.
 */
export async function startEmbeddedStandby(options: {
  dataDir: string;
  adminUrl: string;
  name: string;
  log?: (m: string) => void;
}): Promise<EmbeddedStandby> {
  const log = options.log ?? (() => undefined);
  const rt = embeddedRuntime(options.dataDir, log);
  const slot = options.name.replace(/[^a-z0-9_]/g, '_');
  const dir = join(dirname(rt.cluster), `standby-${slot}`);
  const primary = new URL(options.adminUrl);
  const port = await rt.freePort();

  // A standby left running by a killed run: stop it before its files are replaced.
  if (fs.existsSync(join(dir, 'postmaster.pid')))
    await rt.run(join(rt.bin, 'pg_ctl'), ['stop', '-D', dir, '-m', 'immediate', '-w']).catch(() => undefined);
  const admin = new Client({ connectionString: options.adminUrl });
  await admin.connect();
  try {
    await admin.query(`select pg_drop_replication_slot(slot_name) from pg_replication_slots where slot_name = $1 and not active`, [slot]);
    // Reserved now: the WAL from here on stays until the standby has streamed it.
    await admin.query(`select pg_create_physical_replication_slot($1, true)`, [slot]);
    fs.rmSync(dir, { recursive: true, force: true });
    await admin.query(`select pg_backup_start($1, true)`, [`standby ${slot}`]);
    copyLive(rt.cluster, dir, true);
    const { rows } = await admin.query<{ labelfile: string; spcmapfile: string | null }>(
      `select labelfile, spcmapfile from pg_backup_stop(false)`,
    );
    fs.writeFileSync(join(dir, 'backup_label'), rows[0].labelfile);
    if (rows[0].spcmapfile) fs.writeFileSync(join(dir, 'tablespace_map'), rows[0].spcmapfile);
  } finally {
    await admin.end();
  }
  fs.mkdirSync(join(dir, 'pg_wal', 'archive_status'), { recursive: true });
  fs.writeFileSync(join(dir, 'standby.signal'), '');
  const conninfo = `host=${primary.hostname} port=${primary.port} user=${decodeURIComponent(primary.username)} password=${decodeURIComponent(primary.password)} application_name=${slot}`;
  fs.appendFileSync(
    join(dir, 'postgresql.auto.conf'),
    `\nprimary_conninfo = '${conninfo.replace(/'/g, "''")}'\nprimary_slot_name = '${slot}'\nhot_standby = on\nhot_standby_feedback = on\nwal_receiver_status_interval = 1s\n`,
  );
  fs.chmodSync(dir, 0o700);
  if (rt.user) chownTree(dir, rt.user.uid, rt.user.gid);
  const serverLog = join(dirname(rt.cluster), `standby-${slot}.log`);
  fs.writeFileSync(serverLog, '');
  if (rt.user) fs.chownSync(serverLog, rt.user.uid, rt.user.gid);

  const settings = [
    `-p ${port}`,
    `-c listen_addresses=127.0.0.1`,
    `-c unix_socket_directories=''`,
    `-c max_connections=200`,
    `-c shared_buffers=64MB`,
    `-c fsync=off`,
  ].join(' ');
  const pgCtl = join(rt.bin, 'pg_ctl');
  let running = false;
  const start = async (): Promise<void> => {
    await rt.run(pgCtl, ['start', '-D', dir, '-w', '-t', '120', '-l', serverLog, '-o', settings]);
    running = true;
  };
  const stop = async (): Promise<void> => {
    if (!running) return;
    running = false;
    await rt.run(pgCtl, ['stop', '-D', dir, '-m', 'fast', '-w', '-t', '60']).catch(() => undefined);
  };
  await start();
  log(`Réplica embebida ${slot} en 127.0.0.1:${port} (datos en ${dir}).`);

  const url = (database: string): string => {
    const u = new URL(options.adminUrl);
    u.port = String(port);
    u.pathname = `/${database}`;
    return u.toString();
  };
  const onePid = async (where: string, sql: string, values: unknown[] = []): Promise<number> => {
    const rows = await queryOnce<{ pid: number }>(where, sql, values);
    if (!rows.length) throw new Error(`standby ${slot}: nothing streams (${sql.trim().split('\n')[0]})`);
    return rows[0].pid;
  };
  return {
    url,
    port,
    dir,
    slot,
    stop,
    start,
    walReceiverPid: () => onePid(url('postgres'), `select pid from pg_stat_wal_receiver where status = 'streaming'`),
    walSenderPid: () =>
      onePid(options.adminUrl, `select pid from pg_stat_replication where application_name = $1 and state = 'streaming'`, [slot]),
    caughtUp: async (timeoutMs = 30_000) => {
      const [{ lsn }] = await queryOnce<{ lsn: string }>(options.adminUrl, 'select pg_current_wal_flush_lsn()::text as lsn');
      for (const deadline = Date.now() + timeoutMs; ;) {
        const [row] = await queryOnce<{ done: boolean }>(url('postgres'), 'select pg_last_wal_replay_lsn() >= $1::pg_lsn as done', [lsn]);
        if (row.done) return;
        if (Date.now() > deadline) throw new Error(`standby ${slot} did not replay ${lsn} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    destroy: async () => {
      await stop();
      const client = new Client({ connectionString: options.adminUrl });
      await client.connect().catch(() => undefined);
      await client
        .query(`select pg_drop_replication_slot(slot_name) from pg_replication_slots where slot_name = $1`, [slot])
        .catch(() => undefined);
      await client.end().catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(serverLog, { force: true });
    },
  };
}

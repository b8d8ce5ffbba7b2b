import { Client } from 'pg';
import { type EmbeddedStandby, startEmbeddedStandby } from '@nomina-api/platform/persistence/embedded-standby';
import { runScoped, TEST_DATA_DIR } from './test-database';

/**
 * Real streaming standbys of the test server (libs/platform/src/persistence/embedded-standby.ts)
 * and the faults the replica suites put on them: a frozen WAL receiver (on the standby) or WAL
 * sender (on the primary), with SIGSTOP. Only with the embedded server: a DATABASE_URL server
 * needs replicas of its own.
 */
export const embeddedServer = !process.env.DATABASE_URL;

/** `count` standbys, built one after the other (each copies the running cluster). */
export async function startStandbys(name: string, count: number): Promise<EmbeddedStandby[]> {
  const standbys: EmbeddedStandby[] = [];
  try {
    for (let i = 1; i <= count; i++) {
      standbys.push(
        await startEmbeddedStandby({ dataDir: TEST_DATA_DIR, adminUrl: process.env.TEST_PG_ADMIN_URL!, name: runScoped(`${name}_${i}`) }),
      );
    }
  } catch (err) {
    await Promise.all(standbys.map((s) => s.destroy()));
    throw err;
  }
  return standbys;
}

async function one<R>(url: string, sql: string, values: unknown[] = []): Promise<R[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as R[];
  } finally {
    await client.end();
  }
}

/** The standby's WAL receiver process. */
export async function walReceiverPid(standby: EmbeddedStandby): Promise<number> {
  const rows = await one<{ pid: number }>(standby.url('postgres'), `select pid from pg_stat_wal_receiver where status = 'streaming'`);
  if (!rows.length) throw new Error(`standby ${standby.slot} has no streaming WAL receiver`);
  return rows[0].pid;
}

/** The primary's WAL sender serving the standby (its application_name is the slot's name). */
export async function walSenderPid(standby: EmbeddedStandby): Promise<number> {
  const rows = await one<{ pid: number }>(
    process.env.TEST_PG_ADMIN_URL!,
    `select pid from pg_stat_replication where application_name = $1 and state = 'streaming'`,
    [standby.slot],
  );
  if (!rows.length) throw new Error(`no WAL sender streams to ${standby.slot}`);
  return rows[0].pid;
}

/** Runs fn while the process `pid` is stopped (SIGSTOP); SIGCONT whatever happens. */
export async function whileFrozen<T>(pid: number, fn: () => Promise<T>): Promise<T> {
  process.kill(pid, 'SIGSTOP');
  try {
    return await fn();
  } finally {
    process.kill(pid, 'SIGCONT');
  }
}

/** Polls `probe` every 100 ms until it returns something other than undefined/false. */
export async function waitFor<T>(
  what: string | (() => string),
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Until the standby has replayed everything the primary has flushed now. */
export async function caughtUp(standby: EmbeddedStandby): Promise<void> {
  const [{ lsn }] = await one<{ lsn: string }>(process.env.TEST_PG_ADMIN_URL!, 'select pg_current_wal_flush_lsn()::text as lsn');
  await waitFor(`${standby.slot} to catch up`, async () => {
    const [row] = await one<{ done: boolean }>(standby.url('postgres'), 'select pg_last_wal_replay_lsn() >= $1::pg_lsn as done', [lsn]);
    return row.done;
  });
}

import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Client } from 'pg';
import { hashPassword } from '@nomina-api/platform/auth';
import { DataVersionReader, type EmbeddedStandby, type ReadPools } from '@nomina-api/platform/persistence';
import { ANDINA_ID, ANDINA_USER } from '../scripts/lib/environment';
import { embeddedServer, FAULT_SUPPLIER, renameSupplier, type ReplicaSetup, replicaSetup, waitFor, whileFrozen } from './support/standbys';
import { get, post } from './support/test-app';
import { runScoped } from './support/test-database';

/**
 * Issue #31, breaks 2 and 3 / CONTRACT §10: a replica's freshness is measured against the
 * primary, never taken from the replica's word. Two real streaming standbys of the test server;
 * the faults are real: the standby's WAL receiver or the primary's WAL sender stopped with
 * SIGSTOP, replay paused with pg_wal_replay_pause().
 */
jest.setTimeout(180_000);

const DB = 'nomina_test_replica_freshness';
const LAG_MS = 2000;
const PATH = `/proveedor/${FAULT_SUPPLIER}`;

(embeddedServer ? describe : describe.skip)('replica freshness, measured against the primary (e2e)', () => {
  let setup: ReplicaSetup;
  let standbys: EmbeddedStandby[];
  let app: NestFastifyApplication;
  let reads: ReadPools;
  let token: string;
  let primaryDb: Client;

  beforeAll(async () => {
    setup = await replicaSetup(DB, 'nomina_test_fresh', { REPLICA_MAX_LAG_MS: String(LAG_MS) });
    ({ standbys, app, reads, token, primaryDb } = setup);
  });
  afterAll(() => setup?.close());

  const bothUsable = (): Promise<boolean> =>
    waitFor(
      () => `both replicas to be disponible (${JSON.stringify(reads.report())})`,
      () => reads.replicas.every((r) => r.usable),
    );
  const rename = async (name: string): Promise<number> => {
    await renameSupplier(primaryDb, name);
    return performance.now();
  };
  const nameOn = async (standby: EmbeddedStandby): Promise<string> => {
    const client = new Client({ connectionString: standby.url(runScoped(DB)) });
    await client.connect();
    try {
      return (
        await client.query<{ n: string }>(`select razon_social as n from proveedor where tenant_id = $1 and identificacion = $2`, [
          ANDINA_ID,
          FAULT_SUPPLIER,
        ])
      ).rows[0].n;
    } finally {
      await client.end();
    }
  };

  /**
   * With `pid` stopped, a supplier renamed on the primary: every read that starts more than
   * REPLICA_MAX_LAG_MS + 1 s after the commit answers the new name, the stale replica serves
   * nothing from then on, and /health/ready says it lags. Then it comes back by itself.
   */
  async function skippedOnceStale(stale: EmbeddedStandby, pid: number, label: string): Promise<void> {
    await bothUsable();
    const pool = reads.replicas[standbys.indexOf(stale)];
    const marker = `Proveedor ${label} ${Date.now()}`;
    await whileFrozen(pid, async () => {
      const committedAt = await rename(marker);
      const deadline = committedAt + LAG_MS + 1000;
      const late: string[] = [];
      while (performance.now() < deadline + 1500) {
        const startedAt = performance.now();
        const res = await get(app, PATH, token);
        expect(res.status).toBe(200);
        if (startedAt > deadline) late.push(res.json()[0].razonSocial);
      }
      expect(late.length).toBeGreaterThan(5);
      expect(late.filter((name) => name !== marker)).toEqual([]);
      // The fault is real: the standby itself still holds the old name.
      expect(await nameOn(stale)).not.toBe(marker);
      const before = pool.reads;
      for (let i = 0; i < 6; i++) expect((await get(app, '/empleados?size=1', token)).status).toBe(200);
      expect(pool.reads).toBe(before);
      const report = (await get(app, '/health/ready')).json().pools.find((p: { pool: string }) => p.pool === pool.name);
      expect(report).toEqual(expect.objectContaining({ estado: 'retrasada' }));
      expect(report.retrasoMs).toBeGreaterThan(LAG_MS);
    });
    await waitFor(`${pool.name} to come back`, () => pool.usable);
    expect(await nameOn(stale)).toBe(marker);
  }

  it('an idle primary keeps current replicas in use, spread over both', async () => {
    await bothUsable();
    const before = reads.replicas.map((r) => r.reads);
    const until = performance.now() + LAG_MS + 1000;
    while (performance.now() < until) {
      expect((await get(app, PATH, token)).status).toBe(200);
      expect(reads.report().map((p) => p.estado)).toEqual(['principal', 'disponible', 'disponible']);
    }
    const served = reads.replicas.map((r, i) => r.reads - before[i]);
    expect(Math.min(...served)).toBeGreaterThan(0.3 * (served[0] + served[1]));
  });

  it("the standby's WAL receiver frozen (SIGSTOP): skipped within REPLICA_MAX_LAG_MS + 1 s, never reported current", async () => {
    await bothUsable();
    await skippedOnceStale(standbys[0], await standbys[0].walReceiverPid(), 'receptor');
  });

  it("the primary's WAL sender frozen (SIGSTOP): skipped within REPLICA_MAX_LAG_MS + 1 s", async () => {
    await bothUsable();
    await skippedOnceStale(standbys[1], await standbys[1].walSenderPid(), 'emisor');
  });

  it('a password changed on the primary while both standbys receive nothing: the old one is refused at once (login reads the primary)', async () => {
    await bothUsable();
    const pids = await Promise.all(standbys.map((s) => s.walReceiverPid()));
    const [oldHash] = (
      await primaryDb.query<{ h: string }>(`select password_hash as h from usuario where tenant_id = $1 and lower(email) = $2`, [
        ANDINA_ID,
        ANDINA_USER.email,
      ])
    ).rows.map((r) => r.h);
    const changed = 'Otra#Clave2026';
    try {
      await whileFrozen(pids[0], () =>
        whileFrozen(pids[1], async () => {
          await primaryDb.query(`update usuario set password_hash = $3 where tenant_id = $1 and lower(email) = $2`, [
            ANDINA_ID,
            ANDINA_USER.email,
            await hashPassword(changed),
          ]);
          const old = await post(app, '/login', ANDINA_USER);
          expect(old.status).toBe(401);
          const fresh = await post(app, '/login', { email: ANDINA_USER.email, password: changed });
          expect(fresh.status).toBe(200);
          expect((await get(app, '/empleados?size=1', fresh.json().tokenCurrent)).status).toBe(200);
          // Both standbys still hold the old password: the fault is real.
          for (const s of standbys) {
            const c = new Client({ connectionString: s.url(runScoped(DB)) });
            await c.connect();
            const { rows } = await c.query(`select password_hash as h from usuario where tenant_id = $1 and lower(email) = $2`, [
              ANDINA_ID,
              ANDINA_USER.email,
            ]);
            await c.end();
            expect(rows[0].h).toBe(oldHash);
          }
        }),
      );
    } finally {
      await primaryDb.query(`update usuario set password_hash = $3 where tenant_id = $1 and lower(email) = $2`, [
        ANDINA_ID,
        ANDINA_USER.email,
        oldHash,
      ]);
    }
  });

  it('two replicas, one paused: the ETag never names newer data than its body, and no 304 pins the old body after catch-up', async () => {
    await bothUsable();
    // Every request reads the data version again, as right after the cache's expiry or on a fleet of instances.
    Object.assign(app.get(DataVersionReader), { ttlMs: 0 });
    const [paused] = standbys;
    const pausedDb = new Client({ connectionString: paused.url(runScoped(DB)) });
    await pausedDb.connect();
    const marker = `Proveedor pausa ${Date.now()}`;
    const seen = new Map<string, Set<string>>();
    try {
      await pausedDb.query('select pg_wal_replay_pause()');
      await waitFor(
        'replay to pause',
        async () => (await pausedDb.query(`select pg_get_wal_replay_pause_state() = 'paused' as p`)).rows[0].p,
      );
      await renameSupplier(primaryDb, marker, { bumpDataVersion: true });
      const until = performance.now() + LAG_MS + 500;
      while (performance.now() < until) {
        const res = await get(app, PATH, token);
        expect(res.status).toBe(200);
        const etag = String(res.headers.etag);
        if (!seen.has(etag)) seen.set(etag, new Set());
        seen.get(etag)!.add(res.json()[0].razonSocial);
      }
    } finally {
      await pausedDb.query('select pg_wal_replay_resume()').catch(() => undefined);
      await pausedDb.end();
    }
    const names = new Set([...seen.values()].flatMap((s) => [...s]));
    // The paused replica did serve the old name meanwhile, and the others the new one: the case is real.
    expect([names.size, names.has(marker)]).toEqual([2, true]);
    const withOldBody = [...seen].filter(([, bodies]) => [...bodies].some((name) => name !== marker)).map(([etag]) => etag);

    await paused.caughtUp();
    await bothUsable();
    const current = await get(app, PATH, token);
    expect(current.json()[0].razonSocial).toBe(marker);
    const etag = String(current.headers.etag);
    // The new data's ETag never labelled the old body (an older ETag on a newer body is harmless: it just misses).
    expect(withOldBody).not.toContain(etag);
    expect((await get(app, PATH, token, { 'if-none-match': etag })).status).toBe(304);
    for (const old of withOldBody) {
      // A client holding the old body gets the new one, never a 304 that pins the old.
      const res = await get(app, PATH, token, { 'if-none-match': old });
      expect([old, res.status, res.json()[0].razonSocial]).toEqual([old, 200, marker]);
    }
  });
});

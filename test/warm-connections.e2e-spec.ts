import { MikroORM } from '@mikro-orm/core';
import type { PostgreSqlConnection } from '@mikro-orm/postgresql';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Client } from 'pg';
import { SqlReader, WARM_IDLE_MS, warmConnections } from '@nomina-api/platform/persistence';
import { createTestApp, get, login } from './support/test-app';

const ANA = { email: 'ana.gomez@andina.example.co', password: 'a9jJ8y8Tcb#12' };
const PAGO = 'EDB3A93CC8BC4BE2A4C5B8ABB2A86588';
/** The advisory lock the two overlapping reads wait on. */
const GATE = 7_311_001;

interface Tarn {
  numUsed(): number;
  numFree(): number;
}

/**
 * SqlReader keeps the connections of its last reads warm in front of knex's pool
 * (libs/platform/src/persistence/warm-connections.ts). On a real database, with a pool of two:
 * the warm ones are reported idle, another user of the pool (here MikroORM's own EntityManager, as
 * a host application would use it) gets one at once, and the app closes without waiting for them.
 */
describe('warm connections (e2e)', () => {
  let app: NestFastifyApplication;
  let token: string;
  /** A connection of the test's own, outside the app's pool: it holds the gate. */
  let gate: Client;
  const pool = (): Tarn => ((app.get(MikroORM).em.getConnection() as PostgreSqlConnection).getKnex().client as { pool: Tarn }).pool;

  beforeAll(async () => {
    // A wait for a connection fails after 700 ms, before the warm ones' idle return (WARM_IDLE_MS): a
    // connection held back from the pool shows up as a timeout.
    app = await createTestApp({ DB_POOL_MAX: '2', DB_CONNECT_TIMEOUT_MS: '700' });
    token = await login(app, ANA.email, ANA.password);
    gate = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await gate.connect();
  });
  afterAll(async () => {
    await app?.close();
    await gate?.end();
  });

  /**
   * Two reads that overlap leave both connections of the pool with SqlReader, warm. They overlap by
   * a barrier, not by timing: each waits on an advisory lock the test holds until both are waiting
   * (two short sleeps did not overlap on a loaded CI machine, where opening the pool's second
   * connection took longer than the first read).
   */
  async function fillWarm(): Promise<void> {
    const sql = app.get(SqlReader);
    await gate.query('select pg_advisory_lock($1)', [GATE]);
    let reads: Promise<unknown> | undefined;
    try {
      reads = Promise.all([0, 1].map(() => sql.query('select pg_advisory_xact_lock_shared($1)', [GATE])));
      // Awaited below; a read that fails while the gate is polled must not be an unhandled rejection meanwhile.
      reads.catch(() => undefined);
      for (const until = Date.now() + 10_000; ;) {
        const { rows } = await gate.query<{ n: number }>(
          `select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = $1 and objsubid = 1 and not granted`,
          [GATE],
        );
        if (rows[0].n === 2) break;
        if (Date.now() > until) throw new Error(`${rows[0].n} of the 2 reads reached the gate in 10 s`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    } finally {
      await gate.query('select pg_advisory_unlock($1)', [GATE]);
    }
    await reads;
    expect(warmConnections(pool())).toBe(2);
    expect(pool().numFree()).toBe(0);
  }

  it('counts the warm connections as idle in /metrics and /health/ready', async () => {
    await fillWarm();
    expect(pool().numUsed()).toBe(2); // checked out of the pool...
    const metrics = await get(app, '/metrics');
    expect(metrics.body).toMatch(/^db_pool_connections\{state="used"\} 0$/m); // ...but idle: the scrape itself is served warm too
    const ready = (await get(app, '/health/ready')).json<{ pools?: { conexiones: { usadas: number; libres: number } }[] }>();
    if (ready.pools) expect(ready.pools[0].conexiones.usadas).toBe(0);
  });

  it("another user of the pool gets a connection at once, not after the warm ones' idle time", async () => {
    await fillWarm();
    const started = Date.now();
    const rows = await (app.get(MikroORM).em.getConnection() as PostgreSqlConnection).execute<{ one: number }[]>('select 1 as one');
    expect(rows).toEqual([{ one: 1 }]);
    expect(Date.now() - started).toBeLessThan(700);
    // And SqlReader still reads with the other one, twice in a row.
    for (let i = 0; i < 2; i++) expect((await get(app, `/pagoEmpleadoDetalles/detallePago/${PAGO}`, token)).status).toBe(200);
  });

  it('returns them to the pool once idle, and close() does not wait for them', async () => {
    await fillWarm();
    await new Promise((resolve) => setTimeout(resolve, WARM_IDLE_MS + 300));
    expect(warmConnections(pool())).toBe(0);
    expect(pool().numUsed()).toBe(0);
    await fillWarm();
    const started = Date.now();
    await app.close();
    // Without SqlReader's beforeApplicationShutdown the pool's destroy waits for the idle expiry (≈ WARM_IDLE_MS).
    expect(Date.now() - started).toBeLessThan(WARM_IDLE_MS / 2);
    app = undefined as unknown as NestFastifyApplication;
  });
});

import Fastify from 'fastify';
import type { MikroORM } from '@mikro-orm/core';
import { DataVersionReader } from '../conditional/data-version';
import { trackRequestContext } from '../logging/request-context';
import type { ReadPools, ReplicaPool } from './read-pools';
import { type PgClient, type Route, SqlReader } from './sql-reader';

/** Two fake replicas behind a round-robin pick; each client answers with the name of the pool it came from. */
function setup(failOn?: string) {
  const replicas = ['replica-1', 'replica-2'].map(
    (name) => ({ name, usable: true, reads: 0 }) as unknown as ReplicaPool & { usable: boolean },
  );
  let next = 0;
  const reads = {
    replicas,
    primaryReads: 0,
    pick: () => {
      for (let i = 0; i < replicas.length; i++) {
        const r = replicas[(next + i) % replicas.length];
        if (r.usable) {
          next = (next + i + 1) % replicas.length;
          return r;
        }
      }
      return undefined;
    },
    failed: (r: ReplicaPool & { usable: boolean }) => (r.usable = false),
  } as unknown as ReadPools;
  class Reader extends SqlReader {
    protected override acquire(route: Route = 'primary'): Promise<PgClient> {
      const name = typeof route === 'object' ? route.name : 'primaria';
      return Promise.resolve({
        query: async () => {
          if (name === failOn) throw Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01' });
          return { rows: [{ version: name, pool: name }], rowCount: 1 };
        },
      } as unknown as PgClient);
    }

    protected override release(): void {}
  }
  const sql = new Reader(undefined as unknown as MikroORM, reads);
  return { sql, replicas, versions: new DataVersionReader(sql, 2000) };
}

/** A Fastify app whose route reads the data version, then three times, and says where each came from. */
async function serve(sql: SqlReader, versions: DataVersionReader, between?: () => void) {
  const app = Fastify();
  trackRequestContext(app);
  app.get('/', async () => {
    const version = await versions.version('t');
    between?.();
    const served: string[] = [];
    for (let i = 0; i < 3; i++) served.push((await sql.query<{ pool: string }>('select 1'))[0].pool);
    return { version, served };
  });
  return app;
}

describe('SqlReader: one request, one server (CONTRACT §10)', () => {
  it('every read of a request, the data version included, comes from the pool its first read picked; requests spread', async () => {
    const { sql, versions } = setup();
    const app = await serve(sql, versions);
    try {
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push((await app.inject({ method: 'GET', url: '/' })).json());
      for (const a of answers) expect(a.served).toEqual([a.version, a.version, a.version]);
      expect(answers.map((a) => a.version)).toEqual(['replica-1', 'replica-2', 'replica-1', 'replica-2']);
    } finally {
      await app.close();
    }
  });

  it('moves only to the primary: when its replica stops being usable mid-request, or fails', async () => {
    const stale = setup();
    const app = await serve(stale.sql, stale.versions, () => (stale.replicas[0].usable = false));
    try {
      const res = (await app.inject({ method: 'GET', url: '/' })).json();
      expect(res).toEqual({ version: 'replica-1', served: ['primaria', 'primaria', 'primaria'] });
    } finally {
      await app.close();
    }
    // The version lookup fails on its replica: read on the primary, and the body follows it there.
    const failing = setup('replica-1');
    const app2 = await serve(failing.sql, failing.versions);
    try {
      expect((await app2.inject({ method: 'GET', url: '/' })).json()).toEqual({
        version: 'primaria',
        served: ['primaria', 'primaria', 'primaria'],
      });
    } finally {
      await app2.close();
    }
  });

  it("keeps data versions per pool: a replica's cached version never labels another pool's body", async () => {
    const { sql, versions } = setup();
    const app = await serve(sql, versions);
    try {
      // Both pools' versions cached; each request still gets its own pool's.
      for (let i = 0; i < 6; i++) {
        const a = (await app.inject({ method: 'GET', url: '/' })).json();
        expect(a.served[0]).toBe(a.version);
      }
    } finally {
      await app.close();
    }
  });
});

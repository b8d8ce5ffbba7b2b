import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { bumpDataVersion, DataVersionReader, type Sql, type SqlReader } from '@nomina-api/platform/persistence';

/**
 * The per-tenant data version on a real PostgreSQL (the e2e database, migrated by the global
 * setup). Tenant ids are random and absent from the dataset, so parallel suites are unaffected.
 */
describe('tenant data version', () => {
  let client: Client;
  let other: Client;

  beforeAll(async () => {
    client = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    other = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    await other.connect();
  });

  afterAll(async () => {
    await client.end();
    await other.end();
  });

  const reader = (ttlMs: number): { reader: DataVersionReader; lookups: () => number } => {
    let lookups = 0;
    const sql = {
      query: async (sql: Sql, values: unknown[]) => {
        lookups++;
        return (await other.query(typeof sql === 'string' ? sql : sql.text, values)).rows;
      },
      readPoolName: () => 'primaria',
      pinPrimary: () => undefined,
    } as unknown as SqlReader;
    return { reader: new DataVersionReader(sql, ttlMs), lookups: () => lookups };
  };

  it('a tenant never written has version 0; a bump gives a new one', async () => {
    const tenant = randomUUID();
    const { reader: r } = reader(0);
    expect(await r.version(tenant)).toBe('0');
    const v = await bumpDataVersion(client, tenant);
    expect(v).not.toBe('0');
    expect(await r.version(tenant)).toBe(v);
  });

  it('the bump is seen with the transaction that made it: not before its commit, not after a rollback', async () => {
    const tenant = randomUUID();
    const { reader: r } = reader(0);
    const first = await bumpDataVersion(client, tenant);

    await client.query('begin');
    const inside = await bumpDataVersion(client, tenant);
    expect(await r.version(tenant)).toBe(first);
    await client.query('rollback');
    expect(await r.version(tenant)).toBe(first);

    await client.query('begin');
    const committed = await bumpDataVersion(client, tenant);
    await client.query('commit');
    expect(await r.version(tenant)).toBe(committed);
    // Never reused: not even the rolled-back value comes back.
    expect(new Set([first, inside, committed]).size).toBe(3);
  });

  it('versions are never reused, even for a tenant deleted and written again', async () => {
    const tenant = randomUUID();
    const before = await bumpDataVersion(client, tenant);
    await client.query('delete from tenant_data_version where tenant_id = $1', [tenant]);
    const after = await bumpDataVersion(client, tenant);
    expect(BigInt(after)).toBeGreaterThan(BigInt(before));
  });

  it('the reader keeps a version for its cache time; concurrent misses share one lookup; invalidate drops it', async () => {
    const tenant = randomUUID();
    const { reader: r, lookups } = reader(60_000);
    const [a, b] = await Promise.all([r.version(tenant), r.version(tenant)]);
    expect(a).toBe('0');
    expect(b).toBe('0');
    expect(lookups()).toBe(1);
    const bumped = await bumpDataVersion(client, tenant);
    // A fresh entry is answered synchronously (no promise, no query).
    expect(r.version(tenant)).toBe('0');
    expect(lookups()).toBe(1);
    r.invalidate(tenant);
    expect(await r.version(tenant)).toBe(bumped);
    expect(lookups()).toBe(2);
  });

  it('the cache time is capped at 5 s, so instances agree within seconds', async () => {
    const tenant = randomUUID();
    const { reader: r } = reader(60_000);
    const now = jest.spyOn(Date, 'now');
    try {
      now.mockReturnValue(1_000_000);
      expect(await r.version(tenant)).toBe('0');
      const bumped = await bumpDataVersion(client, tenant);
      now.mockReturnValue(1_000_000 + 4_900);
      expect(await r.version(tenant)).toBe('0');
      now.mockReturnValue(1_000_000 + 5_001);
      expect(await r.version(tenant)).toBe(bumped);
    } finally {
      now.mockRestore();
    }
  });
});

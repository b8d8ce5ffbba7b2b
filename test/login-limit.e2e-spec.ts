import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Client } from 'pg';
import { ANDINA_USER, exampleDataset, PACIFICO_USER } from '../scripts/lib/environment';
import { createTestApp } from './support/test-app';
import { dropDatabase, seedDatabase } from './support/test-database';

/**
 * Issue #14: the login limits live in PostgreSQL and are reserved before the password check, so
 * a burst of simultaneous attempts never checks more passwords than LOGIN_RATE_LIMIT allows, even
 * spread over several instances. Two apps on one database stand for two instances here
 * (test/scale-out.e2e-spec.ts does it with two processes).
 */
jest.setTimeout(120_000);

const DB = 'nomina_test_login_limit';

describe('login limits shared by every instance (e2e)', () => {
  let url: string;
  let a: NestFastifyApplication;
  let b: NestFastifyApplication;
  beforeAll(async () => {
    url = await seedDatabase(DB, [exampleDataset()]);
    a = await createTestApp({ LOGIN_RATE_LIMIT: '10', LOGIN_RATE_WINDOW_S: '300' }, url);
    b = await createTestApp({ LOGIN_RATE_LIMIT: '10', LOGIN_RATE_WINDOW_S: '300' }, url);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    if (process.env.TEST_PG_ADMIN_URL) await dropDatabase(process.env.TEST_PG_ADMIN_URL, DB);
  });

  const attempt = (app: NestFastifyApplication, password: string, ip: string) =>
    app.inject({ method: 'POST', url: '/login', payload: { email: ANDINA_USER.email, password }, remoteAddress: ip });

  it('49 wrong passwords and the right one at once, from one address over two instances: at most 10 password checks', async () => {
    const passwords = [...Array.from({ length: 49 }, (_, i) => `incorrecta-${i}`), ANDINA_USER.password];
    const answers = await Promise.all(passwords.map((p, i) => attempt(i % 2 ? b : a, p, '10.14.0.1')));
    const count = (status: number): number => answers.filter((r) => r.statusCode === status).length;
    // Every 401 and 200 is one password check; a 429 never reaches it.
    expect(count(401) + count(200)).toBeLessThanOrEqual(10);
    expect(count(401) + count(200)).toBeGreaterThan(0);
    expect(count(429)).toBe(50 - count(401) - count(200));
    expect(answers.every((r) => [200, 401, 429].includes(r.statusCode))).toBe(true);
    const refused = answers.find((r) => r.statusCode === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(300);
  });

  /** Empties the limits' table: each case starts with fresh budgets. */
  async function clearLimits(): Promise<void> {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`delete from login_limit`);
    } finally {
      await client.end();
    }
  }

  it('the right password checked first in a burst frees nothing while the rest of the burst is in flight: at most 10 checks in all', async () => {
    await clearLimits();
    // The right password first, then nine wrong ones: the budget of 10 is reserved at once, and
    // the password checks queue in libuv's pool, so the right one is settled while most others
    // are still in flight; the next wave arrives at that moment.
    const first = [ANDINA_USER.password, ...Array.from({ length: 9 }, (_, i) => `incorrecta-a${i}`)].map((p, i) =>
      attempt(i % 2 ? b : a, p, '10.14.3.1'),
    );
    expect((await first[0]).statusCode).toBe(200);
    const second = Array.from({ length: 40 }, (_, i) => attempt(i % 2 ? b : a, `incorrecta-b${i}`, '10.14.3.1'));
    const answers = await Promise.all([...first, ...second]);
    const checked = answers.filter((r) => r.statusCode === 200 || r.statusCode === 401).length;
    expect(answers.every((r) => [200, 401, 429].includes(r.statusCode))).toBe(true);
    expect(checked).toBeLessThanOrEqual(10);
  });

  it("refused attempts use none of the address's budget: retrying a locked e-mail does not lock out the others behind that address", async () => {
    await clearLimits();
    const ip = '10.14.4.1';
    // Lock Ana's e-mail (10 failures), then 110 more attempts on it: the per-address limit is 100.
    for (let i = 0; i < 10; i++) expect((await attempt(a, 'mal', ip)).statusCode).toBe(401);
    const refused = await Promise.all(Array.from({ length: 110 }, (_, i) => attempt(i % 2 ? b : a, ANDINA_USER.password, ip)));
    expect(refused.map((r) => r.statusCode)).toEqual(refused.map(() => 429));
    // Another user behind the same address still logs in: only the 10 checked attempts counted.
    const marta = await a.inject({ method: 'POST', url: '/login', payload: PACIFICO_USER, remoteAddress: ip });
    expect(marta.statusCode).toBe(200);
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query(`select fallos from login_limit where key = $1`, [`ip:${ip}`]);
      expect(rows).toEqual([{ fallos: 11 }]);
    } finally {
      await client.end();
    }
  });

  it('a success clears the failures for every instance', async () => {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`delete from login_limit`);
      for (let i = 0; i < 9; i++) expect((await attempt(i % 2 ? a : b, 'mal', '10.14.1.1')).statusCode).toBe(401);
      expect((await attempt(a, ANDINA_USER.password, '10.14.1.2')).statusCode).toBe(200);
      const { rows } = await client.query(`select fallos, pendientes from login_limit where key = $1`, [`correo:${ANDINA_USER.email}`]);
      expect(rows).toEqual([{ fallos: 0, pendientes: 0 }]);
      for (let i = 0; i < 10; i++) expect((await attempt(b, 'mal', '10.14.1.3')).statusCode).toBe(401);
      expect((await attempt(a, ANDINA_USER.password, '10.14.1.3')).statusCode).toBe(429);
    } finally {
      await client.end();
    }
  });

  it('an instance deletes the expired windows (at its first attempt, then at most once a minute)', async () => {
    const client = new Client({ connectionString: url });
    await client.connect();
    const fresh = await createTestApp({ LOGIN_RATE_LIMIT: '10', LOGIN_RATE_WINDOW_S: '300' }, url);
    try {
      await client.query(
        `insert into login_limit (key, window_start, fallos) values ('ip:10.14.9.9', now() - interval '301 seconds', 100), ('ip:10.14.9.8', now() - interval '10 seconds', 1)`,
      );
      // Refused or not (the e-mail is over its limit after the test above), an attempt triggers the sweep.
      expect([401, 429]).toContain((await attempt(fresh, 'mal', '10.14.2.1')).statusCode);
      const keys = async (): Promise<string[]> =>
        (await client.query(`select key from login_limit where key like 'ip:10.14.9.%' order by key`)).rows.map((r) => r.key);
      for (let i = 0; i < 100 && (await keys()).length > 1; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await keys()).toEqual(['ip:10.14.9.8']);
    } finally {
      await fresh.close();
      await client.end();
    }
  });
});

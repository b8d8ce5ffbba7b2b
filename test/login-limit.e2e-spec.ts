import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Client } from 'pg';
import { ANDINA_USER, exampleDataset } from '../scripts/lib/environment';
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

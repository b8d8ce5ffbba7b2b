import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { sign } from 'jsonwebtoken';
import { Client } from 'pg';
import type { Dataset } from '@nomina-api/importer/dataset.types';
import { createTestApp, expectProblem, get } from './support/test-app';
import { dropDatabase, seedDatabase } from './support/test-database';

/**
 * Two apps in one process, each with its own database and JWT secret. Passport's process-wide
 * 'jwt' strategy used to be the last app's: it verified every app's tokens with its own secret and
 * users, and failed them all once that app closed.
 */
const ANDINA = '0ee9a9bb-2b87-43f0-82f5-d431917734f8';
const ANA = 'd1999f37-15c4-4b46-b9a9-406b67f936c5';
const SEDE_NORTE = '3a2b51cd-ba4b-4dc8-8437-d3cfa4b48f6f';
const SECRET_A = 'secret-of-app-a-secret-of-app-a-0123456789';
const SECRET_B = 'secret-of-app-b-secret-of-app-b-0123456789';
const ROUTE = '/empleados';
const DB_B = 'nomina_test_two_apps';

function tokenFor(secret: string): string {
  return sign({ tid: ANDINA, bid: SEDE_NORTE }, secret, {
    subject: ANA,
    issuer: 'nomina-read-api',
    audience: 'nomina-read-api',
    expiresIn: 600,
  });
}

describe('two apps in one process authenticate each against its own keys and database (e2e)', () => {
  let a: NestFastifyApplication;
  let b: NestFastifyApplication | undefined;

  beforeAll(async () => {
    const dataset = JSON.parse(readFileSync(join(__dirname, 'fixtures', 'example-dataset.json'), 'utf8')) as Dataset;
    const urlB = await seedDatabase(DB_B, [dataset]);
    // Only B's database says Ana is inactive.
    const client = new Client({ connectionString: urlB });
    await client.connect();
    await client.query('update usuario set activo = false where tenant_id = $1 and id = $2', [ANDINA, ANA]);
    await client.end();
    a = await createTestApp({ JWT_SECRET: SECRET_A });
    b = await createTestApp({ JWT_SECRET: SECRET_B }, urlB);
  });
  afterAll(async () => {
    await b?.close();
    await a.close();
    await dropDatabase(process.env.TEST_PG_ADMIN_URL!, DB_B);
  });

  it('the app created first verifies with its own secret and reads its own users', async () => {
    expect((await get(a, ROUTE, tokenFor(SECRET_A))).status).toBe(200);
    expectProblem(await get(a, ROUTE, tokenFor(SECRET_B)), 401, 'UNAUTHENTICATED');
  });

  it('the app created last does too', async () => {
    expectProblem(await get(b!, ROUTE, tokenFor(SECRET_A)), 401, 'UNAUTHENTICATED');
    expect(expectProblem(await get(b!, ROUTE, tokenFor(SECRET_B)), 401, 'USER_INACTIVE').detail).toBe('Usuario inactivo');
  });

  it('closing the last app leaves the first one authenticating', async () => {
    await b!.close();
    b = undefined;
    expect((await get(a, ROUTE, tokenFor(SECRET_A))).status).toBe(200);
  });
});

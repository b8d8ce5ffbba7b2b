import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { decode, sign } from 'jsonwebtoken';
import { load } from 'js-yaml';
import { PrincipalDirectory } from '@nomina-api/platform/tenancy';
import { createTestApp, expectProblem, get, login, post, TEST_JWT_SECRET } from './support/test-app';

const ANA = { email: 'ana.gomez@andina.example.co', password: 'a9jJ8y8Tcb#12' };
const ANDINA = '0ee9a9bb-2b87-43f0-82f5-d431917734f8';
const SEDE_NORTE = '3A2B51CDBA4B4DC88437D3CFA4B48F6F';
const SEDE_SUR = 'B8DD5E62CB944B93AA5B04013B5646C1';

describe('platform (e2e)', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it("the identity directory reports the user's role, handed on in the request's principal", async () => {
    const directory = app.get(PrincipalDirectory);
    expect(await directory.status(ANDINA, 'd1999f37-15c4-4b46-b9a9-406b67f936c5')).toMatchObject({ userActive: true, role: 'ADMIN' });
  });

  describe('POST /login', () => {
    it('returns the contract body with a token bound to the first business', async () => {
      const res = await post(app, '/login', ANA);
      expect(res.status).toBe(200);
      const body = res.json();
      expect(body).toEqual({
        tokenCurrent: expect.any(String),
        _id: 'D1999F3715C44B46B9A9406B67F936C5',
        business: SEDE_NORTE,
        name: 'Ana',
        lastName: 'Gómez Pérez',
        email: 'ana.gomez@andina.example.co',
        role: 'ADMIN',
        isActive: true,
        businesses: [
          { _id: SEDE_NORTE, name: 'Sede Norte', premium: true },
          { _id: 'B8DD5E62CB944B93AA5B04013B5646C1', name: 'Sede Sur', premium: false },
        ],
      });
      const claims = decode(body.tokenCurrent, { complete: true })!;
      expect(claims.header.alg).toBe('HS256');
      expect(claims.payload).toEqual(
        expect.objectContaining({
          sub: 'd1999f37-15c4-4b46-b9a9-406b67f936c5',
          tid: ANDINA,
          bid: '3a2b51cd-ba4b-4dc8-8437-d3cfa4b48f6f',
          iss: 'nomina-read-api',
          aud: 'nomina-read-api',
          exp: expect.any(Number),
          iat: expect.any(Number),
        }),
      );
      const { exp, iat } = claims.payload as { exp: number; iat: number };
      expect(exp - iat).toBe(12 * 3600);
    });

    it('compares the e-mail case-insensitively and binds the requested business in any uuid spelling', async () => {
      const res = await post(app, '/login', {
        email: '  ANA.Gomez@Andina.Example.CO ',
        password: ANA.password,
        business: 'b8dd5e62-cb94-4b93-aa5b-04013b5646c1',
      });
      expect(res.status).toBe(200);
      expect(res.json().business).toBe('B8DD5E62CB944B93AA5B04013B5646C1');
      expect((decode(res.json().tokenCurrent) as { bid: string }).bid).toBe('b8dd5e62-cb94-4b93-aa5b-04013b5646c1');
    });

    it('answers the same 401 for an unknown e-mail and a wrong password', async () => {
      const unknown = expectProblem(
        await post(app, '/login', { email: 'nadie@example.co', password: 'whatever123' }),
        401,
        'INVALID_CREDENTIALS',
      );
      const wrong = expectProblem(await post(app, '/login', { email: ANA.email, password: 'wrong-password' }), 401, 'INVALID_CREDENTIALS');
      expect(unknown.detail).toBe('Correo o contraseña incorrectos.');
      expect(wrong).toEqual(unknown);
    });

    it('rejects an inactive user, then an inactive tenant, in that order', async () => {
      expect(
        expectProblem(await post(app, '/login', { email: 'pedro.ramirez@andina.example.co', password: 'vQBSR2qG3s%89' }), 401).detail,
      ).toBe('Usuario inactivo');
      expect(
        expectProblem(await post(app, '/login', { email: 'ivan.cortes@inactiva.example.co', password: 'T6uBbhZqgN#79' }), 401).detail,
      ).toBe('Tenant no existe o está inactivo');
      // Wrong password on an inactive user is still "wrong credentials": nothing is revealed first.
      expect(expectProblem(await post(app, '/login', { email: 'pedro.ramirez@andina.example.co', password: 'nope-nope' }), 401).code).toBe(
        'INVALID_CREDENTIALS',
      );
    });

    it("403 for a business that is not the user's (also another tenant's)", async () => {
      expectProblem(await post(app, '/login', { ...ANA, business: 'e3a021f0-bd8c-4948-a428-d0c5ea79dba1' }), 403, 'BUSINESS_FORBIDDEN');
      expectProblem(await post(app, '/login', { ...ANA, business: '39658e74ecd34e9597a772017b129a74' }), 403, 'BUSINESS_FORBIDDEN');
    });

    it('400 with one entry per invalid field', async () => {
      const body = expectProblem(await post(app, '/login', { email: 5, business: 'x' }), 400, 'VALIDATION');
      expect(body.errors).toEqual([
        { field: 'email', message: expect.stringMatching(/texto/) },
        { field: 'password', message: expect.stringMatching(/obligatoria/) },
        { field: 'business', message: expect.stringMatching(/uuid/) },
      ]);
    });

    it('400 for a body that is not JSON', async () => {
      const res = await app.inject({ method: 'POST', url: '/login', payload: '{bad', headers: { 'content-type': 'application/json' } });
      const body = expectProblem({ status: res.statusCode, headers: res.headers, body: res.body, json: () => JSON.parse(res.body) }, 400);
      expect(body.detail).toMatch(/JSON/);
    });

    it('never stores a clear-text password', async () => {
      const { Client } = await import('pg');
      const client = new Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      const { rows } = await client.query(`select password_hash from usuario where email = $1`, [ANA.email]);
      await client.end();
      expect(rows[0].password_hash).toMatch(/^scrypt\$/);
      expect(rows[0].password_hash).not.toContain(ANA.password);
    });
  });

  describe('errors', () => {
    it('unknown routes are 404 problem+json', async () => {
      const body = expectProblem(await get(app, '/no-such-route?x=1'), 404, 'ROUTE_NOT_FOUND');
      expect(body.instance).toBe('/no-such-route');
    });

    it('echoes a sane X-Request-Id and makes one otherwise', async () => {
      expect((await get(app, '/health/live', undefined, { 'x-request-id': 'abc-123' })).headers['x-request-id']).toBe('abc-123');
      expect((await get(app, '/health/live', undefined, { 'x-request-id': 'bad id with spaces' })).headers['x-request-id']).toMatch(
        /^[0-9a-f-]{36}$/,
      );
    });
  });

  describe('health and docs', () => {
    it('live and ready', async () => {
      expect((await get(app, '/health/live')).json()).toEqual({ status: 'ok' });
      const ready = await get(app, '/health/ready');
      expect(ready.status).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready', migrations: expect.any(Number) });
    });

    it('serves Swagger UI and the OpenAPI document with bearer auth', async () => {
      expect((await get(app, '/docs')).status).toBe(200);
      const doc = (await get(app, '/docs-json')).json();
      expect(doc.openapi).toMatch(/^3\./);
      expect(doc.components.securitySchemes.bearer).toEqual(expect.objectContaining({ type: 'http', scheme: 'bearer' }));
      expect(doc.paths['/login'].post.responses).toEqual(
        expect.objectContaining({ '200': expect.anything(), '400': expect.anything(), '401': expect.anything() }),
      );
    });
  });

  describe('tokens', () => {
    it('a valid token is accepted by the authentication guard', async () => {
      const token = await login(app, ANA.email, ANA.password);
      expect(token.split('.')).toHaveLength(3);
    });

    it('tokens are signed with the pinned algorithm and secret', () => {
      const token = sign({ tid: ANDINA, bid: SEDE_SUR }, TEST_JWT_SECRET, {
        algorithm: 'HS256',
        expiresIn: 60,
        issuer: 'nomina-read-api',
        audience: 'nomina-read-api',
        subject: 'x',
      });
      expect(decode(token, { complete: true })!.header.alg).toBe('HS256');
    });
  });
});

describe('docker-compose.yml', () => {
  it('is valid YAML with the app, PostgreSQL 16 with a healthcheck and a volume, matching the README', () => {
    const root = join(__dirname, '..');
    const compose = load(readFileSync(join(root, 'docker-compose.yml'), 'utf8')) as any;
    expect(compose.services.db.image).toMatch(/^postgres:16/);
    expect(compose.services.db.healthcheck.test.join(' ')).toMatch(/pg_isready/);
    expect(compose.services.db.volumes[0]).toMatch(/^pgdata:/);
    expect(Object.keys(compose.volumes)).toContain('pgdata');
    expect(compose.services.api.depends_on.db.condition).toBe('service_healthy');
    expect(compose.services.api.environment.DATABASE_URL).toMatch(/^postgresql:\/\/.+@db:5432\//);
    expect(compose.services.api.healthcheck.test.join(' ')).toMatch(/health\/ready/);
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    for (const name of Object.keys(compose.services.api.environment)) expect(readme).toContain(name);
  });
});

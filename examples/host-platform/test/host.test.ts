import 'reflect-metadata';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { sign } from 'jsonwebtoken';
import { contextConfig, JwtAuthAdapter } from '@nomina-api/platform';
import { HostModule } from '../src/host.module';
import { migrate } from '../src/schema';
import { setupSwagger } from '../src/swagger';

/**
 * The platform with the three contexts, from the installed packages. DATABASE_URL: a database
 * with the contract's example dataset (tools/check-packages.js prepares one).
 */
const ANDINA = '0ee9a9bb-2b87-43f0-82f5-d431917734f8';
const ANA = 'd1999f37-15c4-4b46-b9a9-406b67f936c5';
/** A user of the platform only (src/platform-identities.ts): no row in the contexts' tables. */
const CAMILA = '6a1f3c2e-9b7d-4e21-8f0a-3c5d7e9b1a24';
const SEDE_NORTE = '3a2b51cd-ba4b-4dc8-8437-d3cfa4b48f6f';
const INACTIVE_TENANT = 'bd644c3f-7037-4511-8912-a48f79e8ac14';
const IVAN = 'a7de5b48-e5d8-4b89-83be-19091c52a784';
const IVAN_BUSINESS = 'f5db79b3-b40f-4cc3-9335-d0a401cf03fe';
const asCamila = { 'x-plataforma-usuario': `${ANDINA}:${CAMILA}:${SEDE_NORTE}` };
/** The last call of docs/EMBEDDING.md's walkthrough, character for character (its curl is checked against these). */
const WALKTHROUGH = {
  path: '/plataforma/nomina/pagos?params%5Bestados%5D=PG&size=1',
  header:
    'x-plataforma-usuario: 0ee9a9bb-2b87-43f0-82f5-d431917734f8:6a1f3c2e-9b7d-4e21-8f0a-3c5d7e9b1a24:3a2b51cd-ba4b-4dc8-8437-d3cfa4b48f6f',
};

describe('the platform with payroll, reports and suppliers', () => {
  const databaseUrl = process.env.DATABASE_URL;
  let app: NestFastifyApplication;
  let document: OpenAPIObject;

  before(async () => {
    assert.ok(databaseUrl, 'DATABASE_URL is required');
    await migrate(databaseUrl);
    app = await NestFactory.create<NestFastifyApplication>(HostModule.forRoot(databaseUrl), new FastifyAdapter(), { logger: false });
    document = setupSwagger(app);
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });
  after(async () => {
    await app?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.getHttpAdapter().getInstance().inject({ method: 'GET', url, headers });

  it('has nothing left to migrate once migrated', async () => {
    assert.deepEqual(await migrate(databaseUrl!), []);
  });

  it('serves payroll under its prefix', async () => {
    const res = await get('/plataforma/nomina/pagos?params[estados]=PG', asCamila);
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.deepEqual(Object.keys(body), ['contenido', 'error', 'advertencia', 'metadata', 'total']);
    assert.ok(body.contenido.length > 0);
  });

  it("answers the walkthrough's call over a real socket: 200 with one payment", async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.getHttpServer().address() as { port: number };
    const [name, value] = WALKTHROUGH.header.split(': ');
    const res = await fetch(`http://127.0.0.1:${port}${WALKTHROUGH.path}`, { headers: { [name]: value } });
    assert.equal(res.status, 200);
    const body = (await res.json()) as { contenido: { estado: string }[]; total: number };
    assert.equal(body.contenido.length, 1);
    assert.equal(body.contenido[0].estado, 'PG');
    assert.ok(body.total > 1);
  });

  it('serves reports and suppliers, validating their parameters', async () => {
    const report =
      '/plataforma/reportes/reports/reportUtility?dateInitISO=2024-01-01T00:00:00.000Z&dateEndISO=2024-12-31T23:59:59.999Z&groupResult=true';
    assert.equal((await get(report, asCamila)).statusCode, 200);
    const invalid = await get('/plataforma/reportes/reports/reportUtility?dateInitISO=ayer', asCamila);
    assert.equal(invalid.statusCode, 400);
    assert.equal(invalid.headers['content-type'], 'application/problem+json; charset=utf-8');
    assert.equal((await get('/plataforma/proveedores/proveedor', asCamila)).statusCode, 200);
  });

  it("applies the contract's rules to what the platform's directory says: 401, 402, 403", async () => {
    const anonymous = await get('/plataforma/nomina/pagos?params[estados]=PG');
    assert.equal(anonymous.statusCode, 401);
    assert.equal(anonymous.json().code, 'UNAUTHENTICATED');
    const inactive = await get('/plataforma/nomina/pagos?params[estados]=PG', {
      'x-plataforma-usuario': `${INACTIVE_TENANT}:${IVAN}:${IVAN_BUSINESS}`,
    });
    assert.equal(inactive.statusCode, 401);
    assert.equal(inactive.json().code, 'TENANT_INACTIVE');
    // Ana has rows in the contexts' tables, but the platform's directory does not know her.
    const unknown = await get('/plataforma/nomina/pagos?params[estados]=PG', { 'x-plataforma-usuario': `${ANDINA}:${ANA}:${SEDE_NORTE}` });
    assert.equal(unknown.statusCode, 401);
    assert.match(unknown.json().detail, /^Usuario desconocido: el usuario D1999F3715C44B46B9A9406B67F936C5 no existe en el tenant /);
    const report = '/plataforma/reportes/reports/reportUtility?dateInitISO=2024-01-01T00:00:00.000Z&dateEndISO=2024-12-31T23:59:59.999Z';
    assert.equal((await get(`${report}&businessId=${IVAN_BUSINESS}`, asCamila)).statusCode, 403);
  });

  it("leaves the platform's own routes alone", async () => {
    assert.deepEqual((await get('/plataforma/ping')).json(), { plataforma: 'ok' });
    assert.equal((await get('/login')).statusCode, 404);
  });

  it('puts the three contexts in one Swagger document, served at /docs', async () => {
    const paths = Object.keys(document.paths);
    for (const prefix of ['/plataforma/nomina/', '/plataforma/reportes/', '/plataforma/proveedores/']) {
      assert.ok(
        paths.some((p) => p.startsWith(prefix)),
        `no ${prefix} operation in ${paths.join(', ')}`,
      );
    }
    const served = await get('/docs/openapi.json');
    assert.equal(served.statusCode, 200);
    assert.deepEqual(Object.keys(served.json().paths).sort(), paths.sort());
    assert.equal((await get('/docs')).statusCode, 200);
  });
});

describe("the contexts' default JWT adapter (through @nestjs/passport)", () => {
  const secret = 'a-platform-secret-a-platform-secret-0123';
  const request = (token?: string) => ({ headers: token ? { authorization: `Bearer ${token}` } : {} }) as unknown as FastifyRequest;

  it('verifies its tokens under a strategy name of its own, and releases the name', async () => {
    const adapter = new JwtAuthAdapter(contextConfig({ jwt: { secret } }).jwt, 'plataforma-nomina-jwt');
    try {
      const token = sign({ tid: ANDINA, bid: SEDE_NORTE }, secret, {
        subject: CAMILA,
        issuer: 'nomina-read-api',
        audience: 'nomina-read-api',
        expiresIn: 60,
      });
      assert.deepEqual(await adapter.authenticate(request(token)), { tenantId: ANDINA, userId: CAMILA, businessId: SEDE_NORTE });
      await assert.rejects(
        async () => adapter.authenticate(request(sign({ tid: ANDINA }, 'another-secret-another-secret-0123456', { expiresIn: 60 }))),
        /token/i,
      );
      await assert.rejects(async () => adapter.authenticate(request()), /Authorization/);
    } finally {
      adapter.onApplicationShutdown();
    }
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Module } from '@nestjs/common';
import { APP_GUARD, NestFactory, RouterModule } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { sign } from 'jsonwebtoken';
import { NominaModule } from '@nomina-api/nomina';
import { ProveedoresModule } from '@nomina-api/proveedores';
import { ReportesModule } from '@nomina-api/reportes';
import { PlatformAuthAdapter, PlatformAuthGuard } from '../examples/host-platform/src/host-auth';
import { HostModule } from '../examples/host-platform/src/host.module';
import { createTestApp, expectProblem, get, post, TEST_JWT_SECRET } from './support/test-app';

/**
 * The contexts mounted in a host Nest app with the host's auth, identities, connection, CQRS and
 * route prefixes: the host module of examples/host-platform (which CI also runs from the packed
 * packages, tools/check-packages.js), here from the sources.
 */
const ANDINA = '0ee9a9bb-2b87-43f0-82f5-d431917734f8';
const ANA = 'd1999f37-15c4-4b46-b9a9-406b67f936c5';
/** A user of the platform's directory only (examples/host-platform/src/platform-identities.ts). */
const CAMILA = '6a1f3c2e-9b7d-4e21-8f0a-3c5d7e9b1a24';
const SEDE_NORTE = '3a2b51cd-ba4b-4dc8-8437-d3cfa4b48f6f';
const INACTIVE_TENANT = 'bd644c3f-7037-4511-8912-a48f79e8ac14';
const IVAN = 'a7de5b48-e5d8-4b89-83be-19091c52a784';
const IVAN_BUSINESS = 'f5db79b3-b40f-4cc3-9335-d0a401cf03fe';
const PAGOS = '/plataforma/nomina/pagos?params[estados]=PG';
const asAna = { 'x-plataforma-usuario': `${ANDINA}:${ANA}:${SEDE_NORTE}` };
const asCamila = { 'x-plataforma-usuario': `${ANDINA}:${CAMILA}:${SEDE_NORTE}` };

async function start(module: Parameters<typeof NestFactory.create>[0]): Promise<NestFastifyApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(module, new FastifyAdapter(), { logger: false });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}

describe('the example platform: three contexts inside a host app (e2e)', () => {
  let host: NestFastifyApplication;
  beforeAll(async () => {
    host = await start(HostModule.forRoot(process.env.TEST_DATABASE_URL!));
  });
  afterAll(async () => {
    await host.close();
  });

  it('lists payments under the prefix, byte for byte as the standalone service', async () => {
    const res = await get(host, PAGOS, undefined, asCamila);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = res.json();
    expect(Object.keys(body)).toEqual(['contenido', 'error', 'advertencia', 'metadata', 'total']);
    expect(body.contenido.length).toBeGreaterThan(0);
    expect(body.contenido.every((p: { estado: string }) => p.estado === 'PG')).toBe(true);

    const standalone = await createTestApp();
    try {
      const token = sign({ tid: ANDINA, bid: SEDE_NORTE }, TEST_JWT_SECRET, {
        subject: ANA,
        issuer: 'nomina-read-api',
        audience: 'nomina-read-api',
        expiresIn: 60,
      });
      expect((await get(standalone, '/pagos?params[estados]=PG', token)).body).toBe(res.body);
    } finally {
      await standalone.close();
    }
  });

  it("uses the host's auth adapter and identities: no host user → 401; the tenant guard still applies", async () => {
    expectProblem(await get(host, PAGOS), 401, 'UNAUTHENTICATED');
    // Ana has rows in our tables, but the platform's directory does not know her.
    expectProblem(await get(host, PAGOS, undefined, asAna), 401);
    const inactive = await get(host, PAGOS, undefined, { 'x-plataforma-usuario': `${INACTIVE_TENANT}:${IVAN}:${IVAN_BUSINESS}` });
    expect(expectProblem(inactive, 401, 'TENANT_INACTIVE').detail).toBe('Tenant no existe o está inactivo');
    const unknownUser = expectProblem(
      await get(host, PAGOS, undefined, { 'x-plataforma-usuario': `${ANDINA}:99999999-9999-4999-8999-999999999999:${SEDE_NORTE}` }),
      401,
      'UNAUTHENTICATED',
    );
    expect(unknownUser.detail).toMatch(/^Usuario desconocido: el usuario 99999999999949998999999999999999 /);
    // A bearer token means nothing here: the host decides who is calling.
    expectProblem(await get(host, PAGOS, undefined, { authorization: 'Bearer abc' }), 401);
  });

  it('answers its errors as problem+json inside the host', async () => {
    const body = expectProblem(await get(host, '/plataforma/nomina/pagos?params[estados]=XX', undefined, asCamila), 400, 'VALIDATION');
    expect(body.instance).toBe('/plataforma/nomina/pagos');
  });

  it('adds nothing else: no /login, /reports, unprefixed or health routes; the host routes are untouched', async () => {
    expect((await post(host, '/login', { email: 'ana.gomez@andina.example.co', password: 'a9jJ8y8Tcb#12' })).status).toBe(404);
    expect((await get(host, '/reports/reportUtility', undefined, asCamila)).status).toBe(404);
    expect((await get(host, '/pagos?params[estados]=PG', undefined, asCamila)).status).toBe(404);
    expect((await get(host, '/health/live')).status).toBe(404);
    expect((await get(host, '/metrics')).status).toBe(404);
    // No global guard, filter or pipe of payroll's: the host's own route needs no payroll principal.
    expect((await get(host, '/plataforma/ping')).json()).toEqual({ plataforma: 'ok' });
  });

  it('is the code docs/EMBEDDING.md shows', () => {
    const page = readFileSync(join(__dirname, '..', 'docs', 'EMBEDDING.md'), 'utf8');
    for (const file of ['host-auth.ts', 'host.module.ts'])
      expect(page).toContain(readFileSync(join(__dirname, '..', 'examples', 'host-platform', 'src', file), 'utf8'));
  });

  it("ends docs/EMBEDDING.md's walkthrough with the call examples/host-platform's tests make; the example silences the root's install scripts", () => {
    const page = readFileSync(join(__dirname, '..', 'docs', 'EMBEDDING.md'), 'utf8');
    const example = join(__dirname, '..', 'examples', 'host-platform');
    const tests = readFileSync(join(example, 'test', 'host.test.ts'), 'utf8');
    const [, path, header] = /const WALKTHROUGH = \{\s*path: '([^']+)',\s*header:\s*'([^']+)',/.exec(tests) ?? [];
    const curls = [...page.slice(page.indexOf('## Walkthrough')).matchAll(/^curl -s '([^']+)' \\\n\s+-H '([^']+)'$/gm)];
    expect(curls.at(-1)?.slice(1)).toEqual([`127.0.0.1:3917${path}`, header]);
    const manifest = (dir: string) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { allowScripts?: unknown };
    expect(manifest(example).allowScripts).toEqual(manifest(join(__dirname, '..')).allowScripts);
  });

  it('brings its Swagger tags and operations under the prefix', () => {
    const doc = SwaggerModule.createDocument(host, new DocumentBuilder().setTitle('Host').build());
    expect(doc.paths['/plataforma/nomina/pagos'].get!.tags).toEqual(['Nómina']);
    expect(Object.keys(doc.paths).every((path) => path.startsWith('/plataforma/'))).toBe(true);
  });
});

describe('NominaModule with a database of its own (e2e)', () => {
  @Module({
    imports: [
      CqrsModule.forRoot(),
      NominaModule.forRoot({ auth: new PlatformAuthAdapter(), database: { url: process.env.TEST_DATABASE_URL!, poolMax: 2 } }),
      RouterModule.register([{ path: 'nomina', module: NominaModule }]),
    ],
    providers: [{ provide: APP_GUARD, useClass: PlatformAuthGuard }],
  })
  class NoOrmHostModule {}

  it('opens and closes its own pool when the host has no MikroORM', async () => {
    const app = await start(NoOrmHostModule);
    try {
      const res = await get(app, '/nomina/pagos?params[estados]=PG&size=1', undefined, asAna);
      expect(res.status).toBe(200);
      expect(res.json().contenido).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});

describe('ReportesModule and ProveedoresModule side by side in a host (e2e)', () => {
  const own = { auth: PlatformAuthAdapter, database: { url: process.env.TEST_DATABASE_URL!, poolMax: 2 } };

  @Module({
    imports: [
      CqrsModule.forRoot(),
      ReportesModule.forRoot(own),
      ProveedoresModule.forRoot(own),
      RouterModule.register([
        { path: 'reportes', module: ReportesModule },
        { path: 'proveedores', module: ProveedoresModule },
      ]),
    ],
    providers: [{ provide: APP_GUARD, useClass: PlatformAuthGuard }],
  })
  class TwoContextsHostModule {}

  it('serves both, validating DTOs without a global pipe of the host', async () => {
    const app = await start(TwoContextsHostModule);
    try {
      const report =
        '/reportes/reports/reportUtility?dateInitISO=2024-01-01T00:00:00.000Z&dateEndISO=2024-12-31T23:59:59.999Z&groupResult=true';
      expect((await get(app, report, undefined, asAna)).status).toBe(200);
      const invalid = expectProblem(
        await get(app, '/reportes/reports/reportUtility?dateInitISO=ayer', undefined, asAna),
        400,
        'VALIDATION',
      );
      expect(invalid.errors.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(['dateInitISO', 'dateEndISO']));
      expect((await get(app, '/proveedores/proveedor', undefined, asAna)).status).toBe(200);
      expect((await get(app, '/plataforma/nomina/pagos?params[estados]=PG', undefined, asAna)).status).toBe(404);
    } finally {
      await app.close();
    }
  });
});

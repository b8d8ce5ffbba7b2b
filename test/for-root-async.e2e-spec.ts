import { Injectable, Module } from '@nestjs/common';
import { APP_GUARD, NestFactory, RouterModule } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { sign } from 'jsonwebtoken';
import { NominaModule } from '@nomina-api/nomina';
import { PlatformModule } from '@nomina-api/platform';
import { ProveedoresModule } from '@nomina-api/proveedores';
import { ReportesModule } from '@nomina-api/reportes';
import { APP_SCHEMA } from '../apps/api/src/database/schema';
import { PlatformAuthAdapter, PlatformAuthGuard } from '../examples/host-platform/src/host-auth';
import { expectProblem, get, TEST_JWT_SECRET, testConfig } from './support/test-app';

/** forRootAsync: the options come from the host's own configuration provider, resolved at bootstrap. */
const ANDINA = '0ee9a9bb-2b87-43f0-82f5-d431917734f8';
const ANA = 'd1999f37-15c4-4b46-b9a9-406b67f936c5';
const SEDE_NORTE = '3a2b51cd-ba4b-4dc8-8437-d3cfa4b48f6f';
const asAna = { 'x-plataforma-usuario': `${ANDINA}:${ANA}:${SEDE_NORTE}` };

/** A host's ConfigService stand-in, counting how often it is asked. */
@Injectable()
class HostConfig {
  reads = 0;
  get(key: 'DATABASE_URL' | 'POOL'): string {
    this.reads += 1;
    return key === 'POOL' ? '2' : process.env.TEST_DATABASE_URL!;
  }
}

@Module({ providers: [HostConfig], exports: [HostConfig] })
class HostConfigModule {}

async function start(module: Parameters<typeof NestFactory.create>[0]): Promise<NestFastifyApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(module, new FastifyAdapter(), { logger: false, abortOnError: false });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}

describe('Context modules: forRootAsync (e2e)', () => {
  const fromHostConfig = {
    imports: [HostConfigModule],
    inject: [HostConfig],
    useFactory: (config: HostConfig) => ({
      auth: PlatformAuthAdapter,
      database: { url: config.get('DATABASE_URL'), poolMax: Number(config.get('POOL')) },
    }),
  };

  @Module({
    imports: [
      CqrsModule.forRoot(),
      NominaModule.forRootAsync(fromHostConfig),
      ReportesModule.forRootAsync(fromHostConfig),
      ProveedoresModule.forRootAsync({
        imports: [HostConfigModule],
        inject: [HostConfig],
        useFactory: async (config: HostConfig) => fromHostConfig.useFactory(config),
      }),
      RouterModule.register([
        { path: 'nomina', module: NominaModule },
        { path: 'reportes', module: ReportesModule },
        { path: 'proveedores', module: ProveedoresModule },
      ]),
    ],
    providers: [{ provide: APP_GUARD, useClass: PlatformAuthGuard }],
  })
  class AsyncHostModule {}

  let app: NestFastifyApplication;
  beforeAll(async () => {
    app = await start(AsyncHostModule);
  });
  afterAll(async () => {
    await app.close();
  });

  it('reads its options from the host provider and serves the three contexts with them', async () => {
    expect(app.get(HostConfig, { strict: false }).reads).toBeGreaterThanOrEqual(6);
    expect((await get(app, '/nomina/pagos?params[estados]=PG&size=1', undefined, asAna)).json().contenido).toHaveLength(1);
    const report =
      '/reportes/reports/reportUtility?dateInitISO=2024-01-01T00:00:00.000Z&dateEndISO=2024-12-31T23:59:59.999Z&groupResult=true';
    expect((await get(app, report, undefined, asAna)).status).toBe(200);
    expect((await get(app, '/proveedores/proveedor', undefined, asAna)).status).toBe(200);
  });

  it('uses the auth adapter class the factory returned, built by Nest', async () => {
    expectProblem(await get(app, '/nomina/pagos?params[estados]=PG'), 401, 'UNAUTHENTICATED');
  });

  it('fails at bootstrap, with the setting named, when the factory returns invalid options', async () => {
    @Module({
      imports: [
        CqrsModule.forRoot(),
        NominaModule.forRootAsync({ useFactory: () => ({ auth: PlatformAuthAdapter, principalCacheTtlMs: -1 }) }),
      ],
    })
    class InvalidHostModule {}
    await expect(start(InvalidHostModule)).rejects.toThrow(/PRINCIPAL_CACHE_TTL_MS/);
  });
});

describe('PlatformModule.forRootAsync (e2e)', () => {
  it("runs the standalone kernel with the host's configuration", async () => {
    @Module({
      imports: [
        PlatformModule.forRootAsync({
          imports: [HostConfigModule],
          inject: [HostConfig],
          useFactory: (config: HostConfig) => ({ config: testConfig(), databaseUrl: config.get('DATABASE_URL'), schema: APP_SCHEMA }),
        }),
        NominaModule,
      ],
    })
    class StandaloneAsyncModule {}
    const app = await start(StandaloneAsyncModule);
    try {
      const token = sign({ tid: ANDINA, bid: SEDE_NORTE }, TEST_JWT_SECRET, {
        subject: ANA,
        issuer: 'nomina-read-api',
        audience: 'nomina-read-api',
        expiresIn: 60,
      });
      expect((await get(app, '/pagos?params[estados]=PG&size=1', token)).json().contenido).toHaveLength(1);
      expectProblem(await get(app, '/pagos?params[estados]=PG&size=1'), 401);
      expect((await get(app, '/health/ready')).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Injectable, Module } from '@nestjs/common';
import { APP_GUARD, NestFactory, RouterModule } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Client } from 'pg';
import type { Dataset } from '@nomina-api/importer/dataset.types';
import { NominaModule } from '@nomina-api/nomina';
import type { IdentityDirectory, PrincipalStatus } from '@nomina-api/platform';
import { ReportesModule } from '@nomina-api/reportes';
import { PlatformAuthAdapter, PlatformAuthGuard } from '../examples/host-platform/src/host-auth';
import { dropDatabase, seedDatabase } from './support/test-database';
import { expectProblem, get } from './support/test-app';

/**
 * The identity port: a host whose users, businesses and plans live in its own systems. Our
 * identity tables are emptied (and Andina marked inactive in ours): only the port decides.
 */
const ANDINA = '0ee9a9bb-2b87-43f0-82f5-d431917734f8';
const ANA = 'd1999f37-15c4-4b46-b9a9-406b67f936c5';
const SEDE_NORTE = '3a2b51cd-ba4b-4dc8-8437-d3cfa4b48f6f';
const SEDE_BASICA = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const BLOCKED = '5f0c3c9e-2a55-4a3a-9d55-5f4a9f7c2b10';
const SUSPENDED_TENANT = '9b2f6f7e-1c1d-4f3a-8a7e-2b9c8d7e6f50';
const header = (tenant: string, user: string, business: string): Record<string, string> => ({
  'x-plataforma-usuario': `${tenant}:${user}:${business}`,
});
const asAna = header(ANDINA, ANA, SEDE_NORTE);
const REPORT = '/reportes/reports/reportUtility?dateInitISO=2024-01-01T00:00:00.000Z&dateEndISO=2024-12-31T23:59:59.999Z&groupResult=true';
const DB = 'nomina_test_identity_port';

/** The host's directory: in memory here; in a real platform its user service or its own tables. */
@Injectable()
class PlatformIdentities implements IdentityDirectory {
  private readonly users: Record<string, PrincipalStatus> = {
    [`${ANDINA}:${ANA}`]: { userActive: true, tenantActive: true, businessIds: [SEDE_NORTE, SEDE_BASICA] },
    [`${ANDINA}:${BLOCKED}`]: { userActive: false, tenantActive: true, businessIds: [SEDE_NORTE] },
    [`${SUSPENDED_TENANT}:${ANA}`]: { userActive: true, tenantActive: false, businessIds: [SEDE_NORTE] },
  };

  status(tenantId: string, userId: string): PrincipalStatus | null {
    return this.users[`${tenantId}:${userId}`] ?? null;
  }

  premiumBusinesses(tenantId: string, businessIds: string[]): Set<string> {
    return new Set(tenantId === ANDINA ? businessIds.filter((id) => id === SEDE_NORTE) : []);
  }
}

function hostModule(url: string, withPort: boolean): new () => unknown {
  const options = { auth: PlatformAuthAdapter, database: { url, poolMax: 2 }, ...(withPort ? { identities: PlatformIdentities } : {}) };
  @Module({
    imports: [
      CqrsModule.forRoot(),
      NominaModule.forRoot(options),
      ReportesModule.forRoot(options),
      RouterModule.register([
        { path: 'nomina', module: NominaModule },
        { path: 'reportes', module: ReportesModule },
      ]),
    ],
    providers: [{ provide: APP_GUARD, useClass: PlatformAuthGuard }],
  })
  class IdentityHostModule {}
  return IdentityHostModule;
}

async function start(module: new () => unknown): Promise<NestFastifyApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(module, new FastifyAdapter(), { logger: false });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}

describe('Identity port: a host with identities of its own (e2e)', () => {
  let url: string;
  let host: NestFastifyApplication;

  beforeAll(async () => {
    const data = JSON.parse(readFileSync(join(__dirname, 'fixtures', 'example-dataset.json'), 'utf8')) as Dataset;
    url = await seedDatabase(DB, [data]);
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`delete from usuario`); // with usuario_negocio and login_directory (cascade)
      await client.query(`delete from suscripcion`);
      await client.query(`update tenant set activo = false where id = $1`, [ANDINA]);
      const { rows } = await client.query(
        `select (select count(*) from usuario)::int + (select count(*) from usuario_negocio)::int + (select count(*) from suscripcion)::int as n`,
      );
      expect(rows[0].n).toBe(0);
    } finally {
      await client.end();
    }
    host = await start(hostModule(url, true));
  });
  afterAll(async () => {
    await host?.close();
    await dropDatabase(process.env.TEST_PG_ADMIN_URL!, DB);
  });

  it('serves the users the port knows, with no rows in our identity tables', async () => {
    const pagos = await get(host, '/nomina/pagos?params[estados]=PG', undefined, asAna);
    expect(pagos.status).toBe(200);
    expect(pagos.json().contenido.length).toBeGreaterThan(0);
  });

  it("applies the contract's rules to what the port returns: 401 tenant or user inactive, unknown user", async () => {
    expectProblem(
      await get(host, '/nomina/pagos?params[estados]=PG', undefined, header(SUSPENDED_TENANT, ANA, SEDE_NORTE)),
      401,
      'TENANT_INACTIVE',
    );
    expectProblem(
      await get(host, '/nomina/pagos?params[estados]=PG', undefined, header(ANDINA, BLOCKED, SEDE_NORTE)),
      401,
      'USER_INACTIVE',
    );
    // A user the port does not know, in an active tenant: the answer names the user.
    const unknown = expectProblem(
      await get(host, '/nomina/pagos?params[estados]=PG', undefined, header(ANDINA, SEDE_BASICA, SEDE_NORTE)),
      401,
      'UNAUTHENTICATED',
    );
    expect(unknown.detail).toBe(
      'Usuario desconocido: el usuario 7C9E6679742540DE944BE07FC1F90AE7 no existe en el tenant 0EE9A9BB2B8743F082F5D431917734F8.',
    );
  });

  it('402 for a business without the premium plan the port reports, 403 for a business not the user’s', async () => {
    expect((await get(host, REPORT, undefined, asAna)).status).toBe(200);
    expectProblem(await get(host, `${REPORT}&businessId=${SEDE_BASICA}`, undefined, asAna), 402, 'PREMIUM_REQUIRED');
    expectProblem(await get(host, `${REPORT}&allBusiness=true`, undefined, asAna), 402, 'PREMIUM_REQUIRED');
    expectProblem(await get(host, `${REPORT}&businessId=${BLOCKED}`, undefined, asAna), 403, 'BUSINESS_FORBIDDEN');
  });

  it('without the port the same host reads our tables: no such user (401), and a tenant that does not exist counts as inactive', async () => {
    const builtIn = await start(hostModule(url, false));
    try {
      expect(
        expectProblem(await get(builtIn, '/nomina/pagos?params[estados]=PG', undefined, asAna), 401, 'UNAUTHENTICATED').detail,
      ).toMatch(/^Usuario desconocido: el usuario D1999F37/);
      const nowhere = header('00000000-0000-4000-8000-000000000000', ANA, SEDE_NORTE);
      const detail = expectProblem(
        await get(builtIn, '/nomina/pagos?params[estados]=PG', undefined, nowhere),
        401,
        'TENANT_INACTIVE',
      ).detail;
      expect(detail).toBe('Tenant no existe o está inactivo');
    } finally {
      await builtIn.close();
    }
  });
});

import { Injectable, Module } from '@nestjs/common';
import { NestFactory, RouterModule } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { PassportStrategy } from '@nestjs/passport';
import { sign } from 'jsonwebtoken';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { NominaModule } from '@nomina-api/nomina';
import { PassportAuthAdapter } from '@nomina-api/platform';
import { expectProblem, get } from './support/test-app';

/**
 * A host that already authenticates with @nestjs/passport: its own strategy, its own token format
 * and secret. Payroll uses that strategy by name through PassportAuthAdapter.
 */
const ANDINA = '0ee9a9bb-2b87-43f0-82f5-d431917734f8';
const ANA = 'd1999f37-15c4-4b46-b9a9-406b67f936c5';
const SEDE_NORTE = '3a2b51cd-ba4b-4dc8-8437-d3cfa4b48f6f';
const HOST_SECRET = 'the-host-platform-secret-0123456789abcdef';

interface HostUser {
  org: string;
  person: string;
  shop: string;
}

/** The host's own strategy, as any Nest codebase writes one. */
@Injectable()
class HostJwtStrategy extends PassportStrategy(Strategy, 'host-jwt') {
  constructor() {
    super({ jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(), secretOrKey: HOST_SECRET, algorithms: ['HS256'] });
  }

  validate(payload: { org: string; sub: string; shop: string }): HostUser {
    return { org: payload.org, person: payload.sub, shop: payload.shop };
  }
}

@Module({
  imports: [
    CqrsModule.forRoot(),
    NominaModule.forRoot({
      auth: new PassportAuthAdapter('host-jwt', (user) => {
        const u = user as HostUser;
        return { tenantId: u.org, userId: u.person, businessId: u.shop };
      }),
      database: { url: process.env.TEST_DATABASE_URL!, poolMax: 2 },
    }),
    RouterModule.register([{ path: 'nomina', module: NominaModule }]),
  ],
  providers: [HostJwtStrategy],
})
class PassportHostModule {}

describe('A host with its own @nestjs/passport strategy (e2e)', () => {
  let app: NestFastifyApplication;
  beforeAll(async () => {
    app = await NestFactory.create<NestFastifyApplication>(PassportHostModule, new FastifyAdapter(), { logger: false });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });
  afterAll(async () => {
    await app.close();
  });

  const token = (secret: string): string => sign({ org: ANDINA, shop: SEDE_NORTE }, secret, { subject: ANA, expiresIn: 60 });

  it("authenticates payroll's requests with the host's strategy and token format", async () => {
    const res = await get(app, '/nomina/pagos?params[estados]=PG&size=1', token(HOST_SECRET));
    expect(res.status).toBe(200);
    expect(res.json().contenido).toHaveLength(1);
  });

  it("answers 401 problem+json when the host's strategy rejects the request", async () => {
    expectProblem(await get(app, '/nomina/pagos?params[estados]=PG'), 401, 'UNAUTHENTICATED');
    expectProblem(
      await get(app, '/nomina/pagos?params[estados]=PG', token('another-secret-another-secret-0123456789')),
      401,
      'UNAUTHENTICATED',
    );
  });
});

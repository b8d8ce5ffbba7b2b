import { Controller, type DynamicModule, Get, Module } from '@nestjs/common';
import { APP_GUARD, RouterModule } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { NominaModule } from '@nomina-api/nomina';
import { ProveedoresModule } from '@nomina-api/proveedores';
import { ReportesModule } from '@nomina-api/reportes';
import { PlatformAuthAdapter, PlatformAuthGuard } from './host-auth';
import { PlatformIdentities } from './platform-identities';

/** A route of the platform's own, next to the contexts'. */
@Controller('plataforma')
export class PlatformController {
  @Get('ping')
  ping(): { plataforma: string } {
    return { plataforma: 'ok' };
  }
}

/** The platform's app: payroll, reports and suppliers under /plataforma/*, on one connection, with the platform's identities. */
@Module({})
export class HostModule {
  static forRoot(databaseUrl: string): DynamicModule {
    // Who is calling (the platform's guard) and what the platform knows of them (its directory).
    const auth = { auth: PlatformAuthAdapter, identities: PlatformIdentities };
    return {
      module: HostModule,
      imports: [
        // The platform's MikroORM connection, which the contexts reuse (their SQL expects UTC sessions).
        MikroOrmModule.forRoot({
          driver: PostgreSqlDriver,
          clientUrl: databaseUrl,
          entities: [],
          discovery: { warnWhenNoEntities: false },
          pool: {
            afterCreate: (
              conn: { query(sql: string, cb: (err: Error | null) => void): void },
              done: (err: Error | null, conn: unknown) => void,
            ) => conn.query(`set timezone = 'UTC'; set statement_timeout = 15000`, (err) => done(err, conn)),
          },
        }),
        // The platform's CQRS buses: the contexts' query handlers register on them.
        CqrsModule.forRoot(),
        NominaModule.forRoot(auth),
        ReportesModule.forRoot(auth),
        ProveedoresModule.forRoot(auth),
        RouterModule.register([
          { path: 'plataforma/nomina', module: NominaModule },
          { path: 'plataforma/reportes', module: ReportesModule },
          { path: 'plataforma/proveedores', module: ProveedoresModule },
        ]),
      ],
      controllers: [PlatformController],
      providers: [{ provide: APP_GUARD, useClass: PlatformAuthGuard }],
    };
  }
}

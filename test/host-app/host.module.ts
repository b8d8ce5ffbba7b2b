import { Controller, type DynamicModule, Get, Module } from '@nestjs/common';
import { APP_GUARD, RouterModule } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { NominaModule } from '@nomina-api/nomina';
import { HostAuthAdapter, HostAuthGuard } from './host-auth';

/** A route of the host's own, next to payroll's. */
@Controller('plataforma')
export class HostController {
  @Get('ping')
  ping(): { host: string } {
    return { host: 'ok' };
  }
}

/** A host platform's app that adds payroll (and nothing else) under /plataforma/nomina. */
@Module({})
export class HostModule {
  static forRoot(databaseUrl: string): DynamicModule {
    return {
      module: HostModule,
      imports: [
        // The host's own MikroORM connection, which payroll reuses (its SQL expects UTC sessions).
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
        // The host's CQRS buses: payroll's query handlers register on them.
        CqrsModule.forRoot(),
        NominaModule.forRoot({ auth: HostAuthAdapter }),
        RouterModule.register([{ path: 'plataforma/nomina', module: NominaModule }]),
      ],
      controllers: [HostController],
      providers: [{ provide: APP_GUARD, useClass: HostAuthGuard }],
    };
  }
}

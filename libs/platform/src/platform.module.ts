import { type DynamicModule, Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { PassportModule } from '@nestjs/passport';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { JwtAuthGuard } from './auth/jwt-auth.guard';
import { JwtStrategy } from './auth/jwt.strategy';
import { LoginController } from './auth/login/login.controller';
import { LoginHandler } from './auth/login/login.handler';
import { TokenService } from './auth/token.service';
import type { AppConfig } from './config/app-config';
import { APP_CONFIG } from './config/config.tokens';
import { EXPECTED_MIGRATIONS, HealthController } from './health/health.controller';
import { ProblemDetailsFilter } from './http/problem-details.filter';
import { ormOptions, type SchemaParts } from './persistence/database';
import { SqlReader } from './persistence/sql-reader';
import { PremiumGuard } from './tenancy/premium.guard';
import { PrincipalDirectory } from './tenancy/principal-directory';
import { TenantGuard } from './tenancy/tenant.guard';

export interface PlatformModuleOptions {
  config: AppConfig;
  /** Connection string of the selected database (DATABASE_URL or the embedded one). */
  databaseUrl: string;
  schema: SchemaParts;
}

/**
 * The kernel every context runs on: configuration, the MikroORM connection, the CQRS buses,
 * JWT authentication (global guard, @Public() to opt out), tenancy guards, problem+json errors,
 * login and health.
 */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(options: PlatformModuleOptions): DynamicModule {
    const { config, databaseUrl, schema } = options;
    return {
      module: PlatformModule,
      imports: [
        MikroOrmModule.forRoot(
          ormOptions(databaseUrl, schema, { poolMax: config.dbPoolMax, statementTimeoutMs: config.dbStatementTimeoutMs }),
        ),
        CqrsModule.forRoot(),
        PassportModule,
      ],
      controllers: [LoginController, HealthController],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: EXPECTED_MIGRATIONS, useValue: schema.migrations.map((m) => m.name) },
        SqlReader,
        PrincipalDirectory,
        TokenService,
        JwtStrategy,
        TenantGuard,
        PremiumGuard,
        LoginHandler,
        { provide: APP_GUARD, useClass: JwtAuthGuard },
        { provide: APP_FILTER, useClass: ProblemDetailsFilter },
      ],
      exports: [APP_CONFIG, SqlReader, PrincipalDirectory, TenantGuard, PremiumGuard, TokenService],
    };
  }
}

import { type DynamicModule, Global, Module, type Type } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { AUTH_ADAPTER, type AuthAdapter } from './auth/auth-adapter';
import { AuthenticationGuard } from './auth/authentication.guard';
import { LoginController } from './auth/login/login.controller';
import { LoginHandler } from './auth/login/login.handler';
import { LoginRateLimiter } from './auth/login/login-rate-limiter';
import { TokenService } from './auth/token.service';
import type { AppConfig } from './config/app-config';
import { APP_CONFIG } from './config/config.tokens';
import { EXPECTED_MIGRATIONS, HealthController } from './health/health.controller';
import { authAdapterProvider } from './hosting/context-module';
import { ProblemDetailsFilter } from './http/problem-details.filter';
import { HttpMetrics } from './metrics/http-metrics';
import { MetricsController } from './metrics/metrics.controller';
import { ormOptions, type SchemaParts } from './persistence/database';
import { ReadPools } from './persistence/read-pools';
import { SqlReader } from './persistence/sql-reader';
import { DataVersionReader } from './conditional/data-version';
import { PremiumGuard } from './tenancy/premium.guard';
import { PrincipalDirectory } from './tenancy/principal-directory';
import { TenantGuard } from './tenancy/tenant.guard';

export interface PlatformModuleOptions {
  config: AppConfig;
  /** Connection string of the selected database (DATABASE_URL or the embedded one). */
  databaseUrl: string;
  schema: SchemaParts;
  /** Who is calling (class or instance); default: the bearer JWT of `config.jwt`. */
  auth?: Type<AuthAdapter> | AuthAdapter;
}

/**
 * The standalone service's kernel, global: configuration, the MikroORM connection, the CQRS
 * buses, authentication (an AuthAdapter, bearer JWT by default, behind a global guard; @Public()
 * opts out), tenancy guards, problem+json errors, login, health and metrics. Inside a host app a
 * context brings its own smaller kernel instead (hosting/context-module.ts).
 */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(options: PlatformModuleOptions): DynamicModule {
    const { config, databaseUrl, schema } = options;
    return {
      module: PlatformModule,
      imports: [
        MikroOrmModule.forRoot({
          ...ormOptions(databaseUrl, schema, {
            poolMax: config.dbPoolMax,
            statementTimeoutMs: config.dbStatementTimeoutMs,
            connectTimeoutMs: config.dbConnectTimeoutMs,
          }),
          // Reads go through SqlReader (raw SQL, no identity map), so a forked EntityManager per
          // request is pure overhead: ~20 % of a cheap request's CPU in the benchmark (bench/README.md).
          registerRequestContext: false,
        }),
        CqrsModule.forRoot(),
      ],
      controllers: [LoginController, HealthController, MetricsController],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: EXPECTED_MIGRATIONS, useValue: schema.migrations.map((m) => m.name) },
        ReadPools,
        SqlReader,
        DataVersionReader,
        PrincipalDirectory,
        TokenService,
        authAdapterProvider(options.auth),
        HttpMetrics,
        TenantGuard,
        PremiumGuard,
        LoginHandler,
        LoginRateLimiter,
        { provide: APP_GUARD, useClass: AuthenticationGuard },
        { provide: APP_FILTER, useClass: ProblemDetailsFilter },
      ],
      exports: [
        APP_CONFIG,
        ReadPools,
        SqlReader,
        DataVersionReader,
        PrincipalDirectory,
        TenantGuard,
        PremiumGuard,
        TokenService,
        AUTH_ADAPTER,
        HttpMetrics,
      ],
    };
  }
}

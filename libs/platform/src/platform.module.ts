import {
  type DynamicModule,
  Global,
  type InjectionToken,
  Module,
  type ModuleMetadata,
  type OptionalFactoryDependency,
  type Type,
} from '@nestjs/common';
import { APP_FILTER, APP_GUARD, ModuleRef } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { AUTH_ADAPTER, type AuthAdapter } from './auth/auth-adapter';
import { AuthenticationGuard } from './auth/authentication.guard';
import { LoginController } from './auth/login/login.controller';
import { LoginHandler } from './auth/login/login.handler';
import { LoginRateLimiter } from './auth/login/login-rate-limiter';
import { TokenService } from './auth/token.service';
import type { AppConfig } from './config/app-config';
import { APP_CONFIG } from './config/config.tokens';
import { EXPECTED_MIGRATIONS, HealthController } from './health/health.controller';
import { resolveAuthAdapter, resolveIdentities } from './hosting/context-module';
import type { IdentityDirectory } from './tenancy/identity-directory';
import { ProblemDetailsFilter } from './http/problem-details.filter';
import { HttpMetrics } from './metrics/http-metrics';
import { MetricsController } from './metrics/metrics.controller';
import type { SchemaParts } from './persistence/database';
import { ormOptions } from './persistence/orm-options';
import { ReadPools } from './persistence/read-pools';
import { SqlReader } from './persistence/sql-reader';
import { DataVersionReader } from './conditional/data-version';
import { BusinessScopeGuard } from './tenancy/business-scope.guard';
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
  /** The identity port (class or instance); default: this service's identity tables. */
  identities?: Type<IdentityDirectory> | IdentityDirectory;
}

/** `PlatformModule.forRootAsync(...)`: the options from a factory of the host's (e.g. its ConfigService). */
export interface PlatformModuleAsyncOptions extends Pick<ModuleMetadata, 'imports'> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Nest's own factory signature
  useFactory: (...args: any[]) => PlatformModuleOptions | Promise<PlatformModuleOptions>;
  inject?: (InjectionToken | OptionalFactoryDependency)[];
}

/** The options PlatformModule was given or its factory returned. */
export const PLATFORM_OPTIONS = Symbol('PLATFORM_OPTIONS');

/** Holds PLATFORM_OPTIONS for both the kernel and its MikroORM connection (whose factory runs in its own module). */
@Module({})
class PlatformOptionsModule {}

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
    return PlatformModule.forRootAsync({ useFactory: () => options });
  }

  static forRootAsync(async: PlatformModuleAsyncOptions): DynamicModule {
    const optionsModule: DynamicModule = {
      module: PlatformOptionsModule,
      imports: async.imports ?? [],
      providers: [{ provide: PLATFORM_OPTIONS, useFactory: async.useFactory, inject: async.inject ?? [] }],
      exports: [PLATFORM_OPTIONS],
    };
    return {
      module: PlatformModule,
      imports: [
        optionsModule,
        MikroOrmModule.forRootAsync({
          // Named here so the driver's own EntityManager is registered (MikroORM nestjs#204).
          driver: PostgreSqlDriver,
          imports: [optionsModule],
          inject: [PLATFORM_OPTIONS],
          useFactory: ({ config, databaseUrl, schema }: PlatformModuleOptions) => ({
            ...ormOptions(databaseUrl, schema, {
              poolMax: config.dbPoolMax,
              statementTimeoutMs: config.dbStatementTimeoutMs,
              connectTimeoutMs: config.dbConnectTimeoutMs,
              dbSchema: config.databaseSchema,
            }),
            // Reads go through SqlReader (raw SQL, no identity map), so a forked EntityManager per
            // request is pure overhead: ~20 % of a cheap request's CPU in the benchmark.
            registerRequestContext: false,
          }),
        }),
        CqrsModule.forRoot(),
      ],
      controllers: [LoginController, HealthController, MetricsController],
      providers: [
        { provide: APP_CONFIG, useFactory: (o: PlatformModuleOptions) => o.config, inject: [PLATFORM_OPTIONS] },
        {
          provide: EXPECTED_MIGRATIONS,
          useFactory: (o: PlatformModuleOptions) => o.schema.migrations.map((m) => m.name),
          inject: [PLATFORM_OPTIONS],
        },
        ReadPools,
        SqlReader,
        DataVersionReader,
        {
          provide: PrincipalDirectory,
          useFactory: (o: PlatformModuleOptions, sql: SqlReader, moduleRef: ModuleRef) =>
            resolveIdentities(o.identities, sql, o.config, moduleRef),
          inject: [PLATFORM_OPTIONS, SqlReader, ModuleRef],
        },
        TokenService,
        {
          provide: AUTH_ADAPTER,
          useFactory: (o: PlatformModuleOptions, moduleRef: ModuleRef) => resolveAuthAdapter(o.auth, o.config, moduleRef),
          inject: [PLATFORM_OPTIONS, ModuleRef],
        },
        HttpMetrics,
        TenantGuard,
        BusinessScopeGuard,
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
        BusinessScopeGuard,
        PremiumGuard,
        TokenService,
        AUTH_ADAPTER,
        HttpMetrics,
      ],
    };
  }
}

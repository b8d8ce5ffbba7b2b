import { randomBytes } from 'node:crypto';
import {
  type DynamicModule,
  Inject,
  Injectable,
  type InjectionToken,
  Module,
  type ModuleMetadata,
  type OnApplicationShutdown,
  Optional,
  type OptionalFactoryDependency,
  type Provider,
  type Type,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { MikroORM } from '@mikro-orm/postgresql';
import { AUTH_ADAPTER, type AuthAdapter } from '../auth/auth-adapter';
import { JwtAuthAdapter } from '../auth/jwt-auth.adapter';
import { type AppConfig, type JwtConfig, loadConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import type { SchemaParts } from '../persistence/database';
import { ormOptions } from '../persistence/orm-options';
import { SqlReader } from '../persistence/sql-reader';
import type { IdentityDirectory } from '../tenancy/identity-directory';
import { DataVersionReader } from '../conditional/data-version';
import { PrincipalDirectory } from '../tenancy/principal-directory';

/**
 * How a host Nest app (Fastify adapter, `CqrsModule.forRoot()`) mounts a context, e.g.
 * `NominaModule.forRoot(options)`. Every field is optional; defaults are the README's.
 */
export interface ContextModuleOptions {
  /**
   * Who is calling: an AuthAdapter class (built by Nest; it may inject the host's global
   * providers) or instance. Default: bearer JWT checked with `jwt`.
   */
  auth?: Type<AuthAdapter> | AuthAdapter;
  /**
   * The identity port (tenancy/identity-directory.ts): an IdentityDirectory class (built by Nest)
   * or instance. Default: this service's tables (`tenant`, `usuario`, `usuario_negocio`, `suscripcion`).
   */
  identities?: Type<IdentityDirectory> | IdentityDirectory;
  /**
   * Name of the default JWT adapter's passport strategy (`PassportStrategy(Strategy, name)`),
   * unique per app. Default: `nomina-jwt-<random uuid>`.
   */
  jwtStrategyName?: string;
  /** Settings of the default JWT adapter (JWT_* in the README); `secret` or `publicKey`/`jwksUrl` is required. */
  jwt?: Partial<Pick<JwtConfig, 'algorithm' | 'secret' | 'publicKey' | 'jwksUrl' | 'issuer' | 'audience' | 'clockToleranceSeconds'>>;
  /**
   * A PostgreSQL database of the context's own, with its own pool. Default: the host's
   * connection (the `MikroORM` its MikroOrmModule.forRoot() provides).
   */
  database?: { url: string; poolMax?: number; connectTimeoutMs?: number };
  /** Connections of a pool that streamed responses may hold at once (DB_STREAM_MAX; default half of the pool, at least 1). */
  streamMax?: number;
  /** A streamed response whose client reads nothing for this long is cut, ms (STREAM_STALL_TIMEOUT_MS, default 10000). */
  streamStallTimeoutMs?: number;
  /**
   * PostgreSQL schema of the context's tables (DATABASE_SCHEMA, default public): the own pool's
   * search_path is `<schema>, public`; migrate with `migrateDatabase(url, X_SCHEMA, { dbSchema })`.
   * With the host's connection instead, the host's pool must set that search_path itself.
   */
  schema?: string;
  /** statement_timeout of the own pool (DB_STATEMENT_TIMEOUT_MS); reports use it as their floor. */
  statementTimeoutMs?: number;
  /**
   * Hot lookups as named prepared statements (DB_PREPARED_STATEMENTS, default true), on the own
   * pool or the host's: false behind a PgBouncer in transaction mode without prepared-statement support.
   */
  preparedStatements?: boolean;
  /** How long a principal's user/tenant status is cached, ms (PRINCIPAL_CACHE_TTL_MS). */
  principalCacheTtlMs?: number;
}

/**
 * `XModule.forRootAsync(...)`: the options from a factory of the host's, e.g. its ConfigService:
 * `{ imports: [ConfigModule], inject: [ConfigService], useFactory: (config) => ({ ... }) }`.
 */
export interface ContextModuleAsyncOptions extends Pick<ModuleMetadata, 'imports'> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Nest's own factory signature
  useFactory: (...args: any[]) => ContextModuleOptions | Promise<ContextModuleOptions>;
  inject?: (InjectionToken | OptionalFactoryDependency)[];
}

/** The options a context was given (forRoot) or its factory returned (forRootAsync). */
export const CONTEXT_OPTIONS = Symbol('CONTEXT_OPTIONS');
const CONTEXT_ORM = Symbol('CONTEXT_ORM');

/** Closes the context's own pool, when it has one, with the host app. */
@Injectable()
class ContextOrmCloser implements OnApplicationShutdown {
  constructor(@Optional() @Inject(CONTEXT_ORM) private readonly orm: MikroORM | null) {}

  async onApplicationShutdown(): Promise<void> {
    await this.orm?.close(true);
  }
}

/** The options as the validated AppConfig the kernel's providers read (same rules as the service's settings). */
export function contextConfig(options: ContextModuleOptions): AppConfig {
  const text = (value: number | undefined): string | undefined => (value === undefined ? undefined : String(value));
  const jwt = options.jwt ?? {};
  return loadConfig({
    NODE_ENV: 'production',
    DATABASE_SCHEMA: options.schema,
    DB_POOL_MAX: text(options.database?.poolMax),
    DB_CONNECT_TIMEOUT_MS: text(options.database?.connectTimeoutMs),
    DB_STREAM_MAX: text(options.streamMax),
    STREAM_STALL_TIMEOUT_MS: text(options.streamStallTimeoutMs),
    DB_STATEMENT_TIMEOUT_MS: text(options.statementTimeoutMs),
    DB_PREPARED_STATEMENTS: options.preparedStatements === undefined ? undefined : String(options.preparedStatements),
    PRINCIPAL_CACHE_TTL_MS: text(options.principalCacheTtlMs),
    JWT_ALGORITHM: jwt.algorithm,
    // With the host's own adapter nothing reads the JWT settings; a throwaway secret satisfies
    // the rule that production needs one.
    JWT_SECRET: jwt.secret ?? (options.auth ? randomBytes(32).toString('hex') : undefined),
    JWT_PUBLIC_KEY: jwt.publicKey,
    JWT_JWKS_URL: jwt.jwksUrl,
    JWT_ISSUER: jwt.issuer,
    JWT_AUDIENCE: jwt.audience,
    JWT_CLOCK_TOLERANCE_S: text(jwt.clockToleranceSeconds),
  });
}

/**
 * AUTH_ADAPTER: the given adapter, or the JWT one built from the config. Known only at bootstrap
 * (forRootAsync), a class is built by Nest: ModuleRef.create resolves its constructor from the
 * host's providers, as a useClass provider would.
 */
export function resolveAuthAdapter(
  auth: ContextModuleOptions['auth'],
  config: AppConfig,
  moduleRef: ModuleRef,
  jwtStrategyName?: string,
): AuthAdapter | Promise<AuthAdapter> {
  if (!auth) return new JwtAuthAdapter(config.jwt, jwtStrategyName);
  return typeof auth === 'function' ? moduleRef.create(auth) : auth;
}

/**
 * The part of the kernel a context needs inside a host app, private to that context (nothing
 * global, no global guard, filter or pipe: @Secured() carries those per controller).
 */
@Module({})
export class ContextKernelModule {
  /**
   * The kernel from options resolved at bootstrap: the one code path of forRoot and forRootAsync.
   * Without `database` the SqlReader reads through the host's MikroORM (its MikroOrmModule's
   * global provider).
   */
  static registerAsync(schema: SchemaParts, async: ContextModuleAsyncOptions): DynamicModule {
    const providers: Provider[] = [
      { provide: CONTEXT_OPTIONS, useFactory: async.useFactory, inject: async.inject ?? [] },
      { provide: APP_CONFIG, useFactory: (options: ContextModuleOptions) => contextConfig(options), inject: [CONTEXT_OPTIONS] },
      {
        provide: CONTEXT_ORM,
        useFactory: (options: ContextModuleOptions, config: AppConfig) =>
          options.database
            ? MikroORM.init(
                ormOptions(options.database.url, schema, {
                  poolMax: config.dbPoolMax,
                  statementTimeoutMs: config.dbStatementTimeoutMs,
                  connectTimeoutMs: config.dbConnectTimeoutMs,
                  dbSchema: config.databaseSchema,
                }),
              )
            : null,
        inject: [CONTEXT_OPTIONS, APP_CONFIG],
      },
      ContextOrmCloser,
      {
        provide: SqlReader,
        useFactory: (own: MikroORM | null, host: MikroORM | undefined, config: AppConfig) => {
          const orm = own ?? host;
          if (!orm)
            throw new Error('No database: give the context `database: { url }` or import MikroOrmModule.forRoot() in the host app.');
          return new SqlReader(orm, undefined, config);
        },
        inject: [CONTEXT_ORM, { token: MikroORM, optional: true }, APP_CONFIG],
      },
      DataVersionReader,
      identitiesProvider(),
      {
        provide: AUTH_ADAPTER,
        useFactory: (options: ContextModuleOptions, config: AppConfig, moduleRef: ModuleRef) =>
          resolveAuthAdapter(options.auth, config, moduleRef, options.jwtStrategyName),
        inject: [CONTEXT_OPTIONS, APP_CONFIG, ModuleRef],
      },
    ];
    return {
      module: ContextKernelModule,
      imports: async.imports ?? [],
      providers,
      exports: [APP_CONFIG, SqlReader, DataVersionReader, PrincipalDirectory, AUTH_ADAPTER],
    };
  }

  static register(schema: SchemaParts, options: ContextModuleOptions): DynamicModule {
    return ContextKernelModule.registerAsync(schema, { useFactory: () => options });
  }
}

/**
 * The guards' PrincipalDirectory token: the host's IdentityDirectory when `identities` is given
 * (a class built by Nest like the auth adapter), else the built-in one on our tables.
 */
export function resolveIdentities(
  identities: ContextModuleOptions['identities'],
  sql: SqlReader,
  config: AppConfig,
  moduleRef: ModuleRef,
): IdentityDirectory | Promise<IdentityDirectory> {
  if (!identities) return new PrincipalDirectory(sql, config);
  return typeof identities === 'function' ? moduleRef.create(identities) : identities;
}

function identitiesProvider(): Provider {
  return {
    provide: PrincipalDirectory,
    useFactory: (options: ContextModuleOptions, sql: SqlReader, config: AppConfig, moduleRef: ModuleRef) =>
      resolveIdentities(options.identities, sql, config, moduleRef),
    inject: [CONTEXT_OPTIONS, SqlReader, APP_CONFIG, ModuleRef],
  };
}

/** `XModule.forRoot(options)` of a context: the module plus a kernel of its own. */
export function contextModule(module: Type, schema: SchemaParts, options: ContextModuleOptions = {}): DynamicModule {
  return { module, imports: [ContextKernelModule.register(schema, options)] };
}

/** `XModule.forRootAsync({ imports, inject, useFactory })` of a context. */
export function contextModuleAsync(module: Type, schema: SchemaParts, options: ContextModuleAsyncOptions): DynamicModule {
  return { module, imports: [ContextKernelModule.registerAsync(schema, options)] };
}

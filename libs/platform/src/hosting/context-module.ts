import { randomBytes } from 'node:crypto';
import { type DynamicModule, Inject, Injectable, Module, type OnApplicationShutdown, type Provider, type Type } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { AUTH_ADAPTER, type AuthAdapter } from '../auth/auth-adapter';
import { JwtAuthAdapter } from '../auth/jwt-auth.adapter';
import { type AppConfig, type JwtConfig, loadConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import { ormOptions, type SchemaParts } from '../persistence/database';
import { SqlReader } from '../persistence/sql-reader';
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
  /** Settings of the default JWT adapter (JWT_* in the README); `secret` or `publicKey`/`jwksUrl` is required. */
  jwt?: Partial<Pick<JwtConfig, 'algorithm' | 'secret' | 'publicKey' | 'jwksUrl' | 'issuer' | 'audience' | 'clockToleranceSeconds'>>;
  /**
   * A PostgreSQL database of the context's own, with its own pool. Default: the host's
   * connection (the `MikroORM` its MikroOrmModule.forRoot() provides).
   */
  database?: { url: string; poolMax?: number; connectTimeoutMs?: number };
  /** statement_timeout of the own pool (DB_STATEMENT_TIMEOUT_MS); reports use it as their floor. */
  statementTimeoutMs?: number;
  /** How long a principal's user/tenant status is cached, ms (PRINCIPAL_CACHE_TTL_MS). */
  principalCacheTtlMs?: number;
}

const CONTEXT_ORM = Symbol('CONTEXT_ORM');

/** Closes the context's own pool with the host app. */
@Injectable()
class ContextOrmCloser implements OnApplicationShutdown {
  constructor(@Inject(CONTEXT_ORM) private readonly orm: MikroORM) {}

  async onApplicationShutdown(): Promise<void> {
    await this.orm.close(true);
  }
}

/** The options as the validated AppConfig the kernel's providers read (same rules as the service's settings). */
export function contextConfig(options: ContextModuleOptions): AppConfig {
  const text = (value: number | undefined): string | undefined => (value === undefined ? undefined : String(value));
  const jwt = options.jwt ?? {};
  return loadConfig({
    NODE_ENV: 'production',
    DB_POOL_MAX: text(options.database?.poolMax),
    DB_CONNECT_TIMEOUT_MS: text(options.database?.connectTimeoutMs),
    DB_STATEMENT_TIMEOUT_MS: text(options.statementTimeoutMs),
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

/** AUTH_ADAPTER: the given adapter, or the JWT one built from the config. */
export function authAdapterProvider(auth: ContextModuleOptions['auth']): Provider {
  if (!auth) return { provide: AUTH_ADAPTER, useFactory: (config: AppConfig) => new JwtAuthAdapter(config.jwt), inject: [APP_CONFIG] };
  return typeof auth === 'function' ? { provide: AUTH_ADAPTER, useClass: auth } : { provide: AUTH_ADAPTER, useValue: auth };
}

/**
 * The part of the kernel a context needs inside a host app, private to that context (nothing
 * global, no global guard, filter or pipe: @Secured() carries those per controller).
 */
@Module({})
export class ContextKernelModule {
  static register(schema: SchemaParts, options: ContextModuleOptions): DynamicModule {
    const config = contextConfig(options);
    const database = options.database;
    const persistence: Provider[] = database
      ? [
          {
            provide: CONTEXT_ORM,
            useFactory: () =>
              MikroORM.init(
                ormOptions(database.url, schema, {
                  poolMax: config.dbPoolMax,
                  statementTimeoutMs: config.dbStatementTimeoutMs,
                  connectTimeoutMs: config.dbConnectTimeoutMs,
                }),
              ),
          },
          ContextOrmCloser,
          { provide: SqlReader, useFactory: (orm: MikroORM) => new SqlReader(orm), inject: [CONTEXT_ORM] },
        ]
      : [SqlReader];
    return {
      module: ContextKernelModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        ...persistence,
        DataVersionReader,
        PrincipalDirectory,
        authAdapterProvider(options.auth),
      ],
      exports: [APP_CONFIG, SqlReader, DataVersionReader, PrincipalDirectory, AUTH_ADAPTER],
    };
  }
}

/** `XModule.forRoot(options)` of a context: the module plus a kernel of its own. */
export function contextModule(module: Type, schema: SchemaParts, options: ContextModuleOptions = {}): DynamicModule {
  return { module, imports: [ContextKernelModule.register(schema, options)] };
}

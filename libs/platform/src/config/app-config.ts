import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ensureDataDir } from './data-dir';

/**
 * The validated environment: one typed object, built once. Nothing else reads process.env
 * (the bench and test harnesses pass their settings through here too).
 */
export interface AppConfig {
  nodeEnv: string;
  port: number;
  host: string;
  apiPrefix: string;
  databaseUrl: string | undefined;
  /** PostgreSQL schema of every table, function and the migrations table (DATABASE_SCHEMA). */
  databaseSchema: string;
  /** Streaming replicas for the reads (DATABASE_REPLICA_URLS); empty = every read on the primary. */
  databaseReplicaUrls: string[];
  /** A replica lagging more than this is skipped until it catches up (REPLICA_MAX_LAG_MS). */
  replicaMaxLagMs: number;
  dataDir: string;
  /** Database name inside the embedded PostgreSQL. */
  embeddedDatabase: string;
  embeddedPgPort: number;
  dbPoolMax: number;
  dbStatementTimeoutMs: number;
  /**
   * Hot lookups run as named prepared statements, planned once per connection (DB_PREPARED_STATEMENTS).
   * Off only behind a PgBouncer in transaction mode without prepared-statement support.
   */
  dbPreparedStatements: boolean;
  /** Longest wait for a new PostgreSQL connection or a free pool slot before answering 503. */
  dbConnectTimeoutMs: number;
  /**
   * Connections of one pool that streamed responses (exports, the complete supplier list, the
   * report) may hold at once (DB_STREAM_MAX); undefined = half of the pool's size, at least 1, so
   * other requests always find one (CONTRACT §10).
   */
  dbStreamMax: number | undefined;
  /** A streamed response whose client reads nothing for this long is cut and its connection returned (STREAM_STALL_TIMEOUT_MS). */
  streamStallTimeoutMs: number;
  demoData: boolean;
  jwt: JwtConfig;
  corsOrigins: string[] | '*';
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** `pretty`: human lines (the default on a terminal); `json`: one JSON object per line (the default otherwise). */
  logFormat: 'pretty' | 'json';
  requestTimeoutMs: number;
  shutdownTimeoutMs: number;
  /** How long a token's user/tenant status is cached (0 = always read the database); at most 5 s, so a
   *  deactivation reaches every instance within 5 s (CONTRACT §10). */
  principalCacheTtlMs: number;
  /** Failed POST /login attempts allowed per e-mail, and attempts per client IP, in each window (0 = no limit). */
  loginRateLimit: number;
  loginRateWindowSeconds: number;
  /** Bearer token GET /metrics requires; undefined = /metrics is public. */
  metricsToken: string | undefined;
}

export interface JwtConfig {
  algorithm: 'HS256' | 'RS256' | 'ES256';
  /** HS256 secret (also used to sign /login tokens). */
  secret: string | undefined;
  /** PEM public key for RS256/ES256 verification. */
  publicKey: string | undefined;
  /** PEM private key to sign /login tokens with RS256/ES256. */
  privateKey: string | undefined;
  /** JWKS endpoint for RS256/ES256 tokens issued by a host platform. */
  jwksUrl: string | undefined;
  issuer: string;
  audience: string;
  ttlSeconds: number;
  clockToleranceSeconds: number;
  /** True when the secret was generated for development. */
  generatedSecret: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuración inválida:\n - ${problems.join('\n - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Parses "12h", "30m", "45s", "3600" (seconds) into seconds. */
export function parseDuration(value: string): number | undefined {
  const m = /^\s*(\d+)\s*(ms|s|m|h|d)?\s*$/i.exec(value);
  if (!m) return undefined;
  const n = Number(m[1]);
  switch ((m[2] ?? 's').toLowerCase()) {
    case 'ms':
      return Math.ceil(n / 1000);
    case 's':
      return n;
    case 'm':
      return n * 60;
    case 'h':
      return n * 3600;
    default:
      return n * 86400;
  }
}

export function loadConfig(env: Env = process.env, stdoutIsTTY = Boolean(process.stdout.isTTY)): AppConfig {
  const problems: string[] = [];
  const int = (name: string, def: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return def;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name} debe ser un entero entre ${min} y ${max} (recibido "${raw}")`);
      return def;
    }
    return n;
  };
  const bool = (name: string, def: boolean): boolean => {
    const raw = env[name];
    if (raw === undefined || raw === '') return def;
    if (/^(true|1|yes)$/i.test(raw)) return true;
    if (/^(false|0|no)$/i.test(raw)) return false;
    problems.push(`${name} debe ser true o false (recibido "${raw}")`);
    return def;
  };

  const nodeEnv = env.NODE_ENV || 'development';
  const dataDir = resolve(env.DATA_DIR || './.data');
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL debe empezar por postgres:// o postgresql://');
  }

  const databaseSchema = env.DATABASE_SCHEMA || 'public';
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(databaseSchema)) {
    problems.push('DATABASE_SCHEMA debe ser un nombre en minúsculas: letras, dígitos y _');
  }
  const databaseReplicaUrls = (env.DATABASE_REPLICA_URLS ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  databaseReplicaUrls.forEach((url, i) => {
    const problem = replicaUrlProblem(url);
    // The URL is not echoed: it may carry a password.
    if (problem) problems.push(`DATABASE_REPLICA_URLS: la réplica n.º ${i + 1} ${problem}`);
  });

  const algorithm = (env.JWT_ALGORITHM || 'HS256').toUpperCase();
  if (!['HS256', 'RS256', 'ES256'].includes(algorithm)) {
    problems.push(`JWT_ALGORITHM debe ser HS256, RS256 o ES256 (recibido "${env.JWT_ALGORITHM}")`);
  }
  const ttlSeconds = parseDuration(env.JWT_TTL || '12h');
  if (ttlSeconds === undefined || ttlSeconds <= 0) {
    problems.push(`JWT_TTL debe ser una duración como 12h, 30m o 3600 (recibido "${env.JWT_TTL}")`);
  }
  const pem = (name: string): string | undefined => env[name]?.replace(/\\n/g, '\n') || undefined;
  let secret = env.JWT_SECRET || undefined;
  let generatedSecret = false;
  if (algorithm === 'HS256') {
    if (secret && secret.length < 32) problems.push('JWT_SECRET debe tener al menos 32 caracteres');
    if (!secret) {
      if (nodeEnv === 'production') {
        problems.push('JWT_SECRET es obligatorio cuando NODE_ENV=production');
      } else {
        try {
          secret = developmentSecret(dataDir);
          generatedSecret = true;
        } catch (err) {
          problems.push((err as Error).message);
        }
      }
    }
  } else if (!pem('JWT_PUBLIC_KEY') && !env.JWT_JWKS_URL) {
    problems.push(`JWT_ALGORITHM=${algorithm} necesita JWT_PUBLIC_KEY o JWT_JWKS_URL`);
  }

  const cors = (env.CORS_ORIGINS ?? '*').trim();
  const logLevel = (env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info')).toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    problems.push(`LOG_LEVEL debe ser uno de ${LOG_LEVELS.join(', ')}`);
  }
  const logFormat = (env.LOG_FORMAT || (stdoutIsTTY ? 'pretty' : 'json')).toLowerCase();
  if (logFormat !== 'pretty' && logFormat !== 'json') problems.push(`LOG_FORMAT debe ser pretty o json (recibido "${env.LOG_FORMAT}")`);
  if (env.EMBEDDED_PG_DATABASE && !/^[a-z][a-z0-9_]{0,62}$/.test(env.EMBEDDED_PG_DATABASE)) {
    problems.push('EMBEDDED_PG_DATABASE debe ser un nombre en minúsculas: letras, dígitos y _');
  }
  if (env.METRICS_TOKEN && env.METRICS_TOKEN.length < 16) problems.push('METRICS_TOKEN debe tener al menos 16 caracteres');
  const apiPrefix = (env.API_PREFIX || '').replace(/^\/+|\/+$/g, '');

  const config: AppConfig = {
    nodeEnv,
    port: int('PORT', 3000, 0, 65535),
    host: env.HOST || '127.0.0.1',
    apiPrefix,
    databaseUrl,
    databaseSchema,
    databaseReplicaUrls,
    replicaMaxLagMs: int('REPLICA_MAX_LAG_MS', 5000, 0, 3_600_000),
    dataDir,
    embeddedDatabase: env.EMBEDDED_PG_DATABASE || 'nomina',
    embeddedPgPort: int('EMBEDDED_PG_PORT', 0, 0, 65535),
    dbPoolMax: int('DB_POOL_MAX', 10, 1, 200),
    dbStatementTimeoutMs: int('DB_STATEMENT_TIMEOUT_MS', 15000, 0, 3_600_000),
    dbPreparedStatements: bool('DB_PREPARED_STATEMENTS', true),
    dbConnectTimeoutMs: int('DB_CONNECT_TIMEOUT_MS', 2000, 100, 600_000),
    dbStreamMax: undefined,
    streamStallTimeoutMs: int('STREAM_STALL_TIMEOUT_MS', 10_000, 100, 3_600_000),
    demoData: bool('DEMO_DATA', true),
    jwt: {
      algorithm: algorithm as JwtConfig['algorithm'],
      secret,
      publicKey: pem('JWT_PUBLIC_KEY'),
      privateKey: pem('JWT_PRIVATE_KEY'),
      jwksUrl: env.JWT_JWKS_URL || undefined,
      issuer: env.JWT_ISSUER || 'nomina-read-api',
      audience: env.JWT_AUDIENCE || 'nomina-read-api',
      ttlSeconds: ttlSeconds ?? 43200,
      clockToleranceSeconds: int('JWT_CLOCK_TOLERANCE_S', 30, 0, 300),
      generatedSecret,
    },
    corsOrigins:
      cors === '*'
        ? '*'
        : cors
            .split(',')
            .map((o) => o.trim())
            .filter(Boolean),
    logLevel: logLevel as AppConfig['logLevel'],
    logFormat: logFormat as AppConfig['logFormat'],
    requestTimeoutMs: int('REQUEST_TIMEOUT_MS', 30000, 1000, 3_600_000),
    shutdownTimeoutMs: int('SHUTDOWN_TIMEOUT_MS', 10000, 0, 600_000),
    principalCacheTtlMs: int('PRINCIPAL_CACHE_TTL_MS', 5000, 0, 5000),
    loginRateLimit: int('LOGIN_RATE_LIMIT', 10, 0, 1_000_000),
    loginRateWindowSeconds: int('LOGIN_RATE_WINDOW_S', 300, 1, 86_400),
    metricsToken: env.METRICS_TOKEN || undefined,
  };
  if (env.DB_STREAM_MAX !== undefined && env.DB_STREAM_MAX !== '') {
    // At most the pool's size; equal to it lets streams take every connection (not advised).
    config.dbStreamMax = int('DB_STREAM_MAX', 1, 1, config.dbPoolMax);
  }
  if (problems.length) throw new ConfigError(problems);
  return config;
}

function replicaUrlProblem(url: string): string | undefined {
  if (!/^postgres(ql)?:\/\//.test(url)) return 'debe empezar por postgres:// o postgresql://';
  try {
    if (!new URL(url).hostname) return 'no indica el servidor (host)';
  } catch {
    return 'no es una URL válida (revise los caracteres especiales de la contraseña: van codificados con %)';
  }
  return undefined;
}

/** A development-only secret kept in DATA_DIR so tokens survive restarts. */
function developmentSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret.dev');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  ensureDataDir(dataDir, 'Indique una carpeta escribible en DATA_DIR, o defina JWT_SECRET (y DATABASE_URL).');
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

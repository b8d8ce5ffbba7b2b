import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig, parseDuration } from './app-config';

const secret = 'x'.repeat(40);

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({ JWT_SECRET: secret });
    expect(c).toEqual(
      expect.objectContaining({ port: 3000, host: '127.0.0.1', apiPrefix: '', databaseUrl: undefined, demoData: true, corsOrigins: '*' }),
    );
    expect(c.jwt).toEqual(
      expect.objectContaining({
        algorithm: 'HS256',
        ttlSeconds: 43200,
        clockToleranceSeconds: 30,
        issuer: 'nomina-read-api',
        audience: 'nomina-read-api',
      }),
    );
    expect(c.dataDir).toMatch(/\.data$/);
  });

  it('refuses to start in production without JWT_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET es obligatorio/);
  });

  it('creates a development secret in DATA_DIR and reuses it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cfg-'));
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.jwt.generatedSecret).toBe(true);
    expect(readFileSync(join(dir, 'jwt-secret.dev'), 'utf8').trim()).toBe(first.jwt.secret);
    expect(loadConfig({ DATA_DIR: dir }).jwt.secret).toBe(first.jwt.secret);
  });

  it('lists every bad setting at once', () => {
    try {
      loadConfig({ JWT_SECRET: 'short', PORT: 'abc', DEMO_DATA: 'maybe', DATABASE_URL: 'mysql://x', JWT_TTL: 'forever' });
      throw new Error('expected ConfigError');
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      for (const name of ['JWT_SECRET', 'PORT', 'DEMO_DATA', 'DATABASE_URL', 'JWT_TTL']) expect(problems).toContain(name);
    }
  });

  it('parses CORS allow-lists, prefixes and RS256 settings', () => {
    const c = loadConfig({ JWT_SECRET: secret, CORS_ORIGINS: 'https://a.co, https://b.co', API_PREFIX: '/api/v1/' });
    expect(c.corsOrigins).toEqual(['https://a.co', 'https://b.co']);
    expect(c.apiPrefix).toBe('api/v1');
    expect(() => loadConfig({ JWT_ALGORITHM: 'RS256' })).toThrow(/JWT_PUBLIC_KEY o JWT_JWKS_URL/);
    expect(loadConfig({ JWT_ALGORITHM: 'rs256', JWT_JWKS_URL: 'https://idp/jwks' }).jwt.algorithm).toBe('RS256');
  });

  it('METRICS_TOKEN: unset by default, at least 16 characters when set', () => {
    expect(loadConfig({ JWT_SECRET: secret }).metricsToken).toBeUndefined();
    expect(loadConfig({ JWT_SECRET: secret, METRICS_TOKEN: 'scrape-token-0123456789' }).metricsToken).toBe('scrape-token-0123456789');
    expect(() => loadConfig({ JWT_SECRET: secret, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });

  it('has fail-fast database and login brute-force settings (defaults, validation)', () => {
    expect(loadConfig({ JWT_SECRET: secret })).toEqual(
      expect.objectContaining({ dbConnectTimeoutMs: 2000, loginRateLimit: 10, loginRateWindowSeconds: 300 }),
    );
    expect(loadConfig({ JWT_SECRET: secret, LOGIN_RATE_LIMIT: '0', DB_CONNECT_TIMEOUT_MS: '500' })).toEqual(
      expect.objectContaining({ loginRateLimit: 0, dbConnectTimeoutMs: 500 }),
    );
    expect(() => loadConfig({ JWT_SECRET: secret, DB_CONNECT_TIMEOUT_MS: '10', LOGIN_RATE_WINDOW_S: '0', LOGIN_RATE_LIMIT: '-1' })).toThrow(
      /DB_CONNECT_TIMEOUT_MS[\s\S]*LOGIN_RATE_LIMIT[\s\S]*LOGIN_RATE_WINDOW_S/,
    );
  });

  it('streams: STREAM_STALL_TIMEOUT_MS defaults to 10 s; DB_STREAM_MAX unset means half of each pool, else 1..DB_POOL_MAX', () => {
    expect(loadConfig({ JWT_SECRET: secret })).toEqual(expect.objectContaining({ streamStallTimeoutMs: 10_000, dbStreamMax: undefined }));
    expect(loadConfig({ JWT_SECRET: secret, STREAM_STALL_TIMEOUT_MS: '1500', DB_POOL_MAX: '4', DB_STREAM_MAX: '4' })).toEqual(
      expect.objectContaining({ streamStallTimeoutMs: 1500, dbStreamMax: 4 }),
    );
    expect(() => loadConfig({ JWT_SECRET: secret, DB_POOL_MAX: '4', DB_STREAM_MAX: '5' })).toThrow(
      /DB_STREAM_MAX debe ser un entero entre 1 y 4/,
    );
    expect(() => loadConfig({ JWT_SECRET: secret, DB_STREAM_MAX: '0', STREAM_STALL_TIMEOUT_MS: '0' })).toThrow(
      /STREAM_STALL_TIMEOUT_MS[\s\S]*DB_STREAM_MAX/,
    );
  });

  it('DATABASE_REPLICA_URLS: a comma-separated list; an unparsable URL stops the start with a Spanish problem that hides the URL', () => {
    expect(loadConfig({ JWT_SECRET: secret })).toEqual(expect.objectContaining({ databaseReplicaUrls: [], replicaMaxLagMs: 5000 }));
    const c = loadConfig({
      JWT_SECRET: secret,
      DATABASE_REPLICA_URLS: ' postgresql://u:p@r1:5432/db , postgres://u:p@r2/db,',
      REPLICA_MAX_LAG_MS: '800',
    });
    expect([c.databaseReplicaUrls, c.replicaMaxLagMs]).toEqual([['postgresql://u:p@r1:5432/db', 'postgres://u:p@r2/db'], 800]);
    let err: unknown;
    try {
      loadConfig({ JWT_SECRET: secret, DATABASE_REPLICA_URLS: 'postgresql://u:p@r1/db,postgresql://u:se%creto@r2:99999/db,mysql://x' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).problems).toEqual([
      expect.stringMatching(/^DATABASE_REPLICA_URLS: la réplica n.º 2 no es una URL válida/),
      expect.stringMatching(/^DATABASE_REPLICA_URLS: la réplica n.º 3 debe empezar por postgres:\/\//),
    ]);
    expect((err as Error).message).not.toContain('se%creto');
  });

  it('caps PRINCIPAL_CACHE_TTL_MS at 5 s so a deactivation reaches every instance within 5 s', () => {
    expect(loadConfig({ JWT_SECRET: secret, PRINCIPAL_CACHE_TTL_MS: '5000' }).principalCacheTtlMs).toBe(5000);
    expect(() => loadConfig({ JWT_SECRET: secret, PRINCIPAL_CACHE_TTL_MS: '5001' })).toThrow(
      /PRINCIPAL_CACHE_TTL_MS debe ser un entero entre 0 y 5000/,
    );
  });

  it('parses durations', () => {
    expect(parseDuration('12h')).toBe(43200);
    expect(parseDuration('30m')).toBe(1800);
    expect(parseDuration('3600')).toBe(3600);
    expect(parseDuration('1500ms')).toBe(2);
    expect(parseDuration('soon')).toBeUndefined();
  });
});

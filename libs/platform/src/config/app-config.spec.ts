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
    expect(c.jwt).toEqual(expect.objectContaining({ algorithm: 'HS256', ttlSeconds: 43200, clockToleranceSeconds: 30, issuer: 'nomina-read-api', audience: 'nomina-read-api' }));
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
    expect(loadConfig({ JWT_SECRET: secret })).toEqual(expect.objectContaining({ dbConnectTimeoutMs: 2000, loginRateLimit: 10, loginRateWindowSeconds: 300 }));
    expect(loadConfig({ JWT_SECRET: secret, LOGIN_RATE_LIMIT: '0', DB_CONNECT_TIMEOUT_MS: '500' })).toEqual(expect.objectContaining({ loginRateLimit: 0, dbConnectTimeoutMs: 500 }));
    expect(() => loadConfig({ JWT_SECRET: secret, DB_CONNECT_TIMEOUT_MS: '10', LOGIN_RATE_WINDOW_S: '0', LOGIN_RATE_LIMIT: '-1' })).toThrow(
      /DB_CONNECT_TIMEOUT_MS[\s\S]*LOGIN_RATE_LIMIT[\s\S]*LOGIN_RATE_WINDOW_S/,
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

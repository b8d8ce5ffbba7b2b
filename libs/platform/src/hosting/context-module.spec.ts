import { ConfigError } from '../config/app-config';
import type { AuthAdapter } from '../auth/auth-adapter';
import { contextConfig } from './context-module';

const hostAdapter: AuthAdapter = { authenticate: () => null };

describe('contextConfig', () => {
  it('takes the README defaults and the given settings', () => {
    const config = contextConfig({
      jwt: { secret: 'a-host-secret-a-host-secret-0123456789', issuer: 'plataforma' },
      principalCacheTtlMs: 0,
      statementTimeoutMs: 5000,
    });
    expect(config.jwt).toEqual(
      expect.objectContaining({ algorithm: 'HS256', issuer: 'plataforma', audience: 'nomina-read-api', clockToleranceSeconds: 30 }),
    );
    expect([config.principalCacheTtlMs, config.dbStatementTimeoutMs, config.dbPoolMax]).toEqual([0, 5000, 10]);
  });

  it('needs JWT settings only for the default adapter', () => {
    expect(() => contextConfig({})).toThrow(ConfigError);
    expect(() => contextConfig({ auth: hostAdapter })).not.toThrow();
    expect(() => contextConfig({ jwt: { algorithm: 'RS256', jwksUrl: 'https://idp.example/jwks' } })).not.toThrow();
  });

  it('validates like the service settings', () => {
    expect(() => contextConfig({ auth: hostAdapter, principalCacheTtlMs: -1 })).toThrow(/PRINCIPAL_CACHE_TTL_MS/);
  });
});

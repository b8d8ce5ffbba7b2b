import type { AppConfig } from '../config/app-config';
import type { SqlReader } from '../persistence/sql-reader';
import { PrincipalDirectory } from './principal-directory';

const TENANT = '0ee9a9bb-2b87-43f0-82f5-d431917734f8';
const NORTE = '3a2b51cd-ba4b-4dc8-8437-d3cfa4b48f6f';
const SUR = 'b8dd5e62-cb94-4b93-aa5b-04013b5646c1';

/** A directory over a fake reader that counts the subscription queries (on the primary: a replica has no such method here). */
function directory(ttlMs: number): { dir: PrincipalDirectory; queries: () => number } {
  let n = 0;
  const sql = {
    queryOnPrimary: async () => {
      n++;
      return [{ id: NORTE }];
    },
  } as unknown as SqlReader;
  return { dir: new PrincipalDirectory(sql, { principalCacheTtlMs: ttlMs } as AppConfig), queries: () => n };
}

describe('PrincipalDirectory.premiumBusinesses', () => {
  afterEach(() => jest.useRealTimers());

  it('answers a repeated question from its cache, without a promise, until the TTL passes', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const { dir, queries } = directory(5000);
    expect(await dir.premiumBusinesses(TENANT, [NORTE, SUR])).toEqual(new Set([NORTE]));
    const hit = dir.premiumBusinesses(TENANT, [NORTE, SUR]);
    expect(hit).toBeInstanceOf(Set);
    expect(queries()).toBe(1);
    // Another set of businesses is another question.
    await dir.premiumBusinesses(TENANT, [SUR]);
    expect(queries()).toBe(2);
    jest.setSystemTime(1_000_000 + 5001);
    await dir.premiumBusinesses(TENANT, [NORTE, SUR]);
    expect(queries()).toBe(3);
  });

  it('asks every time with PRINCIPAL_CACHE_TTL_MS=0', async () => {
    const { dir, queries } = directory(0);
    await dir.premiumBusinesses(TENANT, [NORTE]);
    await dir.premiumBusinesses(TENANT, [NORTE]);
    expect(queries()).toBe(2);
  });
});

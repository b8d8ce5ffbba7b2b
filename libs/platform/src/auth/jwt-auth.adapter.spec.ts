import type { FastifyRequest } from 'fastify';
import { sign } from 'jsonwebtoken';
import { Strategy } from 'passport-jwt';
import type { JwtConfig } from '../config/app-config';
import { DomainError } from '../errors/domain-error';
import { JwtAuthAdapter, VerifiedTokens } from './jwt-auth.adapter';

const SECRET = 'spec-secret-spec-secret-spec-secret-0123456789';
const TOLERANCE = 30;
const CONFIG: JwtConfig = {
  algorithm: 'HS256',
  secret: SECRET,
  publicKey: undefined,
  privateKey: undefined,
  jwksUrl: undefined,
  issuer: 'nomina-read-api',
  audience: 'nomina-read-api',
  ttlSeconds: 3600,
  clockToleranceSeconds: TOLERANCE,
  generatedSecret: false,
};
const IDS = {
  userId: 'd1999f37-15c4-4b46-b9a9-406b67f936c5',
  tenantId: '0ee9a9bb-2b87-43f0-82f5-d431917734f8',
  businessId: '3a2b51cd-ba4b-4dc8-8437-d3cfa4b48f6f',
};
const NOW = 1_900_000_000;

const token = (claims: Record<string, unknown> = {}): string => {
  const payload: Record<string, unknown> = {
    sub: IDS.userId,
    tid: IDS.tenantId,
    bid: IDS.businessId,
    iat: NOW,
    exp: NOW + 600,
    iss: CONFIG.issuer,
    aud: CONFIG.audience,
    ...claims,
  };
  for (const [name, value] of Object.entries(payload)) if (value === undefined) delete payload[name];
  return sign(payload, SECRET);
};
const request = (jwt: string): FastifyRequest => ({ headers: { authorization: `Bearer ${jwt}` } }) as unknown as FastifyRequest;

/** The adapter's answer: the ids, or the 401 detail. */
async function outcome(adapter: JwtAuthAdapter, jwt: string): Promise<unknown> {
  try {
    return await adapter.authenticate(request(jwt));
  } catch (err) {
    if (err instanceof DomainError) return `${err.status} ${err.detail}`;
    throw err;
  }
}

describe('JwtAuthAdapter: verified tokens are remembered', () => {
  let clock: number;
  let verifications: jest.SpyInstance;
  beforeEach(() => {
    clock = NOW;
    jest.spyOn(Date, 'now').mockImplementation(() => clock * 1000);
    verifications = jest.spyOn(Strategy as unknown as { JwtVerifier: (...a: unknown[]) => void }, 'JwtVerifier');
  });
  afterEach(() => jest.restoreAllMocks());

  it('verifies a token once and answers the next requests with it from memory, synchronously', async () => {
    const adapter = new JwtAuthAdapter(CONFIG);
    const jwt = token();
    await expect(outcome(adapter, jwt)).resolves.toEqual(IDS);
    const again = adapter.authenticate(request(jwt));
    expect(again).toEqual(IDS);
    expect(verifications).toHaveBeenCalledTimes(1);
  });

  it('still rejects it once expired (beyond the clock tolerance), exactly like a first verification', async () => {
    const adapter = new JwtAuthAdapter(CONFIG);
    const jwt = token();
    await outcome(adapter, jwt);
    clock = NOW + 600 + TOLERANCE - 1;
    await expect(outcome(adapter, jwt)).resolves.toEqual(IDS);
    expect(verifications).toHaveBeenCalledTimes(1);
    clock = NOW + 600 + TOLERANCE;
    const fresh = await outcome(new JwtAuthAdapter(CONFIG), jwt);
    expect(fresh).toBe('401 El token expiró; solicite uno nuevo en /login.');
    await expect(outcome(adapter, jwt)).resolves.toBe(fresh);
    await expect(outcome(adapter, jwt)).resolves.toBe(fresh);
  });

  it('rejects it like a first verification when the clock goes back before its nbf', async () => {
    const adapter = new JwtAuthAdapter(CONFIG);
    const jwt = token({ nbf: NOW - 10 });
    await expect(outcome(adapter, jwt)).resolves.toEqual(IDS);
    clock = NOW - 10 - TOLERANCE - 1;
    const fresh = await outcome(new JwtAuthAdapter(CONFIG), jwt);
    expect(fresh).toBe('401 El token todavía no es válido (nbf en el futuro).');
    await expect(outcome(adapter, jwt)).resolves.toBe(fresh);
  });

  it('never answers another text from memory: a changed signature or claim is verified (and refused)', async () => {
    const adapter = new JwtAuthAdapter(CONFIG);
    const jwt = token();
    await outcome(adapter, jwt);
    const [header, payload, signature] = jwt.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), tid: IDS.businessId }),
    ).toString('base64url');
    const detail = '401 El token no es válido (firma o formato incorrectos); solicite uno nuevo en /login.';
    await expect(outcome(adapter, `${header}.${forged}.${signature}`)).resolves.toBe(detail);
    await expect(outcome(adapter, `${header}.${payload}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`)).resolves.toBe(detail);
    await expect(outcome(adapter, `${jwt} `)).resolves.toEqual(IDS);
    expect(verifications).toHaveBeenCalledTimes(3);
  });

  it('does not remember failures: a token without exp is refused every time', async () => {
    const adapter = new JwtAuthAdapter(CONFIG);
    const jwt = token({ exp: undefined });
    for (let i = 0; i < 2; i++) {
      await expect(outcome(adapter, jwt)).resolves.toBe('401 El token no tiene fecha de expiración (exp); solicite uno nuevo en /login.');
    }
    expect(verifications).toHaveBeenCalledTimes(2);
  });
});

describe('VerifiedTokens', () => {
  afterEach(() => jest.restoreAllMocks());

  it('keeps at most its bound, dropping the least recently used', () => {
    jest.spyOn(Date, 'now').mockReturnValue(NOW * 1000);
    const tokens = new VerifiedTokens(0, 3);
    const entry = (n: number) => ({ ids: { ...IDS, userId: String(n) }, exp: NOW + 60 });
    for (const n of [1, 2, 3]) tokens.set(`t${n}`, entry(n));
    expect(tokens.get('t1')?.userId).toBe('1');
    tokens.set('t4', entry(4));
    expect(['t1', 't2', 't3', 't4'].map((t) => tokens.get(t)?.userId)).toEqual(['1', undefined, '3', '4']);
  });

  it('a token in use is never dropped, however many others come and go', () => {
    jest.spyOn(Date, 'now').mockReturnValue(NOW * 1000);
    const tokens = new VerifiedTokens(0, 10);
    tokens.set('hot', { ids: IDS, exp: NOW + 60 });
    for (let n = 0; n < 1000; n++) {
      tokens.set(`t${n}`, { ids: { ...IDS, userId: String(n) }, exp: NOW + 60 });
      expect(tokens.get('hot')).toEqual(IDS);
    }
    expect(tokens.get('t0')).toBeUndefined();
    expect(tokens.get('t999')?.userId).toBe('999');
  });

  it('a hit on a recently used token writes nothing', () => {
    jest.spyOn(Date, 'now').mockReturnValue(NOW * 1000);
    const tokens = new VerifiedTokens(0, 100);
    tokens.set('t', { ids: IDS, exp: NOW + 60 });
    const set = jest.spyOn(Map.prototype, 'set');
    const del = jest.spyOn(Map.prototype, 'delete');
    for (let i = 0; i < 10; i++) expect(tokens.get('t')).toEqual(IDS);
    expect([set.mock.calls.length, del.mock.calls.length]).toEqual([0, 0]);
  });

  it('forgets an entry found expired', () => {
    const now = jest.spyOn(Date, 'now').mockReturnValue(NOW * 1000);
    const tokens = new VerifiedTokens(5);
    tokens.set('t', { ids: IDS, exp: NOW + 10 });
    now.mockReturnValue((NOW + 15) * 1000);
    expect(tokens.get('t')).toBeUndefined();
    now.mockReturnValue((NOW + 14) * 1000);
    expect(tokens.get('t')).toBeUndefined();
  });
});

import { createHmac } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { sign } from 'jsonwebtoken';
import { createTestApp, expectProblem, get, TEST_JWT_SECRET } from './support/test-app';

/**
 * RFC 8725 gaps left by auth-tokens.e2e-spec.ts (which covers alg none, HS256 with a public key,
 * a wrong signature, iss/aud, exp tolerance, nbf, a missing exp, deleted/inactive users and an
 * inactive tenant): tampered claims, claims mixed across tenants, another HMAC algorithm, a
 * stripped signature, malformed claim types, and tokens outside the Authorization header.
 */
const ROUTE = '/empleados';
const ANDINA = '0ee9a9bb-2b87-43f0-82f5-d431917734f8';
const PACIFICO = 'eefc7a24-ca77-4617-a19b-5632192302e1';
const ANA = 'd1999f37-15c4-4b46-b9a9-406b67f936c5';
const MARTA_BUSINESS = '39658e74-ecd3-4e95-97a7-72017b129a74';
const SEDE_NORTE = '3a2b51cd-ba4b-4dc8-8437-d3cfa4b48f6f';
const REPORT = '/reports/reportUtility?dateInitISO=2000-01-01T00:00:00.000Z&dateEndISO=2099-12-31T23:59:59.999Z';

const OPTIONS = { subject: ANA, issuer: 'nomina-read-api', audience: 'nomina-read-api', expiresIn: 600 };
const token = (claims: Record<string, unknown> = {}, options: Record<string, unknown> = {}): string =>
  sign({ tid: ANDINA, bid: SEDE_NORTE, ...claims }, TEST_JWT_SECRET, { algorithm: 'HS256', ...OPTIONS, ...options } as never);

const b64 = (o: unknown): string => Buffer.from(JSON.stringify(o)).toString('base64url');

/** Signed by hand: jsonwebtoken refuses to sign claims of the wrong type. */
function rawToken(payload: Record<string, unknown>): string {
  const now = Math.floor(Date.now() / 1000);
  const body = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: ANA, tid: ANDINA, bid: SEDE_NORTE, iss: 'nomina-read-api', aud: 'nomina-read-api', iat: now, exp: now + 600, ...payload })}`;
  return `${body}.${createHmac('sha256', TEST_JWT_SECRET).update(body).digest('base64url')}`;
}

describe('bearer tokens, RFC 8725 gaps (e2e)', () => {
  let app: NestFastifyApplication;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a valid token passes (control)', async () => {
    expect((await get(app, ROUTE, token())).status).toBe(200);
  });

  it('401 when a claim was changed after signing (tid switched to another tenant)', async () => {
    const [h, p, s] = token().split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    expectProblem(await get(app, ROUTE, `${h}.${b64({ ...payload, tid: PACIFICO })}.${s}`), 401);
  });

  it('401 for a correctly signed token whose user belongs to another tenant than tid', async () => {
    expectProblem(await get(app, ROUTE, token({ tid: PACIFICO, bid: MARTA_BUSINESS })), 401);
  });

  it("a token bound to another tenant's business never reads that business (the report answers 402, not data)", async () => {
    const res = await get(app, REPORT, token({ bid: MARTA_BUSINESS }));
    expect([402, 403]).toContain(expectProblem(res, res.status).status);
  });

  it('401 for HS384/HS512 with the right secret (the algorithm is pinned) and for a stripped signature', async () => {
    expectProblem(await get(app, ROUTE, token({}, { algorithm: 'HS512' })), 401);
    expectProblem(await get(app, ROUTE, token({}, { algorithm: 'HS384' })), 401);
    const [h, p] = token().split('.');
    expectProblem(await get(app, ROUTE, `${h}.${p}.`), 401);
    expectProblem(await get(app, ROUTE, `${h}.${p}`), 401);
  });

  it('401 for claims of the wrong type: exp as text, sub as a number, tid as an array', async () => {
    expect((await get(app, ROUTE, rawToken({}))).status).toBe(200);
    expectProblem(await get(app, ROUTE, rawToken({ exp: String(Math.floor(Date.now() / 1000) + 600) })), 401);
    expectProblem(await get(app, ROUTE, rawToken({ sub: 12345 })), 401);
    expectProblem(await get(app, ROUTE, rawToken({ tid: [ANDINA] })), 401);
    expectProblem(await get(app, ROUTE, rawToken({ aud: ['another-api'] })), 401);
    expectProblem(await get(app, ROUTE, rawToken({ aud: 12345 })), 401);
  });

  it('aud may be an array holding the configured audience (RFC 7519 §4.1.3); an array without it is refused', async () => {
    expect((await get(app, ROUTE, rawToken({ aud: ['another-api', 'nomina-read-api'] }))).status).toBe(200);
    expect((await get(app, ROUTE, rawToken({ aud: ['nomina-read-api'] }))).status).toBe(200);
    expectProblem(await get(app, ROUTE, rawToken({ aud: [] })), 401);
    expectProblem(await get(app, ROUTE, rawToken({ aud: 'another-api' })), 401);
  });

  it('401 for a token whose header carries crit (RFC 7515 §4.1.11: no extension is understood), also once a plain token passed', async () => {
    for (const crit of [['exp'], ['b64'], []]) {
      const critical = sign({ tid: ANDINA, bid: SEDE_NORTE }, TEST_JWT_SECRET, {
        algorithm: 'HS256',
        ...OPTIONS,
        header: { alg: 'HS256', typ: 'JWT', crit },
      } as never);
      const body = expectProblem(await get(app, ROUTE, critical), 401);
      expect(body.detail).toMatch(/crit/);
      // Refused every time (a refused token is never remembered as verified).
      expectProblem(await get(app, ROUTE, critical), 401);
    }
    expect((await get(app, ROUTE, token())).status).toBe(200);
  });

  it('a token is read only from the Authorization header (not the query string, not a cookie)', async () => {
    const t = token();
    expectProblem(await get(app, `${ROUTE}?access_token=${t}`), 401);
    expectProblem(await get(app, ROUTE, undefined, { cookie: `token=${t}; access_token=${t}` }), 401);
    expectProblem(await get(app, ROUTE, undefined, { 'x-access-token': t }), 401);
  });

  it('header parameters pointing elsewhere (jku, x5u, kid) are not followed: the pinned key decides', async () => {
    const withHeader = sign({ tid: ANDINA, bid: SEDE_NORTE }, 'attacker-secret-attacker-secret-attacker', {
      algorithm: 'HS256',
      ...OPTIONS,
      header: { alg: 'HS256', typ: 'JWT', jku: 'http://127.0.0.1:1/jwks.json', x5u: 'http://127.0.0.1:1/cert.pem', kid: '../../dev/null' },
    } as never);
    expectProblem(await get(app, ROUTE, withHeader), 401);
  });
});

import { generateKeyPairSync } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { sign } from 'jsonwebtoken';
import { createTestApp, expectProblem, get, login, TEST_JWT_SECRET } from './support/test-app';

/** Token verification (CONTRACT §2, RFC 8725) and the guard order, on a real secured route. */
const ROUTE = '/empleados';
const ANDINA = '0ee9a9bb-2b87-43f0-82f5-d431917734f8';
const ANA = 'd1999f37-15c4-4b46-b9a9-406b67f936c5';
const SEDE_NORTE = '3a2b51cd-ba4b-4dc8-8437-d3cfa4b48f6f';
const INACTIVE_TENANT = 'bd644c3f-7037-4511-8912-a48f79e8ac14';
const IVAN = 'a7de5b48-e5d8-4b89-83be-19091c52a784';
const PEDRO_INACTIVE = 'c08b200e-388a-42ac-886f-8d649c83555c';

function token(claims: Record<string, unknown> = {}, options: Record<string, unknown> = {}, key: string = TEST_JWT_SECRET): string {
  const merged: Record<string, unknown> = {
    algorithm: 'HS256',
    subject: ANA,
    issuer: 'nomina-read-api',
    audience: 'nomina-read-api',
    expiresIn: 600,
    ...options,
  };
  for (const k of Object.keys(merged)) if (merged[k] === undefined) delete merged[k];
  return sign({ tid: ANDINA, bid: SEDE_NORTE, ...claims }, key, merged as never);
}

function b64(obj: unknown): string {
  return Buffer.from(JSON.stringify(obj)).toString('base64url');
}

describe('bearer tokens (e2e)', () => {
  let app: NestFastifyApplication;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('a well-formed token passes', async () => {
    expect((await get(app, ROUTE, token())).status).toBe(200);
    expect((await get(app, ROUTE, await login(app, 'ana.gomez@andina.example.co', 'a9jJ8y8Tcb#12'))).status).toBe(200);
  });

  it('401 without a token or with a malformed header, saying which', async () => {
    expect(expectProblem(await get(app, ROUTE), 401, 'UNAUTHENTICATED').detail).toMatch(/^Falta el encabezado Authorization/);
    // A header without the scheme is told the scheme is wrong, not that the header is missing.
    for (const authorization of ['abc', 'Basic abc', 'Token abc']) {
      const detail = expectProblem(await get(app, ROUTE, undefined, { authorization }), 401, 'UNAUTHENTICATED').detail;
      expect(detail).toMatch(/no usa el esquema Bearer/);
    }
    const twoTokens = expectProblem(await get(app, ROUTE, undefined, { authorization: 'Bearer abc def' }), 401).detail;
    expect(twoTokens).toMatch(/mal formado/);
    expectProblem(await get(app, ROUTE, 'not-a-jwt'), 401);
  });

  it('401 for alg none, a wrong signature and HS256 signed with a public key', async () => {
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: ANA, tid: ANDINA, bid: SEDE_NORTE, iss: 'nomina-read-api', aud: 'nomina-read-api', exp: Math.floor(Date.now() / 1000) + 600 })}.`;
    expectProblem(await get(app, ROUTE, none), 401);
    expectProblem(await get(app, ROUTE, token({}, {}, 'another-secret-another-secret-another-secret')), 401);
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expectProblem(await get(app, ROUTE, token({}, {}, pem)), 401);
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    expectProblem(
      await get(
        app,
        ROUTE,
        sign({ tid: ANDINA, bid: SEDE_NORTE }, privateKey, {
          algorithm: 'RS256',
          subject: ANA,
          issuer: 'nomina-read-api',
          audience: 'nomina-read-api',
          expiresIn: 600,
        }),
      ),
      401,
    );
  });

  it('401 for a wrong issuer or audience', async () => {
    expectProblem(await get(app, ROUTE, token({}, { issuer: 'someone-else' })), 401);
    expectProblem(await get(app, ROUTE, token({}, { audience: 'another-api' })), 401);
  });

  it('401 when expired beyond the 30 s tolerance; accepted within it', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect(expectProblem(await get(app, ROUTE, token({ exp: now - 31, iat: now - 700 }, { expiresIn: undefined })), 401).detail).toMatch(
      /expiró/,
    );
    expect((await get(app, ROUTE, token({ exp: now - 10, iat: now - 700 }, { expiresIn: undefined }))).status).toBe(200);
  });

  it('401 for nbf in the future and for a token without exp', async () => {
    expectProblem(await get(app, ROUTE, token({}, { notBefore: 120 })), 401);
    expect(expectProblem(await get(app, ROUTE, token({}, { expiresIn: undefined })), 401).detail).toMatch(/exp/);
  });

  it('401 for a deleted user and for claims that are not uuids', async () => {
    expectProblem(await get(app, ROUTE, token({}, { subject: '99999999-9999-4999-8999-999999999999' })), 401);
    expectProblem(await get(app, ROUTE, token({ tid: 'x' })), 401);
  });

  it('401 "Tenant no existe o está inactivo" for a token of an inactive tenant', async () => {
    const res = await get(app, ROUTE, token({ tid: INACTIVE_TENANT, bid: 'f5db79b3-b40f-4cc3-9335-d0a401cf03fe' }, { subject: IVAN }));
    expect(expectProblem(res, 401).detail).toBe('Tenant no existe o está inactivo');
  });

  it('401 "Usuario inactivo" for a token of a deactivated user', async () => {
    const res = await get(app, ROUTE, token({}, { subject: PEDRO_INACTIVE }));
    expect(expectProblem(res, 401, 'USER_INACTIVE').detail).toBe('Usuario inactivo');
  });
});

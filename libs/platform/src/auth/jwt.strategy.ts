import { createPublicKey, createSecretKey, type KeyObject } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { passportJwtSecret } from 'jwks-rsa';
import { ExtractJwt, Strategy, type StrategyOptionsWithoutRequest, type VerifiedCallback } from 'passport-jwt';
import type { JwtConfig } from '../config/app-config';
import { DomainError, PlatformError, PlatformErrorCode } from '../errors/domain-error';
import { normalizeUuid } from '../http/uuid';
import type { AuthAdapter, PrincipalIds } from './auth-adapter';

interface Claims {
  sub?: unknown;
  tid?: unknown;
  bid?: unknown;
  exp?: unknown;
}

function unauthenticated(detail: string): PlatformError {
  return new PlatformError(PlatformErrorCode.UNAUTHENTICATED, detail, undefined, { 'www-authenticate': 'Bearer' });
}

function reason(info: unknown): string {
  const name = (info as Error | undefined)?.name;
  const message = (info as Error | undefined)?.message ?? '';
  if (name === 'TokenExpiredError') return 'El token expiró; solicite uno nuevo en /login.';
  if (name === 'NotBeforeError') return 'El token todavía no es válido (nbf en el futuro).';
  if (/No auth token/i.test(message)) return 'Falta el encabezado Authorization: Bearer <token>. Obtenga un token en POST /login.';
  if (/invalid algorithm/i.test(message)) return 'El token usa un algoritmo de firma no permitido.';
  if (/audience|issuer/i.test(message)) return 'El token no fue emitido para este servicio (iss/aud).';
  return 'El token no es válido (firma o formato incorrectos); solicite uno nuevo en /login.';
}

function principalIds(claims: Claims): PrincipalIds {
  if (typeof claims.exp !== 'number') throw unauthenticated('El token no tiene fecha de expiración (exp); solicite uno nuevo en /login.');
  const userId = normalizeUuid(claims.sub);
  const tenantId = normalizeUuid(claims.tid);
  const businessId = normalizeUuid(claims.bid);
  if (!userId || !tenantId || !businessId) {
    throw unauthenticated('El token no tiene los datos esperados (sub, tid, bid); solicite uno nuevo en /login.');
  }
  return { userId, tenantId, businessId };
}

/** The outcome callbacks passport gives a strategy for one request. */
interface Attempt {
  authenticate(req: unknown, options?: unknown): void;
  success(user: unknown): void;
  fail(info?: unknown): void;
  error(err: unknown): void;
  pass(): void;
  redirect(): void;
}

/**
 * The default AuthAdapter: bearer JWT verification (RFC 8725) — the algorithm is pinned, issuer
 * and audience are checked, `exp` is mandatory and `sub`/`tid`/`bid` must be uuids.
 *
 * Each instance runs its own passport-jwt Strategy directly, the way passport's middleware does,
 * and never registers it in passport's process-wide registry: with a registered name, the app
 * created last would verify the tokens of every app in the process (tests, a host app plus this
 * one) with its own keys, and fail them once it closed.
 */
export class JwtAuthAdapter implements AuthAdapter {
  readonly challenge = 'Bearer';
  private readonly strategy: Strategy;

  constructor(jwt: JwtConfig) {
    // Key objects built once: given a string, jsonwebtoken re-parses it on EVERY verification
    // (createPublicKey, which throws for an HMAC secret, then createSecretKey) — about a third of
    // a cheap request's CPU in the benchmark (bench/README.md).
    const keyOptions: { secretOrKey: KeyObject } | { secretOrKeyProvider: unknown } =
      jwt.algorithm === 'HS256'
        ? { secretOrKey: createSecretKey(Buffer.from(jwt.secret!, 'utf8')) }
        : jwt.publicKey
          ? { secretOrKey: createPublicKey(jwt.publicKey) }
          : { secretOrKeyProvider: passportJwtSecret({ jwksUri: jwt.jwksUrl!, cache: true, rateLimit: true }) };
    this.strategy = new Strategy(
      {
        jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
        ...keyOptions,
        algorithms: [jwt.algorithm],
        issuer: jwt.issuer,
        audience: jwt.audience,
        ignoreExpiration: false,
        jsonWebTokenOptions: { clockTolerance: jwt.clockToleranceSeconds },
      } as StrategyOptionsWithoutRequest,
      (claims: Claims, done: VerifiedCallback) => {
        try {
          done(null, principalIds(claims));
        } catch (err) {
          done(err);
        }
      },
    );
  }

  authenticate(request: FastifyRequest): Promise<PrincipalIds> {
    return new Promise((resolve, reject) => {
      const attempt = Object.create(this.strategy) as Attempt;
      attempt.success = (user) => resolve(user as PrincipalIds);
      attempt.fail = (info) => reject(unauthenticated(reason(info)));
      attempt.error = (err) => reject(err instanceof DomainError ? err : unauthenticated(reason(err)));
      attempt.pass = () => reject(unauthenticated(reason(undefined)));
      attempt.redirect = () => reject(unauthenticated(reason(undefined)));
      attempt.authenticate(request);
    });
  }
}

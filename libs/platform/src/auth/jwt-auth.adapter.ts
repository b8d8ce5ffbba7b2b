import { createPublicKey, createSecretKey, type KeyObject } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { passportJwtSecret } from 'jwks-rsa';
import { type JwtFromRequestFunction, Strategy, type StrategyOptionsWithoutRequest, type VerifiedCallback } from 'passport-jwt';
import type { JwtConfig } from '../config/app-config';
import { DomainError, PlatformError, PlatformErrorCode } from '../errors/domain-error';
import { normalizeUuid } from '../http/uuid';
import type { AuthAdapter, PrincipalIds } from './auth-adapter';

interface Claims {
  sub?: unknown;
  tid?: unknown;
  bid?: unknown;
  exp?: unknown;
  nbf?: unknown;
}

/** What a successful verification yields: the ids and the claims that bound its validity in time. */
export interface Verified {
  ids: PrincipalIds;
  exp: number;
  nbf?: number;
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

function verified(claims: Claims): Verified {
  if (typeof claims.exp !== 'number') throw unauthenticated('El token no tiene fecha de expiración (exp); solicite uno nuevo en /login.');
  const userId = normalizeUuid(claims.sub);
  const tenantId = normalizeUuid(claims.tid);
  const businessId = normalizeUuid(claims.bid);
  if (!userId || !tenantId || !businessId) {
    throw unauthenticated('El token no tiene los datos esperados (sub, tid, bid); solicite uno nuevo en /login.');
  }
  // jsonwebtoken rejects an nbf that is not a number, so a verified one is a number or absent.
  return { ids: { userId, tenantId, businessId }, exp: claims.exp, nbf: claims.nbf as number | undefined };
}

/**
 * `Authorization: Bearer <token>` with exactly one token68 (RFC 6750 §2.1: `"Bearer" 1*SP
 * b64token`); the scheme is case-insensitive (RFC 7235 §2.1). passport-jwt's own extractor takes
 * the first two words of the header and accepted `Bearer <token> junk`; a tab, a second token or
 * anything after the token is a malformed header → no token → 401. Whitespace around the whole
 * value is not part of it (RFC 9110 §5.5 OWS; Node trims it on the wire, app.inject does not).
 */
const BEARER = /^[ \t]*Bearer +([A-Za-z0-9\-._~+/]+=*)[ \t]*$/i;

export function bearerToken(request: { headers: Record<string, string | string[] | undefined> }): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  return BEARER.exec(header)?.[1] ?? null;
}

/** Most verified tokens remembered per adapter (≈ 0.5 KB each). */
export const VERIFIED_TOKENS_MAX = 10_000;

/**
 * Tokens that passed verification with a static key, by their full text (a different signature
 * or claim is a different key), least recently used first. With a fixed key, verifying the same
 * text again can only differ by the clock, so a hit re-checks exactly the time rules jsonwebtoken
 * applies (exp and nbf with the clock tolerance, in whole seconds) and otherwise skips the
 * signature and claim checks. A token that fails them is forgotten and verified again, which
 * gives the same 401 as ever.
 */
export class VerifiedTokens {
  private readonly entries = new Map<string, Verified>();

  constructor(
    private readonly toleranceSeconds: number,
    private readonly max = VERIFIED_TOKENS_MAX,
  ) {}

  get(token: string): PrincipalIds | undefined {
    const hit = this.entries.get(token);
    if (!hit) return undefined;
    this.entries.delete(token);
    const now = Math.floor(Date.now() / 1000);
    if (now >= hit.exp + this.toleranceSeconds || (hit.nbf !== undefined && hit.nbf > now + this.toleranceSeconds)) return undefined;
    this.entries.set(token, hit);
    return hit.ids;
  }

  set(token: string, value: Verified): void {
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(token, value);
  }
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
 *
 * With a static key (HS256 secret, PEM public key) a token that passed is remembered until it
 * expires (VerifiedTokens): the next requests with it skip the HMAC/signature and claim checks.
 */
export class JwtAuthAdapter implements AuthAdapter {
  readonly challenge = 'Bearer';
  private readonly strategy: Strategy;
  private readonly tokenOf: JwtFromRequestFunction = bearerToken;
  /** Only with a static key: keys from a JWKS can change while a token is still unexpired. */
  private readonly verifiedTokens?: VerifiedTokens;

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
    if ('secretOrKey' in keyOptions) this.verifiedTokens = new VerifiedTokens(jwt.clockToleranceSeconds || 0);
    this.strategy = new Strategy(
      {
        jwtFromRequest: this.tokenOf,
        ...keyOptions,
        algorithms: [jwt.algorithm],
        issuer: jwt.issuer,
        audience: jwt.audience,
        ignoreExpiration: false,
        jsonWebTokenOptions: { clockTolerance: jwt.clockToleranceSeconds },
      } as StrategyOptionsWithoutRequest,
      (claims: Claims, done: VerifiedCallback) => {
        try {
          done(null, verified(claims));
        } catch (err) {
          done(err);
        }
      },
    );
  }

  authenticate(request: FastifyRequest): PrincipalIds | Promise<PrincipalIds> {
    const token = this.verifiedTokens && this.tokenOf(request);
    const known = token ? this.verifiedTokens!.get(token) : undefined;
    return known ?? this.verify(request, token);
  }

  private verify(request: FastifyRequest, token: string | null | undefined): Promise<PrincipalIds> {
    return new Promise((resolve, reject) => {
      const attempt = Object.create(this.strategy) as Attempt;
      attempt.success = (user) => {
        const outcome = user as Verified;
        if (token) this.verifiedTokens!.set(token, outcome);
        resolve(outcome.ids);
      };
      attempt.fail = (info) => reject(unauthenticated(reason(info)));
      attempt.error = (err) => reject(err instanceof DomainError ? err : unauthenticated(reason(err)));
      attempt.pass = () => reject(unauthenticated(reason(undefined)));
      attempt.redirect = () => reject(unauthenticated(reason(undefined)));
      attempt.authenticate(request);
    });
  }
}

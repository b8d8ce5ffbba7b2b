import { createPublicKey, createSecretKey, type KeyObject, randomUUID } from 'node:crypto';
import type { OnApplicationShutdown } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import passport from 'passport';
import { passportJwtSecret } from 'jwks-rsa';
import { type JwtFromRequestFunction, Strategy, type StrategyOptionsWithoutRequest } from 'passport-jwt';
import type { JwtConfig } from '../config/app-config';
import { PlatformError, PlatformErrorCode } from '../errors/domain-error';
import { normalizeUuid } from '../http/uuid';
import type { AuthAdapter, PrincipalIds } from './auth-adapter';
import { PassportAuthAdapter } from './passport-auth.adapter';

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

/**
 * Why an Authorization header that is there is not a bearer token (passport only says "no auth
 * token", which read as a missing header); undefined when it is absent or well formed.
 */
export function malformedAuthorization(header: string | string[] | undefined): string | undefined {
  if (header === undefined || (typeof header === 'string' && BEARER.test(header))) return undefined;
  if (typeof header !== 'string') return 'Envíe un solo encabezado Authorization: Bearer <token>.';
  if (!/^[ \t]*Bearer(?:[ \t]|$)/i.test(header)) {
    return 'El encabezado Authorization no usa el esquema Bearer: envíe Authorization: Bearer <token>, con el token de POST /login.';
  }
  return 'El encabezado Authorization está mal formado: debe ser Bearer, un espacio y un solo token, sin otro texto.';
}

/**
 * Whether the token's protected header carries `crit`: RFC 7515 §4.1.11 requires refusing a JWS
 * whose critical extensions the recipient does not understand, and this service understands none
 * (jsonwebtoken ignores the parameter). A header that is not JSON is left to the verifier (401).
 */
export function criticalHeader(token: string | null | undefined): boolean {
  const dot = token ? token.indexOf('.') : -1;
  if (dot <= 0) return false;
  try {
    const header: unknown = JSON.parse(Buffer.from(token!.slice(0, dot), 'base64url').toString('utf8'));
    return typeof header === 'object' && header !== null && Object.prototype.hasOwnProperty.call(header, 'crit');
  } catch {
    return false;
  }
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
 *
 * Recency is kept by moving a hit to the end of the Map (delete + set), but only once it has
 * fallen into the older half (more than max/2 writes since its last move): a token in use then
 * never reaches the front, where entries are dropped, and a busy token costs no Map writes on
 * most requests (they would be a visible part of a cached read's CPU).
 */
export class VerifiedTokens {
  private readonly entries = new Map<string, Verified & { seq: number }>();
  /** Writes so far (inserts and moves); an entry's seq is this count at its last write. */
  private seq = 0;

  constructor(
    private readonly toleranceSeconds: number,
    private readonly max = VERIFIED_TOKENS_MAX,
  ) {}

  get(token: string): PrincipalIds | undefined {
    const hit = this.entries.get(token);
    if (!hit) return undefined;
    const now = Math.floor(Date.now() / 1000);
    if (now >= hit.exp + this.toleranceSeconds || (hit.nbf !== undefined && hit.nbf > now + this.toleranceSeconds)) {
      this.entries.delete(token);
      return undefined;
    }
    if (this.seq - hit.seq > this.max >> 1) {
      this.entries.delete(token);
      hit.seq = ++this.seq;
      this.entries.set(token, hit);
    }
    return hit.ids;
  }

  set(token: string, value: Verified): void {
    this.entries.delete(token);
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(token, { ...value, seq: ++this.seq });
  }
}

/**
 * Our passport-jwt strategy as @nestjs/passport defines strategies, registered in passport under
 * `name` when constructed (PassportStrategy's constructor calls `passport.use(name, this)`).
 */
function jwtStrategy(name: string, options: StrategyOptionsWithoutRequest): Strategy {
  class NominaJwtStrategy extends PassportStrategy(Strategy, name) {
    validate(claims: Claims): Verified {
      return verified(claims);
    }
  }
  return new NominaJwtStrategy(options) as unknown as Strategy;
}

/**
 * The default AuthAdapter: bearer JWT verification (RFC 8725) — the algorithm is pinned, issuer
 * and audience are checked, `exp` is mandatory and `sub`/`tid`/`bid` must be uuids.
 *
 * Through @nestjs/passport: its passport-jwt strategy is a `PassportStrategy(Strategy, name)`
 * registered under a name unique to this instance (`jwtStrategyName`, default
 * `nomina-jwt-<uuid>`), and each request is authenticated with that name, as
 * `AuthGuard(name)` does. Never the shared 'jwt': with one process-wide name, the app created last
 * would verify the tokens of every app in the process (tests, a host app plus this one) with its
 * own keys, and fail them once it closed (test/auth-two-apps). The name is released at shutdown.
 *
 * With a static key (HS256 secret, PEM public key) a token that passed is remembered until it
 * expires (VerifiedTokens): the next requests with it skip passport and the signature and claim checks.
 */
export class JwtAuthAdapter implements AuthAdapter, OnApplicationShutdown {
  readonly challenge = 'Bearer';
  readonly strategyName: string;
  private readonly passport: PassportAuthAdapter;
  private readonly tokenOf: JwtFromRequestFunction = bearerToken;
  /** Only with a static key: keys from a JWKS can change while a token is still unexpired. */
  private readonly verifiedTokens?: VerifiedTokens;

  constructor(jwt: JwtConfig, strategyName: string = `nomina-jwt-${randomUUID()}`) {
    // Key objects built once: given a string, jsonwebtoken re-parses it on EVERY verification
    // (createPublicKey, which throws for an HMAC secret, then createSecretKey) — about a third of
    // a cheap request's CPU.
    const keyOptions: { secretOrKey: KeyObject } | { secretOrKeyProvider: unknown } =
      jwt.algorithm === 'HS256'
        ? { secretOrKey: createSecretKey(Buffer.from(jwt.secret!, 'utf8')) }
        : jwt.publicKey
          ? { secretOrKey: createPublicKey(jwt.publicKey) }
          : { secretOrKeyProvider: passportJwtSecret({ jwksUri: jwt.jwksUrl!, cache: true, rateLimit: true }) };
    if ('secretOrKey' in keyOptions) this.verifiedTokens = new VerifiedTokens(jwt.clockToleranceSeconds || 0);
    this.strategyName = strategyName;
    jwtStrategy(strategyName, {
      jwtFromRequest: this.tokenOf,
      ...keyOptions,
      algorithms: [jwt.algorithm],
      issuer: jwt.issuer,
      audience: jwt.audience,
      ignoreExpiration: false,
      jsonWebTokenOptions: { clockTolerance: jwt.clockToleranceSeconds },
    } as StrategyOptionsWithoutRequest);
    this.passport = new PassportAuthAdapter(
      strategyName,
      (user) => (user as Verified).ids,
      ({ info, error }) => unauthenticated(reason(info ?? error)),
      this.challenge,
    );
  }

  authenticate(request: FastifyRequest): PrincipalIds | Promise<PrincipalIds> {
    const token = this.verifiedTokens && this.tokenOf(request);
    const known = token ? this.verifiedTokens!.get(token) : undefined;
    return known ?? this.verify(request, token);
  }

  onApplicationShutdown(): void {
    passport.unuse(this.strategyName);
  }

  private async verify(request: FastifyRequest, token: string | null | undefined): Promise<PrincipalIds> {
    const malformed = token ? undefined : malformedAuthorization(request.headers.authorization);
    if (malformed) throw unauthenticated(malformed);
    if (criticalHeader(token ?? this.tokenOf(request))) {
      throw unauthenticated('El token declara extensiones críticas (crit) que este servicio no admite; solicite uno nuevo en /login.');
    }
    const outcome = (await this.passport.user(request)) as Verified;
    if (token) this.verifiedTokens!.set(token, outcome);
    return outcome.ids;
  }
}

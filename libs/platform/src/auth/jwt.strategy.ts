import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { passportJwtSecret } from 'jwks-rsa';
import { ExtractJwt, Strategy, type StrategyOptionsWithoutRequest } from 'passport-jwt';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import { PlatformError, PlatformErrorCode } from '../errors/domain-error';
import { normalizeUuid } from '../http/uuid';
import { PrincipalDirectory } from '../tenancy/principal-directory';
import type { AuthPrincipal } from './auth-principal';

interface Claims {
  sub?: unknown;
  tid?: unknown;
  bid?: unknown;
  exp?: unknown;
}

function unauthenticated(detail: string): PlatformError {
  return new PlatformError(PlatformErrorCode.UNAUTHENTICATED, detail, undefined, { 'www-authenticate': 'Bearer' });
}

/**
 * Bearer JWT verification (RFC 8725): the algorithm is pinned, issuer and audience are checked,
 * `exp` is mandatory, and the user behind `sub` must still exist and be active.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly directory: PrincipalDirectory,
  ) {
    const jwt = config.jwt;
    const keyOptions: { secretOrKey: string } | { secretOrKeyProvider: unknown } =
      jwt.algorithm === 'HS256'
        ? { secretOrKey: jwt.secret! }
        : jwt.publicKey
          ? { secretOrKey: jwt.publicKey }
          : { secretOrKeyProvider: passportJwtSecret({ jwksUri: jwt.jwksUrl!, cache: true, rateLimit: true }) };
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      ...keyOptions,
      algorithms: [jwt.algorithm],
      issuer: jwt.issuer,
      audience: jwt.audience,
      ignoreExpiration: false,
      jsonWebTokenOptions: { clockTolerance: jwt.clockToleranceSeconds },
    } as StrategyOptionsWithoutRequest);
  }

  async validate(claims: Claims): Promise<AuthPrincipal> {
    if (typeof claims.exp !== 'number') throw unauthenticated('El token no tiene fecha de expiración (exp); solicite uno nuevo en /login.');
    const userId = normalizeUuid(claims.sub);
    const tenantId = normalizeUuid(claims.tid);
    const businessId = normalizeUuid(claims.bid);
    if (!userId || !tenantId || !businessId) {
      throw unauthenticated('El token no tiene los datos esperados (sub, tid, bid); solicite uno nuevo en /login.');
    }
    const status = await this.directory.status(tenantId, userId);
    if (!status) {
      // An unknown tenant and a deleted user look the same from outside.
      throw new PlatformError(PlatformErrorCode.TENANT_INACTIVE, 'Tenant no existe o está inactivo', undefined, { 'www-authenticate': 'Bearer' });
    }
    if (!status.userActive) throw new PlatformError(PlatformErrorCode.USER_INACTIVE, 'Usuario inactivo', undefined, { 'www-authenticate': 'Bearer' });
    return { userId, tenantId, businessId, tenantActive: status.tenantActive };
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { sign } from 'jsonwebtoken';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import { PlatformError, PlatformErrorCode } from '../errors/domain-error';

/** Issues the tokens returned by POST /login (claims of CONTRACT §2). */
@Injectable()
export class TokenService {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  issue(principal: { userId: string; tenantId: string; businessId: string }): string {
    const jwt = this.config.jwt;
    const key = jwt.algorithm === 'HS256' ? jwt.secret : jwt.privateKey;
    if (!key) {
      throw new PlatformError(
        PlatformErrorCode.NOT_IMPLEMENTED,
        `Este servicio solo verifica tokens ${jwt.algorithm} emitidos por la plataforma; configure JWT_PRIVATE_KEY para emitirlos en /login.`,
      );
    }
    return sign({ tid: principal.tenantId, bid: principal.businessId }, key, {
      algorithm: jwt.algorithm,
      subject: principal.userId,
      issuer: jwt.issuer,
      audience: jwt.audience,
      expiresIn: jwt.ttlSeconds,
    });
  }
}

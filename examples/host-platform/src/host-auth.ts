import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { AuthAdapter, PrincipalIds } from '@nomina-api/platform';

declare module 'fastify' {
  interface FastifyRequest {
    /** The platform's signed-in user, set by the platform's own guard. */
    platformUser?: PrincipalIds;
  }
}

/**
 * The platform's own authentication (a stand-in: it trusts the header its gateway sets,
 * `x-plataforma-usuario: <tenant>:<user>:<business>`). It runs for every route of the platform.
 */
@Injectable()
export class PlatformAuthGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    const header = req.headers['x-plataforma-usuario'];
    if (typeof header === 'string') {
      const [tenantId = '', userId = '', businessId = ''] = header.split(':');
      req.platformUser = { tenantId, userId, businessId };
    }
    return true;
  }
}

/** How the contexts learn who is calling: the user the platform's guard found. */
@Injectable()
export class PlatformAuthAdapter implements AuthAdapter {
  authenticate(request: FastifyRequest): PrincipalIds | null {
    return request.platformUser ?? null;
  }
}

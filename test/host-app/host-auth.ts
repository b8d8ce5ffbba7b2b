import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { AuthAdapter, PrincipalIds } from '@nomina-api/platform';

declare module 'fastify' {
  interface FastifyRequest {
    /** The host's signed-in user, set by the host's own guard. */
    hostUser?: PrincipalIds;
  }
}

/**
 * The host platform's own authentication. A stand-in: it trusts the header its gateway sets,
 * `x-host-user: <tenant>:<user>:<business>`. It guards the host's routes, not payroll's.
 */
@Injectable()
export class HostAuthGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    const header = req.headers['x-host-user'];
    if (typeof header === 'string') {
      const [tenantId = '', userId = '', businessId = ''] = header.split(':');
      req.hostUser = { tenantId, userId, businessId };
    }
    return true;
  }
}

/** How payroll learns who is calling inside the host: the user the host's guard found. */
@Injectable()
export class HostAuthAdapter implements AuthAdapter {
  authenticate(request: FastifyRequest): PrincipalIds | null {
    return request.hostUser ?? null;
  }
}

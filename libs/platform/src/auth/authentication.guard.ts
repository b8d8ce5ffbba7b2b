import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { PlatformError, PlatformErrorCode } from '../errors/domain-error';
import { normalizeUuid } from '../http/uuid';
import { PrincipalDirectory } from '../tenancy/principal-directory';
import { AUTH_ADAPTER, type AuthAdapter } from './auth-adapter';
import type { AuthPrincipal } from './auth-principal';
import { IS_PUBLIC } from './public.decorator';

/**
 * Who is calling: the AuthAdapter's ids, checked against the user directory (the user must exist
 * and be active). The standalone app runs it globally (@Public() opts out); @Secured() runs it on
 * its controllers too, so a host app that has no global guard of ours still authenticates them.
 */
@Injectable()
export class AuthenticationGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(AUTH_ADAPTER) private readonly adapter: AuthAdapter,
    private readonly directory: PrincipalDirectory,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()])) return true;
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    // Already authenticated by the global instance of this guard (standalone app).
    if (req.principal) return true;
    req.principal = await this.authenticate(req);
    return true;
  }

  private async authenticate(req: FastifyRequest): Promise<AuthPrincipal> {
    const headers = this.adapter.challenge ? { 'www-authenticate': this.adapter.challenge } : undefined;
    const ids = await this.adapter.authenticate(req);
    if (!ids) throw new PlatformError(PlatformErrorCode.UNAUTHENTICATED, 'La solicitud no identifica al usuario: faltan las credenciales.', undefined, headers);
    const userId = normalizeUuid(ids.userId);
    const tenantId = normalizeUuid(ids.tenantId);
    const businessId = normalizeUuid(ids.businessId);
    if (!userId || !tenantId || !businessId) {
      throw new PlatformError(PlatformErrorCode.UNAUTHENTICATED, 'La identidad del usuario no es válida: tenant, usuario y negocio deben ser uuid.', undefined, headers);
    }
    const status = await this.directory.status(tenantId, userId);
    // An unknown tenant and a deleted user look the same from outside.
    if (!status) throw new PlatformError(PlatformErrorCode.TENANT_INACTIVE, 'Tenant no existe o está inactivo', undefined, headers);
    if (!status.userActive) throw new PlatformError(PlatformErrorCode.USER_INACTIVE, 'Usuario inactivo', undefined, headers);
    return { userId, tenantId, businessId, tenantActive: status.tenantActive };
  }
}

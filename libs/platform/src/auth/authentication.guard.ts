import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { PlatformError, PlatformErrorCode } from '../errors/domain-error';
import { RouteMetadata } from '../http/route-metadata';
import { normalizeUuid, toWireUuid } from '../http/uuid';
import { PrincipalDirectory } from '../tenancy/principal-directory';
import { AUTH_ADAPTER, type AuthAdapter } from './auth-adapter';
import type { AuthPrincipal } from './auth-principal';
import { IS_PUBLIC } from './public.decorator';
import { httpRequest } from '../http/http-context';

/**
 * Who is calling: the AuthAdapter's ids, checked against the user directory (the user must exist
 * and be active). The standalone app runs it globally (@Public() opts out); @Secured() runs it on
 * its controllers too, so a host app that has no global guard of ours still authenticates them.
 */
@Injectable()
export class AuthenticationGuard implements CanActivate {
  private readonly isPublic: RouteMetadata<boolean>;

  constructor(
    reflector: Reflector,
    @Inject(AUTH_ADAPTER) private readonly adapter: AuthAdapter,
    private readonly directory: PrincipalDirectory,
  ) {
    this.isPublic = new RouteMetadata(reflector, IS_PUBLIC);
  }

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const req = httpRequest(context);
    // Already authenticated by the global instance of this guard (standalone app): checked first,
    // it spares the metadata lookup on every @Secured() route.
    if (req.principal) return true;
    if (this.isPublic.get(context)) return true;
    return andThen(this.authenticate(req), (principal) => {
      req.principal = principal;
      return true;
    });
  }

  /** Synchronous when the adapter and the directory answer from their caches (the usual case). */
  private authenticate(req: FastifyRequest): AuthPrincipal | Promise<AuthPrincipal> {
    const headers = this.adapter.challenge ? { 'www-authenticate': this.adapter.challenge } : undefined;
    return andThen(this.adapter.authenticate(req), (ids) => {
      if (!ids)
        throw new PlatformError(
          PlatformErrorCode.UNAUTHENTICATED,
          'La solicitud no identifica al usuario: faltan las credenciales.',
          undefined,
          headers,
        );
      const userId = normalizeUuid(ids.userId);
      const tenantId = normalizeUuid(ids.tenantId);
      const businessId = normalizeUuid(ids.businessId);
      if (!userId || !tenantId || !businessId) {
        throw new PlatformError(
          PlatformErrorCode.UNAUTHENTICATED,
          'La identidad del usuario no es válida: tenant, usuario y negocio deben ser uuid.',
          undefined,
          headers,
        );
      }
      return andThen(this.directory.status(tenantId, userId), (status) => {
        // The identity port knows the tenant but not this user (an unknown tenant comes back as an
        // inactive one): the answer names the user, the thing to fix.
        if (!status) {
          throw new PlatformError(
            PlatformErrorCode.UNAUTHENTICATED,
            `Usuario desconocido: el usuario ${toWireUuid(userId)} no existe en el tenant ${toWireUuid(tenantId)}.`,
            undefined,
            headers,
          );
        }
        if (!status.userActive) throw new PlatformError(PlatformErrorCode.USER_INACTIVE, 'Usuario inactivo', undefined, headers);
        const principal: AuthPrincipal = { userId, tenantId, businessId, tenantActive: status.tenantActive };
        if (status.role !== undefined) principal.role = status.role;
        return principal;
      });
    });
  }
}

/**
 * `fn(value)` now when the value is at hand, after it settles when it is a promise (or any
 * thenable): a request served from caches creates no promise here. Nest awaits the guard's
 * result either way, and a synchronous throw fails the request exactly like a rejection.
 */
function andThen<T, R>(value: T | PromiseLike<T>, fn: (value: T) => R | Promise<R>): R | Promise<R> {
  if (typeof (value as PromiseLike<T> | undefined)?.then === 'function') return Promise.resolve(value).then(fn);
  return fn(value as T);
}

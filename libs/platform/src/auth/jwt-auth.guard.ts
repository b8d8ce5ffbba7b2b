import { type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { DomainError, PlatformError, PlatformErrorCode } from '../errors/domain-error';
import type { AuthPrincipal } from './auth-principal';
import { IS_PUBLIC } from './public.decorator';

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

/** Global guard: every route needs a valid bearer JWT unless marked @Public(). */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override canActivate(context: ExecutionContext): boolean | Promise<boolean> | import('rxjs').Observable<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    return super.canActivate(context);
  }

  override handleRequest<T = AuthPrincipal>(err: unknown, user: T | false, info: unknown): T {
    if (err instanceof DomainError) throw err;
    if (err || !user) {
      throw new PlatformError(PlatformErrorCode.UNAUTHENTICATED, reason(info ?? err), undefined, { 'www-authenticate': 'Bearer' });
    }
    return user;
  }
}

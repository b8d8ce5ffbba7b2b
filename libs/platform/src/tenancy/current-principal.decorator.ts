import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { AuthPrincipal, BusinessScope } from '../auth/auth-principal';
import { httpRequest } from '../http/http-context';

/** The authenticated principal; fails loudly if used on a route the auth guard did not run on. */
export const CurrentPrincipal = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthPrincipal => {
  const user = httpRequest(ctx).principal;
  if (!user) throw new Error('@CurrentPrincipal() used on a route without authentication (missing @Secured()).');
  return user;
});

/** The tenant id of the caller (payroll and supplier reads take it as their first field). */
export const CurrentTenant = createParamDecorator((_: unknown, ctx: ExecutionContext): string => {
  const user = httpRequest(ctx).principal;
  if (!user) throw new Error('@CurrentTenant() used on a route without authentication (missing @Secured()).');
  return user.tenantId;
});

/** The businesses resolved by BusinessScopeGuard or PremiumGuard; fails loudly without @Secured({ business: true }) or ({ premium: true }). */
export const CurrentBusinessScope = createParamDecorator((_: unknown, ctx: ExecutionContext): BusinessScope => {
  const scope = httpRequest(ctx).businessScope;
  if (!scope) throw new Error('@CurrentBusinessScope() requires @Secured({ business: true }) or @Secured({ premium: true }).');
  return scope;
});

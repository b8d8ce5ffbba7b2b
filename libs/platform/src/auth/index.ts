/**
 * `@nomina-api/platform/auth`: who is calling. The AuthAdapter port and its two adapters (our JWT,
 * a host's Passport strategy), the principal they produce, `@Public()`, and the password hash the
 * importer writes and login checks. The login endpoint itself is PlatformModule's.
 */
export { AUTH_ADAPTER, type AuthAdapter, type PrincipalIds } from './auth-adapter';
export type { AuthPrincipal, BusinessScope } from './auth-principal';
export { JwtAuthAdapter } from './jwt-auth.adapter';
export { PassportAuthAdapter, type PassportFailure } from './passport-auth.adapter';
export { hashPassword, verifyPassword } from './password';
export { IS_PUBLIC, Public } from './public.decorator';

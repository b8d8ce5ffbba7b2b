import type { FastifyRequest } from 'fastify';

/** The ids a request is made for: all a context needs from authentication. */
export interface PrincipalIds {
  tenantId: string;
  userId: string;
  /** The business the caller works in (reports default to it). */
  businessId: string;
}

/**
 * How a caller is identified. The default is the bearer JWT of this service (JwtAuthAdapter); a
 * host platform plugs in its own (or its passport strategy, PassportAuthAdapter). An adapter only
 * says who is calling: AuthenticationGuard then requires the user to be active and TenantGuard the
 * tenant, as the identity port says (IdentityDirectory; default: this service's tables).
 */
export interface AuthAdapter {
  /**
   * The caller's ids (any uuid spelling), or null when the request carries no credentials (401).
   * Throw a DomainError for a 401 with a detail of your own.
   */
  authenticate(request: FastifyRequest): Promise<PrincipalIds | null> | PrincipalIds | null;
  /** WWW-Authenticate value sent with this scheme's 401s, e.g. 'Bearer'. */
  readonly challenge?: string;
}

/** Injection token of the AuthAdapter in use. */
export const AUTH_ADAPTER = Symbol('AUTH_ADAPTER');

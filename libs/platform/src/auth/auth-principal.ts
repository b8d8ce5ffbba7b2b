/** Who is calling: all a context needs from authentication (a host platform can supply its own). */
export interface AuthPrincipal {
  userId: string;
  tenantId: string;
  /** The business the token is bound to (reports default to it). */
  businessId: string;
  tenantActive: boolean;
  /** The user's role as the identity directory reports it (absent when it reports none). */
  role?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by AuthenticationGuard. Not `user`, which a host's own auth (passport, @fastify/jwt) may own. */
    principal?: AuthPrincipal;
    businessScope?: BusinessScope;
  }
}

/** The businesses a report request covers, resolved by BusinessScopeGuard (and checked by PremiumGuard on premium routes). */
export interface BusinessScope {
  businessIds: string[];
  allBusiness: boolean;
}

import type { PrincipalStatus } from './principal-directory';

/**
 * The identity port: what the contexts need to know about a caller once the AuthAdapter has said
 * who it is. The built-in implementation (PrincipalDirectory) reads this service's `tenant`,
 * `usuario`, `usuario_negocio` and `suscripcion` tables; a host with identities of its own gives
 * `identities` to `forRoot` and needs no rows there. The contract's rules still apply, driven by
 * what it returns: null (a user the tenant does not have) → 401 UNAUTHENTICATED naming the user,
 * `tenantActive: false` (also for a tenant that does not exist) → 401 TENANT_INACTIVE,
 * `userActive: false` → 401 USER_INACTIVE, a `businessId` outside `businessIds` → 403, a business
 * missing from `premiumBusinesses` → 402 on the reports. Its `role` is handed on in the request's
 * principal.
 */
export interface IdentityDirectory {
  /**
   * The user's and tenant's state and the user's businesses (in their order). null: the tenant has
   * no such user. A tenant that does not exist: `tenantActive: false` (and `userActive: true`, so
   * the answer is about the tenant).
   */
  status(tenantId: string, userId: string): PrincipalStatus | null | Promise<PrincipalStatus | null>;
  /** Which of these businesses of the tenant have a PREMIUM plan active now. */
  premiumBusinesses(tenantId: string, businessIds: string[]): Set<string> | Promise<Set<string>>;
}

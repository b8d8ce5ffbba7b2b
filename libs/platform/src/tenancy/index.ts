/**
 * `@nomina-api/platform/tenancy`: what a caller may see. `@Secured()` on a controller (authentication,
 * tenant and premium guards, problem+json filter), the parameter decorators that read the checked
 * principal, and the identity port a host may implement.
 */
export { CurrentBusinessScope, CurrentPrincipal, CurrentTenant } from './current-principal.decorator';
export type { IdentityDirectory } from './identity-directory';
export { PrincipalDirectory, type PrincipalStatus } from './principal-directory';
export { SECURED, Secured, type SecuredOptions } from './secured.decorator';

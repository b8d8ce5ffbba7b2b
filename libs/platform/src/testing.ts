/**
 * `@nomina-api/platform/testing`: fixtures for specs, bench/ and scripts/ only (lint keeps it out of
 * production code); not part of the published package.
 */
export { PAGO_LIKE_COLUMNS } from './export/__fixtures__/export-rows';
export { attachFakeCursor } from './persistence/__fixtures__/fake-cursor';
/** What @Secured() applies, in its order, for specs that check each route's metadata (apps/api/src/route-security.spec.ts). */
export { AuthenticationGuard } from './auth/authentication.guard';
export { BusinessScopeGuard } from './tenancy/business-scope.guard';
export { ConditionalRequestGuard } from './conditional/conditional.guard';
export { ProblemDetailsFilter } from './http/problem-details.filter';
export { PremiumGuard } from './tenancy/premium.guard';
export { TenantGuard } from './tenancy/tenant.guard';

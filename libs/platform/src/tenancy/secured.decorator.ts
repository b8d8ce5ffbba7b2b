import { applyDecorators, SetMetadata, type Type, UseFilters, UseGuards } from '@nestjs/common';
import { ApiBearerAuth } from '@nestjs/swagger';
import { AuthenticationGuard } from '../auth/authentication.guard';
import { ConditionalRequestGuard } from '../conditional/conditional.guard';
import { ApiProblem } from '../http/api-problem.decorator';
import { applyLegacyErrorMember } from '../http/legacy-error-member';
import { ProblemDetailsFilter } from '../http/problem-details.filter';
import { BusinessScopeGuard } from './business-scope.guard';
import { PremiumGuard } from './premium.guard';
import { SECURED, type SecuredOptions } from './secured.metadata';
import { TenantGuard } from './tenant.guard';

export { SECURED, type SecuredOptions } from './secured.metadata';

/**
 * The one decorator for protected controllers. Order (documented, tested):
 *  1. AuthenticationGuard — the AuthAdapter identifies the caller (bearer JWT by default), the
 *     user exists and is active (401); global in the standalone app, where this run is a no-op;
 *  2. TenantGuard — the caller's tenant exists and is active (401);
 *  3. PremiumGuard (premium: true) — business selection (400/403) and subscription (402); or
 *     BusinessScopeGuard (business: true) — the business selection alone;
 *  4. ConditionalRequestGuard — on a @Conditional() route, the ETag and the 304 (CONTRACT §9),
 *     which must come after every check above; a no-op elsewhere.
 * It also brings the problem+json filter, so the controller behaves the same inside a host app
 * that has none globally, and declares bearer auth and the matching error responses in OpenAPI.
 * DTO parameters carry their validation pipe themselves (`ValidDto`, http/validation.pipe.ts).
 * `legacyErrorMember` (on a class) gives every problem of its routes the legacy `error` member.
 */
export function Secured(options: SecuredOptions = {}): ClassDecorator & MethodDecorator {
  const scope = options.premium ? [PremiumGuard] : options.business ? [BusinessScopeGuard] : [];
  const guards = [AuthenticationGuard, TenantGuard, ...scope, ConditionalRequestGuard];
  const decorators = [
    SetMetadata(SECURED, options),
    UseGuards(...guards),
    UseFilters(ProblemDetailsFilter),
    ApiBearerAuth('bearer'),
    ApiProblem(401, 'Token ausente, inválido o expirado; o tenant inexistente o inactivo.', {
      title: 'No autorizado',
      code: 'TENANT_INACTIVE',
      detail: 'Tenant no existe o está inactivo',
    }),
  ];
  if (options.premium) {
    decorators.push(
      ApiProblem(402, 'El negocio (o alguno, con allBusiness=true) no tiene un plan PREMIUM vigente.', {
        title: 'Pago requerido',
        code: 'PREMIUM_REQUIRED',
        detail: 'Suscripción premium requerida',
      }),
    );
  }
  if (options.premium || options.business) {
    decorators.push(
      ApiProblem(403, 'businessId no es uno de los negocios del usuario.', {
        title: 'Prohibido',
        code: 'BUSINESS_FORBIDDEN',
        detail: 'El negocio 3A2B51CD... no pertenece al usuario.',
      }),
    );
  }
  const apply = applyDecorators(...decorators);
  if (!options.legacyErrorMember) return apply;
  return ((target: object, _key?: string | symbol, descriptor?: PropertyDescriptor) => {
    if (descriptor) throw new Error('@Secured({ legacyErrorMember: true }) goes on a controller class, not on a method.');
    (apply as ClassDecorator)(target as Type<unknown>);
    // After the class's own 401 above and after every method decorator (they run before a class decorator).
    applyLegacyErrorMember(target as Type<unknown>);
    return undefined;
  }) as ClassDecorator & MethodDecorator;
}

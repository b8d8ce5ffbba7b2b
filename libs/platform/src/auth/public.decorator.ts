import { applyDecorators, SetMetadata, UsePipes } from '@nestjs/common';
import { SWAGGER_KEYS } from '../http/swagger-keys';
import { createValidationPipe } from '../http/validation.pipe';

export const IS_PUBLIC = 'auth:public';

/**
 * Opts a route out of the global authentication guard (login, health, docs); OpenAPI says
 * `security: []`. Like @Secured(), it brings the validation pipe: every route is one or the other
 * (test/route-security), so each validates its DTOs exactly once and the app needs no global pipe
 * (which ran the same pipe a second time on every parameter of every secured route).
 */
export const Public = (): MethodDecorator & ClassDecorator =>
  applyDecorators(SetMetadata(IS_PUBLIC, true), SetMetadata(SWAGGER_KEYS.API_SECURITY, []), UsePipes(createValidationPipe()));

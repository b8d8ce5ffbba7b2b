import { applyDecorators, SetMetadata } from '@nestjs/common';
import { SWAGGER_KEYS } from '../http/swagger-keys';

export const IS_PUBLIC = 'auth:public';

/**
 * Opts a route out of the global authentication guard (login, health, docs); OpenAPI says
 * `security: []`. DTO parameters carry their validation pipe themselves (`ValidDto`): there is no
 * global or controller-wide pipe, which ran on every parameter of every route.
 */
export const Public = (): MethodDecorator & ClassDecorator =>
  applyDecorators(SetMetadata(IS_PUBLIC, true), SetMetadata(SWAGGER_KEYS.API_SECURITY, []));

import { applyDecorators, SetMetadata } from '@nestjs/common';
import { DECORATORS } from '@nestjs/swagger';

export const IS_PUBLIC = 'auth:public';

/** Opts a route out of the global authentication guard (login, health, docs); OpenAPI says `security: []`. */
export const Public = (): MethodDecorator & ClassDecorator => applyDecorators(SetMetadata(IS_PUBLIC, true), SetMetadata(DECORATORS.API_SECURITY, []));

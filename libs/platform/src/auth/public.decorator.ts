import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'auth:public';

/** Opts a route out of the global JWT guard (login, health, docs). */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC, true);

import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { IS_PUBLIC } from '@nomina-api/platform/auth/public.decorator';
import { SECURED } from '@nomina-api/platform/tenancy/secured.decorator';
import { createTestApp } from './support/test-app';

/** Every route must say who may call it: @Public() or @Secured(). A new unmarked route fails here. */
describe('route security', () => {
  let app: NestFastifyApplication;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('every route is either public or secured', () => {
    const routes: { route: string; public: boolean; secured: boolean }[] = [];
    for (const mod of app.get(ModulesContainer).values()) {
      for (const wrapper of mod.controllers.values()) {
        const ctrl = wrapper.metatype as (new (...a: unknown[]) => unknown) | null;
        if (!ctrl) continue;
        const proto = ctrl.prototype as Record<string, unknown>;
        for (const name of Object.getOwnPropertyNames(proto)) {
          const handler = proto[name];
          if (name === 'constructor' || typeof handler !== 'function') continue;
          if (Reflect.getMetadata(METHOD_METADATA, handler) === undefined) continue;
          const meta = (key: string): unknown => Reflect.getMetadata(key, handler) ?? Reflect.getMetadata(key, ctrl);
          routes.push({
            route: `${ctrl.name}.${name} ${String(Reflect.getMetadata(PATH_METADATA, ctrl))}/${String(Reflect.getMetadata(PATH_METADATA, handler))}`,
            public: meta(IS_PUBLIC) === true,
            secured: meta(SECURED) !== undefined,
          });
        }
      }
    }
    expect(routes.length).toBeGreaterThan(2);
    const unmarked = routes.filter((r) => !r.public && !r.secured).map((r) => r.route);
    expect(unmarked).toEqual([]);
    const both = routes.filter((r) => r.public && r.secured).map((r) => r.route);
    expect(both).toEqual([]);
  });
});

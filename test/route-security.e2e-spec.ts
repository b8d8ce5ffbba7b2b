import { ValidationPipe } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { getMetadataStorage } from 'class-validator';
import { ModulesContainer } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { IS_PUBLIC } from '@nomina-api/platform/auth';
import { SECURED } from '@nomina-api/platform/tenancy';
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
  /**
   * No pipe is controller-wide (@Secured/@Public bring none): a DTO parameter must carry ValidDto, or it is not validated at all;
   * and ValidDto validates synchronously, so no rule of such a DTO may be asynchronous.
   */
  it('every class-validator DTO parameter has its validation pipe', () => {
    const checked: string[] = [];
    const missing: string[] = [];
    const asynchronous: string[] = [];
    for (const mod of app.get(ModulesContainer).values()) {
      for (const wrapper of mod.controllers.values()) {
        const ctrl = wrapper.metatype as (new (...a: unknown[]) => unknown) | null;
        if (!ctrl) continue;
        for (const name of Object.getOwnPropertyNames(ctrl.prototype)) {
          const args = Reflect.getMetadata(ROUTE_ARGS_METADATA, ctrl, name) as
            Record<string, { index: number; pipes?: unknown[] }> | undefined;
          const types = Reflect.getMetadata('design:paramtypes', ctrl.prototype as object, name) as unknown[] | undefined;
          if (!args || !types) continue;
          for (const arg of Object.values(args)) {
            const type = types[arg.index];
            const rules = typeof type === 'function' ? getMetadataStorage().getTargetValidationMetadatas(type, '', true, false) : [];
            if (typeof type !== 'function' || rules.length === 0) continue;
            const route = `${ctrl.name}.${name} parameter ${arg.index} (${type.name})`;
            checked.push(route);
            if (!(arg.pipes ?? []).some((p) => p instanceof ValidationPipe)) missing.push(route);
            // ValidDto validates with validateSync, which skips an asynchronous rule.
            for (const rule of rules) {
              const constraints = rule.constraintCls ? getMetadataStorage().getTargetValidatorConstraints(rule.constraintCls) : [];
              if (constraints.some((c) => c.async)) asynchronous.push(`${route}: ${rule.propertyName}`);
            }
          }
        }
      }
    }
    // The supplier list, the report and the login take DTOs.
    expect(checked.length).toBeGreaterThanOrEqual(3);
    expect(missing).toEqual([]);
    expect(asynchronous).toEqual([]);
  });
});

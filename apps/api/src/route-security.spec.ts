import { Controller, type DynamicModule, Get, Query, SetMetadata, type Type, UseGuards, ValidationPipe } from '@nestjs/common';
import {
  EXCEPTION_FILTERS_METADATA,
  GUARDS_METADATA,
  METHOD_METADATA,
  MODULE_METADATA,
  PATH_METADATA,
  ROUTE_ARGS_METADATA,
} from '@nestjs/common/constants';
import { getMetadataStorage, IsDefined } from 'class-validator';
import {
  AuthenticationGuard,
  BusinessScopeGuard,
  ConditionalRequestGuard,
  PremiumGuard,
  ProblemDetailsFilter,
  TenantGuard,
} from '@nomina-api/platform/testing';
import { IS_PUBLIC, Public } from '@nomina-api/platform/auth';
import type { AppConfig } from '@nomina-api/platform/config';
import { SECURED, type SecuredOptions } from '@nomina-api/platform/tenancy';
import { AppModule } from './app.module';

/**
 * Every route's auth metadata, read from the decorators without starting the app (no database):
 * the controllers are those the app module mounts (platform and every context). The same sweep
 * runs end to end in test/route-security.e2e-spec.ts, on the started app.
 */
type Module = Type | DynamicModule;

/** The controllers of a module and of everything it imports, as Nest would register them. */
function controllersOf(module: Module, seen = new Set<Module>()): Type[] {
  if (seen.has(module)) return [];
  seen.add(module);
  const dynamic = 'module' in module ? module : undefined;
  const type = dynamic ? dynamic.module : (module as Type);
  const meta = <T>(key: string): T[] => (Reflect.getMetadata(key, type) as T[] | undefined) ?? [];
  const controllers = [...meta<Type>(MODULE_METADATA.CONTROLLERS), ...(dynamic?.controllers ?? [])];
  const imports = [...meta<Module>(MODULE_METADATA.IMPORTS), ...((dynamic?.imports ?? []) as Module[])];
  return [...controllers, ...imports.flatMap((m) => controllersOf(m, seen))];
}

interface Route {
  name: string;
  controller: Type;
  handler: (...args: unknown[]) => unknown;
  method: string;
}

function routesOf(controller: Type): Route[] {
  const proto = controller.prototype as Record<string, unknown>;
  return Object.getOwnPropertyNames(proto).flatMap((method) => {
    const handler = proto[method];
    if (method === 'constructor' || typeof handler !== 'function') return [];
    if (Reflect.getMetadata(METHOD_METADATA, handler) === undefined) return [];
    const path = `${String(Reflect.getMetadata(PATH_METADATA, controller))}/${String(Reflect.getMetadata(PATH_METADATA, handler))}`;
    return [{ name: `${controller.name}.${method} ${path}`, controller, handler: handler as Route['handler'], method }];
  });
}

/** Method metadata wins over the class's, as in Nest's Reflector.getAllAndOverride. */
function meta<T>(route: Route, key: string): T | undefined {
  return (Reflect.getMetadata(key, route.handler) as T | undefined) ?? (Reflect.getMetadata(key, route.controller) as T | undefined);
}

/** The guards Nest runs for the route: the class's, then the method's. */
function guards(route: Route): unknown[] {
  return [
    ...((Reflect.getMetadata(GUARDS_METADATA, route.controller) as unknown[]) ?? []),
    ...((Reflect.getMetadata(GUARDS_METADATA, route.handler) as unknown[]) ?? []),
  ];
}

function filters(route: Route): unknown[] {
  return [
    ...((Reflect.getMetadata(EXCEPTION_FILTERS_METADATA, route.controller) as unknown[]) ?? []),
    ...((Reflect.getMetadata(EXCEPTION_FILTERS_METADATA, route.handler) as unknown[]) ?? []),
  ];
}

const SECURED_GUARDS = [AuthenticationGuard, TenantGuard, ConditionalRequestGuard];
const PREMIUM_GUARDS = [AuthenticationGuard, TenantGuard, PremiumGuard, ConditionalRequestGuard];
const BUSINESS_GUARDS = [AuthenticationGuard, TenantGuard, BusinessScopeGuard, ConditionalRequestGuard];
/** The public routes, as today: login, health and metrics (the docs are served by Swagger, not a controller). */
const PUBLIC_ROUTES = ['LoginController.login', 'HealthController.live', 'HealthController.ready', 'MetricsController.scrape'];

const isPublic = (r: Route): boolean => meta<boolean>(r, IS_PUBLIC) === true;
const securedOptions = (r: Route): SecuredOptions | undefined => meta<SecuredOptions>(r, SECURED);

/** Routes neither @Public() nor @Secured(), or both; public routes not in PUBLIC_ROUTES; public routes with guards. */
function authProblems(routes: Route[]): string[] {
  return routes.flatMap((r) => {
    const pub = isPublic(r);
    const sec = securedOptions(r) !== undefined;
    if (pub === sec) return [`${r.name}: ${pub ? 'both @Public() and @Secured()' : 'neither @Public() nor @Secured()'}`];
    if (pub && !PUBLIC_ROUTES.includes(`${r.controller.name}.${r.method}`)) return [`${r.name}: public, not a known public route`];
    if (pub && guards(r).length > 0) return [`${r.name}: public with guards`];
    return [];
  });
}

/** @Secured() routes whose guards are not the documented ones in order, or without the problem+json filter. */
function guardProblems(routes: Route[]): string[] {
  return routes.flatMap((r) => {
    const options = securedOptions(r);
    if (options === undefined) return [];
    const expected = options.premium ? PREMIUM_GUARDS : options.business ? BUSINESS_GUARDS : SECURED_GUARDS;
    const actual = guards(r);
    const inOrder = actual.length === expected.length && actual.every((g, i) => g === expected[i]);
    if (inOrder && filters(r).includes(ProblemDetailsFilter)) return [];
    return [`${r.name}: guards ${actual.map((g) => (g as Type).name).join(', ')}; filters ${filters(r).length}`];
  });
}

/**
 * No pipe is controller-wide: a DTO parameter must carry ValidDto, or it is not validated at
 * all; and ValidDto validates synchronously, so no rule of such a DTO may be asynchronous.
 */
function dtoProblems(routes: Route[]): { checked: string[]; problems: string[] } {
  const checked: string[] = [];
  const problems: string[] = [];
  for (const r of routes) {
    const args = Reflect.getMetadata(ROUTE_ARGS_METADATA, r.controller, r.method) as Record<string, { index: number; pipes?: unknown[] }>;
    const types = (Reflect.getMetadata('design:paramtypes', r.controller.prototype as object, r.method) as unknown[] | undefined) ?? [];
    for (const arg of Object.values(args ?? {})) {
      const type = types[arg.index];
      const rules = typeof type === 'function' ? getMetadataStorage().getTargetValidationMetadatas(type, '', true, false) : [];
      if (typeof type !== 'function' || rules.length === 0) continue;
      const where = `${r.name} parameter ${arg.index} (${type.name})`;
      checked.push(where);
      if (!(arg.pipes ?? []).some((p) => p instanceof ValidationPipe)) problems.push(`${where}: no ValidDto`);
      for (const rule of rules) {
        const constraints = rule.constraintCls ? getMetadataStorage().getTargetValidatorConstraints(rule.constraintCls) : [];
        if (constraints.some((c) => c.async)) problems.push(`${where}: asynchronous rule on ${rule.propertyName}`);
      }
    }
  }
  return { checked, problems };
}

describe('route security (unit: the decorators of every mounted controller)', () => {
  const controllers = [...new Set(controllersOf(AppModule.forRoot({} as AppConfig, 'postgres://unused')))];
  const routes = controllers.flatMap(routesOf);

  it('sees the platform and every context', () => {
    const names = controllers.map((c) => c.name);
    for (const c of [
      'LoginController',
      'HealthController',
      'MetricsController',
      'PagosController',
      'ReportsController',
      'ProveedoresController',
    ]) {
      expect(names).toContain(c);
    }
    expect(routes.length).toBeGreaterThanOrEqual(15);
  });

  it('marks every route either @Public() or @Secured(); only login, health and metrics are public, without guards', () => {
    expect(authProblems(routes)).toEqual([]);
    expect(routes.filter(isPublic).length).toBe(PUBLIC_ROUTES.length);
  });

  it('runs the @Secured() guards in their documented order, with the problem+json filter', () => {
    expect(guardProblems(routes)).toEqual([]);
  });

  it('gives every class-validator DTO parameter its validation pipe, with synchronous rules only', () => {
    const { checked, problems } = dtoProblems(routes);
    // The supplier list, the report and the login take DTOs.
    expect(checked.length).toBeGreaterThanOrEqual(3);
    expect(problems).toEqual([]);
  });

  it('reports a route that breaks each rule (the checks bite)', () => {
    class ProbeDto {
      @IsDefined()
      a!: string;
    }
    @Controller('probe')
    class ProbeController {
      @Get('open')
      open(): void {}

      @Get('login')
      @Public()
      @UseGuards(TenantGuard)
      login(): void {}

      @Get('reordered')
      @SetMetadata(SECURED, {})
      @UseGuards(TenantGuard, AuthenticationGuard, ConditionalRequestGuard)
      reordered(@Query() q: ProbeDto): ProbeDto {
        return q;
      }
    }
    const probe = routesOf(ProbeController);
    expect(authProblems(probe)).toEqual([
      expect.stringContaining('ProbeController.open probe/open: neither'),
      expect.stringContaining('login probe/login: public, not a known public route'),
    ]);
    expect(guardProblems(probe)).toEqual([expect.stringContaining('ProbeController.reordered')]);
    expect(dtoProblems(probe).problems).toEqual([expect.stringContaining('(ProbeDto): no ValidDto')]);
  });
});

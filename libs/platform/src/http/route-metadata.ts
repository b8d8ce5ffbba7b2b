import type { ExecutionContext } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';

/**
 * A decorator's value for the route being served, handler first then class (Reflector's
 * getAllAndOverride), looked up once per route instead of on every request: decorator metadata is
 * fixed once the classes are defined, and the two reflect-metadata walks would be a visible part
 * of a cached request's CPU.
 */
export class RouteMetadata<T> {
  private readonly cache = new WeakMap<object, Map<object, T | undefined>>();

  constructor(
    private readonly reflector: Reflector,
    private readonly key: string,
  ) {}

  get(context: ExecutionContext): T | undefined {
    const handler = context.getHandler();
    const owner = context.getClass();
    let byClass = this.cache.get(handler);
    if (!byClass) {
      byClass = new Map();
      this.cache.set(handler, byClass);
    }
    if (byClass.has(owner)) return byClass.get(owner);
    const value = this.reflector.getAllAndOverride<T | undefined>(this.key, [handler, owner]);
    byClass.set(owner, value);
    return value;
  }
}

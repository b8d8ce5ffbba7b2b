import { createRequire } from 'node:module';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyPluginCallback } from 'fastify';

/**
 * The options `@fastify/helmet` takes. Its per-route features are not: `global: false` and CSP
 * nonces are refused, and a route's own `helmet` option is not read (no route of ours has one).
 */
export type SecurityHeadersOptions = FastifyHelmetOptions;

type HelmetOptions = Omit<FastifyHelmetOptions, 'global' | 'enableCSPNonces'>;

/** One header write on the raw response: a value to set, or undefined to remove the header. */
type HeaderWrite = readonly [name: string, value: string | string[] | undefined];

type HelmetMiddleware = (
  req: unknown,
  res: { setHeader(name: string, value: string | string[]): void; removeHeader(name: string): void },
  next: () => void,
) => void;

// The helmet @fastify/helmet itself calls (its dependency, whatever version it pins).
const helmet = createRequire(require.resolve('@fastify/helmet'))('helmet') as (options: HelmetOptions) => HelmetMiddleware;

/**
 * What helmet writes on a response for these options, in order. None of its middlewares reads the
 * request (CSP nonces aside, which are not used), so one run describes every response.
 */
export function helmetHeaderWrites(options: HelmetOptions): HeaderWrite[] {
  const writes: HeaderWrite[] = [];
  helmet(options)(
    {},
    {
      setHeader: (name, value) => void writes.push([name, value]),
      removeHeader: (name) => void writes.push([name, undefined]),
    },
    () => undefined,
  );
  return writes;
}

/**
 * `@fastify/helmet` without its per-request work: it rebuilds helmet's middlewares from the options
 * on every request and decorates every reply with `reply.helmet()` (unused here). This plugin
 * replays the same header writes on the raw response from one onRequest hook at the same place in
 * the hook order, so every response (successes, problems, 404s, preflights) gets the same headers
 * in the same order and case.
 */
export const securityHeaders: FastifyPluginCallback<SecurityHeadersOptions> = (fastify, { global, enableCSPNonces, ...options }, done) => {
  if (global === false || enableCSPNonces) {
    done(new Error('securityHeaders: global: false and enableCSPNonces need @fastify/helmet itself.'));
    return;
  }
  const writes = helmetHeaderWrites(options as HelmetOptions);
  fastify.addHook('onRequest', (_req, reply, next) => {
    const res = reply.raw;
    for (const [name, value] of writes) {
      if (value === undefined) res.removeHeader(name);
      else res.setHeader(name, value);
    }
    next();
  });
  done();
};
// Like fastify-plugin: the hook applies to the whole app, not to an encapsulated child context.
(securityHeaders as unknown as Record<symbol, unknown>)[Symbol.for('skip-override')] = true;

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
 * replays the same header writes from one onRequest hook at the same place in the hook order, so
 * every response (successes, problems, 404s, preflights) gets the same headers in the same order.
 * Names go out in lower case, as Fastify writes every reply header (helmet keeps its capitals on
 * the raw response; HTTP field names are case-insensitive, RFC 9110 §5.1).
 */
export const securityHeaders: FastifyPluginCallback<SecurityHeadersOptions> = (fastify, { global, enableCSPNonces, ...options }, done) => {
  if (global === false || enableCSPNonces) {
    done(new Error('securityHeaders: global: false and enableCSPNonces need @fastify/helmet itself.'));
    return;
  }
  const writes = helmetHeaderWrites(options as HelmetOptions);
  const removed = writes.filter(([, value]) => value === undefined).map(([name]) => name);
  const set = writes.filter((w): w is readonly [string, string | string[]] => w[1] !== undefined);
  fastify.addHook('onRequest', (_req, reply, next) => {
    // What helmet removes can only be on the raw response (a header set before this hook).
    for (let i = 0; i < removed.length; i++) reply.raw.removeHeader(removed[i]);
    // Into the reply's own headers, not the raw response: when no raw header is set at all, Node
    // writes the reply's headers in one pass (writeHead's fast path) instead of running setHeader
    // for each of them first.
    for (let i = 0; i < set.length; i++) reply.header(set[i][0], set[i][1]);
    next();
  });
  done();
};
// Like fastify-plugin: the hook applies to the whole app, not to an encapsulated child context.
(securityHeaders as unknown as Record<symbol, unknown>)[Symbol.for('skip-override')] = true;

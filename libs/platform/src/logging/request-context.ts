import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What the request being served carries through its async calls. */
export interface RequestStore {
  requestId: string;
  /**
   * The pool this request reads from, chosen by SqlReader at its first read (persistence/sql-reader.ts):
   * everything the request reads comes from one server (CONTRACT §10).
   */
  readPool?: unknown;
}

const storage = new AsyncLocalStorage<RequestStore>();
const resources = new WeakMap<FastifyRequest, AsyncResource>();

/** The id of the request being served, for log lines written outside Fastify's request logger. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** The store of the request being served; undefined outside a request (start-up, timers, CLI). */
export function currentRequest(): RequestStore | undefined {
  return storage.getStore();
}

/**
 * Runs each request inside an async context that carries its id (what @fastify/request-context
 * does): entered on onRequest and entered again on preValidation, because body parsing runs in
 * stream callbacks that lose it. A request without a body to parse (every read) needs only the
 * first: the hooks, guards and handler all run from inside that call, and an AsyncResource per
 * request was a measurable part of a read's CPU.
 */
export function trackRequestContext(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (req, _reply, done) => {
    const store: RequestStore = { requestId: String(req.id), readPool: undefined };
    if (!bodyFollows(req)) return storage.run(store, done);
    storage.run(store, () => {
      const resource = new AsyncResource('request-context');
      resources.set(req, resource);
      resource.runInAsyncScope(done);
    });
  });
  fastify.addHook('preValidation', (req, _reply, done) => {
    const resource = resources.get(req);
    if (resource) resource.runInAsyncScope(done);
    else done();
  });
}

/** Fastify parses a body only for methods other than GET/HEAD, and only when the request announces one. */
function bodyFollows(req: FastifyRequest): boolean {
  if (req.method === 'GET' || req.method === 'HEAD') return false;
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const storage = new AsyncLocalStorage<{ requestId: string }>();
const resources = new WeakMap<FastifyRequest, AsyncResource>();

/** The id of the request being served, for log lines written outside Fastify's request logger. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/**
 * Runs each request inside an async context that carries its id (what @fastify/request-context
 * does): entered on onRequest and entered again on preValidation, because body parsing runs in
 * stream callbacks that lose it.
 */
export function trackRequestContext(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (req, _reply, done) => {
    storage.run({ requestId: String(req.id) }, () => {
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

import type { Duplex, Readable } from 'node:stream';

/**
 * `pipeline(source, target)` for the streams of one response, without its cost: pipeline gives
 * every call an AbortController and aborts it when the streams finish, which builds a DOMException
 * with a stack trace — per request, on every streamed body. Same outcome as pipeline for the cases
 * a response has: the target ends when the source ends; a failing source destroys the target with
 * its error (the consumer cuts the response); a target destroyed or failed early (client gone)
 * destroys the source (its cursor closes and its connection goes back to the pool).
 */
export function pipeInto<T extends Duplex>(source: Readable, target: T): T {
  source.once('error', (err) => target.destroy(err));
  target.once('close', () => {
    if (!source.destroyed) source.destroy();
  });
  return source.pipe(target);
}

import type { FastifyReply } from 'fastify';

/**
 * Aborted once the client has gone before its response was sent: the connection closed under a
 * request still being handled (Node closes the response when its socket closes) — also before
 * this was asked, while guards ran. A handler that writes checks it at its last moment before
 * committing (CONTRACT §3.8: a client that has gone before the commit consumes nothing).
 */
export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const res = reply.raw;
  if (res.closed || res.destroyed || res.socket?.destroyed) controller.abort();
  else {
    res.once('close', () => {
      if (!res.writableFinished) controller.abort();
    });
  }
  return controller.signal;
}

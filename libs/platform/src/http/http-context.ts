import type { ArgumentsHost } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The request of an HTTP execution context: what `switchToHttp().getRequest()` returns (argument
 * 0), read directly. Nest's `switchToHttp()` assigns three new closures onto the context on every
 * call, and the guards and parameter decorators of one request would call it five to seven times.
 */
export function httpRequest<T = FastifyRequest>(context: ArgumentsHost): T {
  return context.getArgByIndex<T>(0);
}

/** The reply of an HTTP execution context (`switchToHttp().getResponse()`, argument 1). */
export function httpReply<T = FastifyReply>(context: ArgumentsHost): T {
  return context.getArgByIndex<T>(1);
}

import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { from, map, mergeMap, type Observable, of } from 'rxjs';
import { bogotaDate } from '../export/export-file';
import { tryResolveExportFormat } from '../export/export-format';
import { DataVersionReader } from './data-version';
import { computeEtag, ifNoneMatchMatches, parseIfNoneMatch } from './etag';

export const CONDITIONAL = 'http:conditional';

export interface ConditionalOptions {
  /** The body depends on today's date in Bogotá (lists of what is current today, CONTRACT §3.9). */
  current?: boolean;
}

export const CACHE_CONTROL_REVALIDATE = 'private, no-cache';

/**
 * Conditional GETs (CONTRACT §9). Nest runs interceptors after every guard, so authentication,
 * tenant and premium checks have answered 401/402/403 before anything here happens. The ETag is
 * computed from the tenant's data version (cached lookup), the principal and the request, BEFORE
 * the handler: a matching If-None-Match gets 304 without running it (no data query). Otherwise
 * the handler runs, and its successful answer carries the ETag and `Cache-Control: private,
 * no-cache`; errors carry neither. `If-None-Match: *` matches any current representation, which
 * only the handler can tell (validation, 404): it runs, and its success becomes the 304.
 */
@Injectable()
export class ConditionalRequestInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly versions: DataVersionReader,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const req = http.getRequest<FastifyRequest>();
    const options = this.reflector.getAllAndOverride<ConditionalOptions | false | undefined>(CONDITIONAL, [
      context.getHandler(),
      context.getClass(),
    ]);
    const principal = req.principal;
    if (!options || !principal || (req.method !== 'GET' && req.method !== 'HEAD')) return next.handle();
    // An invalid format is the handler's 400, which must not be preempted by a 304.
    const format = tryResolveExportFormat((req.query as Record<string, unknown> | undefined)?.format, req.headers.accept);
    if (format === undefined) return next.handle();
    const decide = (dataVersion: string): Observable<unknown> => {
      const q = req.url.indexOf('?');
      const etag = computeEtag({
        dataVersion,
        tenantId: principal.tenantId,
        userId: principal.userId,
        businessId: principal.businessId,
        businessIds: req.businessScope?.businessIds,
        method: req.method,
        path: q < 0 ? req.url : req.url.slice(0, q),
        query: q < 0 ? '' : req.url.slice(q + 1),
        format,
        day: options.current ? bogotaDate(new Date(Date.now())) : undefined,
      });
      const ifNoneMatch = req.headers['if-none-match'];
      const reply = http.getResponse<FastifyReply>();
      if (parseIfNoneMatch(ifNoneMatch) !== '*' && ifNoneMatchMatches(ifNoneMatch, etag)) return of(notModified(etag, varyAccept(reply)));
      return next.handle().pipe(
        map((body) => {
          if (ifNoneMatch !== undefined && ifNoneMatchMatches(ifNoneMatch, etag)) {
            // A stream the handler opened is not sent: release what it reads from.
            (body as { destroy?: () => void } | null)?.destroy?.();
            return notModified(etag, varyAccept(reply));
          }
          reply.header('etag', etag).header('cache-control', CACHE_CONTROL_REVALIDATE).header('vary', varyAccept(reply));
          return body;
        }),
      );
    };
    const version = this.versions.version(principal.tenantId);
    return typeof version === 'string' ? decide(version) : from(version).pipe(mergeMap(decide));
  }
}

/**
 * 304 with no body and the headers the 200 would have carried. A fetch Response, because Fastify
 * takes its status from it: Nest would otherwise set the route's 200 after the interceptor.
 */
export function notModified(etag: string, vary: string): Response {
  return new Response(null, { status: 304, headers: { etag, 'cache-control': CACHE_CONTROL_REVALIDATE, vary } });
}

/** The reply's Vary with Accept added (the format follows Accept), keeping what CORS put there (Origin). */
function varyAccept(reply: FastifyReply): string {
  const current = reply.getHeader('vary');
  const value = Array.isArray(current) ? current.join(', ') : current === undefined ? '' : String(current);
  if (!value) return 'Accept';
  return value.split(',').some((v) => v.trim().toLowerCase() === 'accept' || v.trim() === '*') ? value : `${value}, Accept`;
}

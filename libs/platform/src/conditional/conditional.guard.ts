import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bogotaDate } from '../export/export-file';
import { peekRequestFormat } from '../export/reply';
import { httpReply, httpRequest } from '../http/http-context';
import { RouteMetadata } from '../http/route-metadata';
import { SECURED, type SecuredOptions } from '../tenancy/secured.metadata';
import { DataVersionReader } from './data-version';
import { computeEtag, parseIfNoneMatch, tagsMatch } from './etag';

export const CONDITIONAL = 'http:conditional';

export interface ConditionalOptions {
  /** The body depends on today's date in Bogotá (lists of what is current today, CONTRACT §3.9). */
  current?: boolean;
}

export const CACHE_CONTROL_REVALIDATE = 'private, no-cache';

/** What the guard put on the reply of a 200-to-be, so that an error answer can take it back. */
export interface Revalidation {
  etag: string;
  /** The reply's Vary before the guard added Accept (undefined: there was none). */
  varyBefore: string | undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by ConditionalRequestGuard once it has answered for this request. */
    revalidation?: Revalidation;
  }
}

/**
 * Thrown by the guard when If-None-Match names the current representation: the problem filter
 * that @Secured() brings answers it with a 304 (`sendNotModified`). Not an Error: a revalidation
 * is the expected outcome, and capturing a stack trace for it would be most of its cost.
 */
export class NotModified {
  constructor(
    readonly etag: string,
    readonly vary: string,
  ) {}
}

/**
 * Conditional GETs (CONTRACT §9) as the last guard of @Secured(), so authentication, tenant and
 * premium checks have answered 401/402/403 before anything here happens (a second instance on a
 * premium route waits for PremiumGuard, which resolves the businesses the ETag covers). The ETag
 * comes from the tenant's data version (cached lookup), the principal and the request, BEFORE the
 * handler: a matching If-None-Match becomes a 304 without running it (no data query). Otherwise
 * the reply gets the ETag, `Cache-Control: private, no-cache` and `Vary: Accept` now; the problem
 * filter removes them again if the handler fails. `If-None-Match: *` matches any current
 * representation, which only the handler can tell (validation, 404): it runs, and its success is
 * sent as the 304.
 *
 * A guard rather than an interceptor: Nest runs interceptors through RxJS (an Observable chain,
 * a ReplaySubject and an AsyncResource per request), which would be the largest single item of a
 * cached read's framework cost.
 */
@Injectable()
export class ConditionalRequestGuard implements CanActivate {
  private readonly conditional: RouteMetadata<ConditionalOptions | false>;
  private readonly secured: RouteMetadata<SecuredOptions>;

  constructor(
    reflector: Reflector,
    private readonly versions: DataVersionReader,
  ) {
    this.conditional = new RouteMetadata(reflector, CONDITIONAL);
    this.secured = new RouteMetadata(reflector, SECURED);
  }

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const options = this.conditional.get(context);
    if (!options) return true;
    const req = httpRequest(context);
    const principal = req.principal;
    if (!principal || req.revalidation || (req.method !== 'GET' && req.method !== 'HEAD')) return true;
    // Premium and business routes: the ETag depends on the businesses their guard resolves, so it must have run.
    const secured = this.secured.get(context);
    if (!req.businessScope && (secured?.premium || secured?.business)) return true;
    // An invalid format is the handler's 400, which must not be preempted by a 304. A valid one
    // stays on the request for the reply (`respond`), which then does not resolve it again.
    const format = peekRequestFormat(req);
    if (format === undefined) return true;
    const reply = httpReply(context);
    const decide = (dataVersion: string): boolean => {
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
      const varyBefore = headerText(reply.getHeader('vary'));
      const vary = withAccept(varyBefore);
      req.revalidation = { etag, varyBefore };
      const tags = parseIfNoneMatch(req.headers['if-none-match']);
      if (tags !== '*' && tagsMatch(tags, etag)) throw new NotModified(etag, vary);
      reply.header('etag', etag).header('cache-control', CACHE_CONTROL_REVALIDATE).header('vary', vary);
      if (tags === '*') answerSuccessAsNotModified(reply, etag, vary);
      return true;
    };
    const version = this.versions.version(principal.tenantId);
    return typeof version === 'string' ? decide(version) : version.then(decide);
  }
}

/** The 304: no body, and the headers the 200 would have carried (RFC 9110 §15.4.5). */
export function sendNotModified(reply: FastifyReply, { etag, vary }: NotModified): void {
  reply.removeHeader('content-type');
  reply.removeHeader('content-length');
  reply.removeHeader('content-disposition');
  reply.code(304).header('etag', etag).header('cache-control', CACHE_CONTROL_REVALIDATE).header('vary', vary).send();
}

/** An error answer carries neither ETag nor the revalidation Cache-Control, and the Vary it had before. */
export function withdrawRevalidation(req: FastifyRequest, reply: FastifyReply): void {
  const r = req.revalidation;
  if (!r || reply.sent) return;
  reply.removeHeader('etag');
  reply.removeHeader('cache-control');
  if (r.varyBefore === undefined) reply.removeHeader('vary');
  else reply.header('vary', r.varyBefore);
}

/**
 * `If-None-Match: *`: the handler runs; whatever it answers with a 2xx (a string, an object, a
 * file stream) is replaced by the 304 when it is sent, and a stream it opened is destroyed, which
 * releases what it reads from. Errors go out as they are. Only this rare request pays for the
 * wrapped send.
 */
function answerSuccessAsNotModified(reply: FastifyReply, etag: string, vary: string): void {
  const send = reply.send;
  reply.send = function (this: FastifyReply, payload?: unknown): FastifyReply {
    reply.send = send;
    if (reply.statusCode >= 300) return send.call(this, payload);
    (payload as { destroy?: () => void } | null | undefined)?.destroy?.();
    sendNotModified(reply, new NotModified(etag, vary));
    return reply;
  };
}

function headerText(value: ReturnType<FastifyReply['getHeader']>): string | undefined {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/** The reply's Vary with Accept added (the format follows Accept), keeping what CORS put there (Origin). */
function withAccept(value: string | undefined): string {
  if (!value) return 'Accept';
  return value.split(',').some((v) => v.trim().toLowerCase() === 'accept' || v.trim() === '*') ? value : `${value}, Accept`;
}

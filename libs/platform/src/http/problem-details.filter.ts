import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NotModified, sendNotModified, withdrawRevalidation } from '../conditional/conditional.guard';
import { DomainError, type FieldProblem } from '../errors/domain-error';
import { databaseUnavailable } from '../persistence/connection-errors';
import { legacyErrorMemberWanted } from './legacy-error-member';
import { PROBLEM_CONTENT_TYPE, problemBody } from './problem';

interface Mapped {
  status: number;
  code: string;
  detail: string;
  errors?: FieldProblem[];
  headers?: Record<string, string>;
}

function dbCondition(err: unknown): Mapped | undefined {
  const e = err as { code?: string; message?: string } | undefined;
  if (e?.code === '57014') {
    return {
      status: 503,
      code: 'TIMEOUT',
      detail: 'La consulta tardó demasiado y fue cancelada. Intente de nuevo o reduzca el rango solicitado.',
      headers: { 'retry-after': '5' },
    };
  }
  const msg = e?.message ?? '';
  // The pool was closed under a request still waiting for a connection (shutdown; its client
  // usually gone already): tarn aborts the wait with a bare Error('aborted').
  if (msg === 'aborted' && /PendingOperation\.abort/.test((err as Error)?.stack ?? '')) {
    return {
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      detail: 'El servicio se está deteniendo. Reintente en unos segundos.',
      headers: { 'retry-after': '5' },
    };
  }
  if (databaseUnavailable(err)) {
    return {
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      detail: 'La base de datos no está disponible en este momento. Intente de nuevo en unos segundos.',
      headers: { 'retry-after': '5' },
    };
  }
  return undefined;
}

function routeNotFound(req: FastifyRequest): Mapped {
  return {
    status: 404,
    code: 'ROUTE_NOT_FOUND',
    detail: `La ruta ${req.method} ${req.url.split('?')[0]} no existe. Consulte /docs para ver las operaciones disponibles.`,
  };
}

function httpCondition(err: HttpException, req: FastifyRequest): Mapped {
  const status = err.getStatus();
  switch (status) {
    case 404:
      return routeNotFound(req);
    case 401:
      return { status, code: 'UNAUTHENTICATED', detail: 'Falta el encabezado Authorization: Bearer <token> o el token no es válido.' };
    case 403:
      // Our business checks throw DomainErrors; a bare 403 comes from @fastify/static refusing a
      // path that climbs out of the UI assets (`..`), which for a client is a file that does not exist.
      if (req.routeOptions.url?.endsWith('*')) return routeNotFound(req);
      return { status, code: 'FORBIDDEN', detail: 'No tiene permiso para esta operación.' };
    case 405:
      return { status, code: 'METHOD_NOT_ALLOWED', detail: `El método ${req.method} no está permitido en esta ruta.` };
    case 413:
      return { status, code: 'PAYLOAD_TOO_LARGE', detail: 'El cuerpo de la solicitud es demasiado grande.' };
    case 415:
      return { status, code: 'UNSUPPORTED_MEDIA_TYPE', detail: 'Tipo de contenido no soportado. Use Content-Type: application/json.' };
    case 400:
      // Nest turns Fastify's body-parser errors into HttpExceptions carrying Fastify's message.
      if (/JSON/i.test(err.message)) {
        return { status, code: 'VALIDATION', detail: 'El cuerpo de la solicitud no es JSON válido. Envíe un objeto JSON bien formado.' };
      }
      return { status, code: 'VALIDATION', detail: 'La solicitud no es válida.' };
    default:
      if (status >= 500) return { status, code: 'INTERNAL', detail: 'Error interno del servidor.' };
      return { status, code: 'VALIDATION', detail: 'La solicitud no es válida.' };
  }
}

/**
 * The one place errors become HTTP: RFC 9457 problem+json for every failure. Nothing from the
 * exception (stack, SQL, driver text) reaches the client; unexpected errors are logged with the
 * request id, which the client also gets in `instance` and X-Request-Id.
 */
@Catch()
export class ProblemDetailsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');
  /** Per code: when the last database warning was written, and how many were left out since. */
  private readonly dbWarnings = new Map<string, { at: number; skipped: number }>();

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const req = ctx.getRequest<FastifyRequest>();
    const reply = ctx.getResponse<FastifyReply>();
    // The revalidation guard's 304 travels as an exception: it must skip the handler.
    if (exception instanceof NotModified) return sendNotModified(reply, exception);
    withdrawRevalidation(req, reply);
    const mapped = this.map(exception, req);
    sendProblem(reply, req, mapped);
  }

  map(exception: unknown, req: FastifyRequest): Mapped {
    if (exception instanceof DomainError) {
      return {
        status: exception.status,
        code: exception.code,
        detail: exception.detail,
        errors: exception.errors,
        headers: exception.headers,
      };
    }
    if (exception instanceof HttpException) return httpCondition(exception, req);
    // Fastify plugins (@fastify/static through @fastify/send) reject with plain errors carrying a
    // 4xx statusCode (a path climbing out of the UI assets: 403): the same mapping as Nest's.
    const statusCode = (exception as { statusCode?: unknown } | undefined)?.statusCode;
    if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
      return httpCondition(new HttpException((exception as Error).message ?? '', statusCode), req);
    }
    const known = dbCondition(exception);
    if (known) {
      if (known.status >= 500) this.warnDatabase(known.code, `${req.method} ${req.url} [${req.id}]: ${(exception as Error)?.message}`);
      return known;
    }
    this.logger.error(`Unhandled error on ${req.method} ${req.url} [${req.id}]`, (exception as Error)?.stack ?? String(exception));
    return { status: 500, code: 'INTERNAL', detail: `Error interno del servidor. Referencia: ${req.id}.` };
  }

  /**
   * While PostgreSQL is down every request fails the same way (thousands a second under load):
   * one warning per code per second, carrying how many were left out, keeps the log readable.
   */
  private warnDatabase(code: string, text: string): void {
    const now = Date.now();
    const last = this.dbWarnings.get(code);
    if (last && now - last.at < 1000) {
      last.skipped++;
      return;
    }
    const skipped = last?.skipped ? ` (+${last.skipped} más en el último segundo)` : '';
    this.dbWarnings.set(code, { at: now, skipped: 0 });
    this.logger.warn(`${code} ${text}${skipped}`);
  }
}

/** Every problem answer of a matched route goes through here, so the route decides the legacy `error` member once. */
export function sendProblem(reply: FastifyReply, req: FastifyRequest, m: Mapped): void {
  if (reply.sent) return;
  const body = problemBody(m.status, m.code, m.detail, req.url.split('?')[0], m.errors, legacyErrorMemberWanted(req));
  reply.status(m.status);
  for (const [k, v] of Object.entries(m.headers ?? {})) reply.header(k, v);
  reply.header('content-type', PROBLEM_CONTENT_TYPE).send(JSON.stringify(body));
}

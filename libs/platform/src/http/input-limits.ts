import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { type FieldProblem, PlatformErrorCode } from '../errors/domain-error';
import { sendProblem } from './problem-details.filter';

/**
 * Input that is well-formed JSON or a well-formed URL and still must not reach the handlers:
 * nesting deep enough to overflow the recursive class-transformer / class-validator walk (a
 * RangeError, once a 500), and NUL characters, which PostgreSQL refuses in text (22021, once a
 * 500). Checked once for every route, before the pipes, so no handler needs to remember it.
 */

/** Deepest body accepted. The deepest DTO is 2 levels; 32 leaves room and is far below the stack. */
export const MAX_BODY_DEPTH = 32;

const NUL_ESCAPE = /%00/i;
const nulDetail = 'El cuerpo de la solicitud contiene un carácter nulo (\\u0000), que ningún campo admite. Quítelo y envíe de nuevo.';

const NUL_FIELD_MESSAGE = 'No admite el carácter nulo (%00).';

/** The path and query parameters (already decoded by Fastify's router) holding a NUL. */
function nulParameters(req: FastifyRequest): FieldProblem[] {
  const fields: FieldProblem[] = [];
  for (const source of [req.params, req.query] as unknown[]) {
    if (!source || typeof source !== 'object') continue;
    for (const [name, value] of Object.entries(source)) {
      const values: unknown[] = Array.isArray(value) ? value : [value];
      if (name.includes('\u0000') || values.some((v) => typeof v === 'string' && v.includes('\u0000'))) {
        // eslint-disable-next-line no-control-regex -- the NUL is what this check is about
        fields.push({ field: name.replace(/\u0000/g, ''), message: NUL_FIELD_MESSAGE });
      }
    }
  }
  return fields;
}

/**
 * onRequest (the route is matched, params and query are decoded): a `%00` anywhere in the path or
 * the query → 400 naming each parameter that holds it (a raw NUL never passes Node's parser).
 */
export function rejectNulInUrl(req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  // An unknown route reads nothing: it stays a 404.
  if (!NUL_ESCAPE.test(req.url) || req.routeOptions.url === undefined) return done();
  const fields = nulParameters(req);
  sendProblem(reply, req, {
    status: 400,
    code: PlatformErrorCode.VALIDATION,
    detail: 'La URL contiene un carácter nulo (%00), que ningún parámetro admite. Quítelo de la ruta o de la consulta.',
    errors: fields.length ? fields : [{ field: 'url', message: NUL_FIELD_MESSAGE }],
  });
}

/** What is wrong with a parsed body, if anything. Iterative: the check itself must not recurse. */
export function bodyProblem(body: unknown): string | undefined {
  if (body === null || typeof body !== 'object') return typeof body === 'string' && body.includes('\u0000') ? nulDetail : undefined;
  const stack: [unknown, number][] = [[body, 1]];
  while (stack.length) {
    const [value, depth] = stack.pop()!;
    if (depth > MAX_BODY_DEPTH)
      return `El cuerpo de la solicitud anida demasiados niveles (máximo ${MAX_BODY_DEPTH}). Envíe un objeto JSON plano.`;
    for (const key of Object.keys(value as object)) {
      if (key.includes('\u0000')) return nulDetail;
      const child = (value as Record<string, unknown>)[key];
      if (typeof child === 'string') {
        if (child.includes('\u0000')) return nulDetail;
      } else if (child !== null && typeof child === 'object') {
        stack.push([child, depth + 1]);
      }
    }
  }
  return undefined;
}

/** preValidation (after the body parser, before guards and pipes): a too deep or NUL-carrying body → 400. */
export function checkBody(req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const detail = req.body === undefined ? undefined : bodyProblem(req.body);
  if (!detail) return done();
  sendProblem(reply, req, { status: 400, code: PlatformErrorCode.VALIDATION, detail });
}

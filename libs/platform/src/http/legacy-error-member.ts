import type { Type } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiExtraModels, getSchemaPath } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { LegacyProblemDto, ProblemDto } from './problem.dto';
import { SWAGGER_KEYS } from './swagger-keys';

/**
 * The legacy payroll services answered errors inside their envelope, `"error": { "codigo",
 * "mensaje" }`, and their clients read `error.mensaje` (CONTRACT §11.5). Routes that keep that
 * dialect say so in their Fastify route config, which every path to a problem body can read from
 * the request — the exception filter (guards, pipes, handlers) and the transport hooks that answer
 * before Nest (414, a NUL in the URL, a too deep body) alike — so no route forgets it.
 */
export const LEGACY_ERROR_MEMBER = 'legacyErrorMember' as const;

/**
 * `@nestjs/platform-fastify`'s metadata key of `@RouteConfig()` (not exported by its entry point;
 * legacy-error-member.spec.ts holds it equal to the installed one).
 */
export const FASTIFY_ROUTE_CONFIG = '__fastify_route_config__';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by applyLegacyErrorMember: this route's problem bodies carry the legacy `error` member. */
    [LEGACY_ERROR_MEMBER]?: boolean;
  }
}

/** Whether the problem body of this request carries the legacy `error` member (an unmatched route has no config). */
export function legacyErrorMemberWanted(req: FastifyRequest): boolean {
  return req.routeOptions?.config?.[LEGACY_ERROR_MEMBER] === true;
}

type ResponseEntry = { content?: Record<string, { schema?: { $ref?: string }; example?: Record<string, unknown> }> };

const PROBLEM = 'application/problem+json';

/**
 * Every route of `controller` (a class whose methods are already decorated) answers its problems
 * with the `error` member, and its OpenAPI problem responses say so: their schema becomes
 * LegacyProblemDto and their examples gain the member. Responses declared on the class itself (the
 * 401 of @Secured) are rewritten too, so this must run after them (@Secured calls it itself).
 */
export function applyLegacyErrorMember(controller: Type<unknown>): void {
  ApiExtraModels(LegacyProblemDto)(controller);
  rewriteProblemResponses(controller);
  const proto = controller.prototype as Record<string, unknown>;
  for (const name of Object.getOwnPropertyNames(proto)) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, name);
    const handler = descriptor?.value as unknown;
    if (name === 'constructor' || typeof handler !== 'function' || Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
    const config = (Reflect.getMetadata(FASTIFY_ROUTE_CONFIG, handler) as Record<string, unknown> | undefined) ?? {};
    RouteConfig({ ...config, [LEGACY_ERROR_MEMBER]: true })(proto, name, descriptor!);
    rewriteProblemResponses(handler);
  }
}

function rewriteProblemResponses(target: object): void {
  const responses = Reflect.getMetadata(SWAGGER_KEYS.API_RESPONSE, target) as Record<string, ResponseEntry> | undefined;
  if (!responses) return;
  const plain = getSchemaPath(ProblemDto);
  const rewritten: Record<string, ResponseEntry> = {};
  for (const [status, entry] of Object.entries(responses)) {
    const media = entry.content?.[PROBLEM];
    if (!media || media.schema?.$ref !== plain) {
      rewritten[status] = entry;
      continue;
    }
    const example = media.example && withLegacyError(media.example);
    rewritten[status] = {
      ...entry,
      content: {
        ...entry.content,
        [PROBLEM]: { ...media, schema: { $ref: getSchemaPath(LegacyProblemDto) }, ...(example ? { example } : {}) },
      },
    };
  }
  Reflect.defineMetadata(SWAGGER_KEYS.API_RESPONSE, rewritten, target);
}

/** A problem example with `error` right after `message`, as problemBody writes it. */
export function withLegacyError(example: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(example)) {
    if (key === 'error') continue;
    out[key] = value;
    if (key === 'message') out.error = { codigo: example.code, mensaje: example.detail };
  }
  return out;
}

import { applyDecorators, Header, SetMetadata } from '@nestjs/common';
import { ApiHeader, ApiResponse } from '@nestjs/swagger';
import { CONDITIONAL, type ConditionalOptions } from './conditional.guard';

/**
 * A read that answers conditional requests (CONTRACT §9): ETag and `Cache-Control: private,
 * no-cache` on its 200s, 304 for a matching If-None-Match. On a controller or a method, with
 * @Secured(): its last guard (ConditionalRequestGuard) does the work, after the checks that must
 * answer 401/402/403 first. Without @Secured() (or a guard list ending in ConditionalRequestGuard)
 * the route is simply not revalidated.
 */
export function Conditional(options: ConditionalOptions = {}): ClassDecorator & MethodDecorator {
  return applyDecorators(
    SetMetadata(CONDITIONAL, options),
    ApiHeader({
      name: 'If-None-Match',
      required: false,
      description: 'ETag de una respuesta anterior a la misma solicitud (o *): si los datos no cambiaron, la respuesta es 304 sin cuerpo.',
      schema: { type: 'string' },
      // Swagger UI preselects the first entry: empty, so "Try it out" gets the 200 and its ETag.
      examples: {
        ninguno: { summary: 'Sin revalidar', value: '' },
        etag: { summary: 'El ETag de una respuesta anterior', value: '"k3Jx0bS9Qe2Rk9yL7mW4tA1vC8dF5gH2"' },
      },
    }),
    ApiResponse({
      status: 304,
      description: 'No modificado: el ETag de If-None-Match sigue vigente. Sin cuerpo; lleva el mismo ETag.',
      headers: {
        ETag: {
          description: 'Etiqueta fuerte de la representación.',
          schema: { type: 'string', example: '"k3Jx0bS9Qe2Rk9yL7mW4tA1vC8dF5gH2"' },
        },
        'Cache-Control': { description: 'private, no-cache', schema: { type: 'string' } },
      },
    }),
  );
}

/**
 * A read whose body depends on today's date in Bogotá (lists of what is current today, CONTRACT
 * §3.9): its ETag changes with the day. For a method of a @Conditional controller (the controller
 * already documents If-None-Match and the 304).
 */
export function CurrentToday(): MethodDecorator {
  return SetMetadata(CONDITIONAL, { current: true } satisfies ConditionalOptions);
}

/** An operation never answered from a cache nor revalidated, even inside a @Conditional controller: §3.8 consumes numbers on every call. */
export function NoStore(): MethodDecorator {
  return applyDecorators(Header('Cache-Control', 'no-store'), SetMetadata(CONDITIONAL, false));
}

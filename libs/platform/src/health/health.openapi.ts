import { applyDecorators } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ApiProblem } from '../http/api-problem.decorator';

/** OpenAPI of GET /health/live. */
export function ApiLive(): MethodDecorator {
  return applyDecorators(ApiOperation({ summary: 'El proceso está vivo' }), ApiOkResponse({ schema: { example: { status: 'ok' } } }));
}

/** OpenAPI of GET /health/ready. */
export function ApiReady(): MethodDecorator {
  return applyDecorators(
    ApiOperation({ summary: 'Listo para atender: base de datos alcanzable y migrada' }),
    ApiOkResponse({
      description:
        '`pools` (solo con DATABASE_REPLICA_URLS): la primaria y cada réplica por su nombre (replica-1, …), con su estado (iniciando, disponible, retrasada, caida, rechazada y su `motivo`), retraso medido contra la primaria y conexiones.',
      schema: { example: { status: 'ready', migrations: 4 } },
    }),
    ApiProblem(503, 'La base de datos no responde o faltan migraciones.'),
  );
}

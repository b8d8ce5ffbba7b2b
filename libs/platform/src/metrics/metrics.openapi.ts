import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, DECORATORS } from '@nestjs/swagger';
import { ApiProblem } from '../http/api-problem.decorator';

/** OpenAPI of GET /metrics. */
export function ApiScrapeMetrics(): MethodDecorator {
  return applyDecorators(
    ApiOperation({
      summary: 'Métricas Prometheus',
      description:
        'Formato de exposición de Prometheus: `http_requests_total` y `http_request_duration_seconds` por método, ruta (plantilla) y estado; ' +
        '`db_pool_connections{state}`, `db_pool_waiting`, `db_pool_max`; métricas del proceso Node. ' +
        'Pública salvo que METRICS_TOKEN esté definido: entonces exige `Authorization: Bearer <METRICS_TOKEN>`.',
    }),
    // Optional: anonymous unless METRICS_TOKEN is set.
    SetMetadata(DECORATORS.API_SECURITY, [{}, { metricsToken: [] }]),
    ApiProduces('text/plain; version=0.0.4; charset=utf-8'),
    ApiOkResponse({
      description: 'Métricas en texto',
      content: {
        'text/plain; version=0.0.4; charset=utf-8': {
          schema: { type: 'string' },
          example: 'http_requests_total{method="GET",route="/pagos",status="200"} 12\n',
        },
      },
    }),
    ApiProblem(401, 'METRICS_TOKEN está definido y la solicitud no lo trae.', {
      title: 'No autorizado',
      code: 'UNAUTHENTICATED',
      detail: 'Las métricas requieren Authorization: Bearer <METRICS_TOKEN>.',
    }),
  );
}

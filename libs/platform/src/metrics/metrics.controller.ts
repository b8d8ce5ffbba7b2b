import { timingSafeEqual } from 'node:crypto';
import { Controller, Get, Headers, Inject, Res, SetMetadata } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags, DECORATORS } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/public.decorator';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import { PlatformError, PlatformErrorCode } from '../errors/domain-error';
import { ApiProblem } from '../http/api-problem.decorator';
import { HttpMetrics } from './http-metrics';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Prometheus scrape endpoint: public, or behind `Authorization: Bearer <METRICS_TOKEN>` when that is set. */
@ApiTags('Salud')
@Controller('metrics')
@Public()
export class MetricsController {
  constructor(
    private readonly metrics: HttpMetrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'Métricas Prometheus',
    description:
      'Formato de exposición de Prometheus: `http_requests_total` y `http_request_duration_seconds` por método, ruta (plantilla) y estado; ' +
      '`db_pool_connections{state}`, `db_pool_waiting`, `db_pool_max`; métricas del proceso Node. ' +
      'Pública salvo que METRICS_TOKEN esté definido: entonces exige `Authorization: Bearer <METRICS_TOKEN>`.',
  })
  // Optional: anonymous unless METRICS_TOKEN is set.
  @SetMetadata(DECORATORS.API_SECURITY, [{}, { metricsToken: [] }])
  @ApiProduces('text/plain; version=0.0.4; charset=utf-8')
  @ApiOkResponse({ description: 'Métricas en texto', content: { 'text/plain; version=0.0.4; charset=utf-8': { schema: { type: 'string' }, example: 'http_requests_total{method="GET",route="/pagos",status="200"} 12\n' } } })
  @ApiProblem(401, 'METRICS_TOKEN está definido y la solicitud no lo trae.', {
    title: 'No autorizado', code: 'UNAUTHENTICATED', detail: 'Las métricas requieren Authorization: Bearer <METRICS_TOKEN>.',
  })
  async scrape(@Headers('authorization') authorization: string | undefined, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const token = this.config.metricsToken;
    if (token && !sameSecret(authorization ?? '', `Bearer ${token}`)) {
      throw new PlatformError(PlatformErrorCode.UNAUTHENTICATED, 'Las métricas requieren Authorization: Bearer <METRICS_TOKEN>.', undefined, { 'www-authenticate': 'Bearer' });
    }
    reply.header('content-type', this.metrics.registry.contentType);
    return this.metrics.registry.metrics();
  }
}

import { Controller, Get, Headers, Inject, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/public.decorator';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import { HttpMetrics } from './http-metrics';
import { ApiScrapeMetrics } from './metrics.openapi';
import { requireMetricsToken } from './metrics-token';

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
  @ApiScrapeMetrics()
  async scrape(
    @Headers('authorization') authorization: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    requireMetricsToken(this.config.metricsToken, authorization);
    reply.header('content-type', this.metrics.registry.contentType);
    return this.metrics.render();
  }
}

import { randomUUID } from 'node:crypto';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import helmet from '@fastify/helmet';
import { LogController } from 'fastify';
import type { Logger } from 'pino';
import type { AppConfig } from '@app/platform/config/app-config';
import { createValidationPipe } from '@app/platform/http/validation.pipe';
import { NestPinoLogger } from '@app/platform/logging/json-logger';
import { AppModule } from './app.module';
import { mountSwagger } from './openapi';

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** Builds the HTTP application (used by main.ts and by the e2e tests). */
export async function createApp(config: AppConfig, databaseUrl: string, logger: Logger): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    // Our own one-line access log (with tenant and duration) replaces Fastify's two lines per request.
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false,
    // Honour a sane X-Request-Id from the caller; otherwise make one.
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    requestTimeout: config.requestTimeoutMs,
    bodyLimit: 64 * 1024,
    routerOptions: { maxParamLength: 300 },
    return503OnClosing: true,
  });
  const fastify = adapter.getInstance();
  fastify.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  fastify.addHook('onResponse', async (req, reply) => {
    req.log.info(
      { method: req.method, url: req.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10, tenant: req.user?.tenantId },
      'request',
    );
  });

  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, databaseUrl), adapter, {
    logger: new NestPinoLogger(logger),
    abortOnError: false,
  });

  await app.register(helmet, { contentSecurityPolicy: false, crossOriginResourcePolicy: { policy: 'cross-origin' } });
  app.enableCors({
    origin: config.corsOrigins === '*' ? '*' : config.corsOrigins,
    exposedHeaders: ['X-Pagina', 'X-Tamano-Pagina', 'X-Total-Registros', 'X-Request-Id'],
    credentials: false,
  });
  if (config.apiPrefix) app.setGlobalPrefix(config.apiPrefix);
  app.useGlobalPipes(createValidationPipe());
  mountSwagger(app);
  app.enableShutdownHooks([]);
  await app.init();
  return app;
}

import { randomUUID } from 'node:crypto';
import fastifyCors from '@fastify/cors';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { LogController } from 'fastify';
import type { Logger } from 'pino';
import type { AppConfig } from '@nomina-api/platform/config';
import { checkExportOptions, type ExportOptions } from '@nomina-api/platform/export';
import {
  checkBody,
  clientErrorHandler,
  frameworkErrors,
  HttpMetrics,
  lazyRequestLogger,
  limitUrlLength,
  NestPinoLogger,
  rejectNulInUrl,
  rejectWhileClosing,
  securityHeaders,
  trackRequestContext,
} from '@nomina-api/platform/hosting';
import { AppModule } from './app.module';
import { mountSwagger } from './openapi';

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** What a caller of createApp may change beyond the settings: the e2e tests give a small XLSX sheet to see the split. */
export interface CreateAppOptions {
  export?: ExportOptions;
}

/** Builds the HTTP application (used by main.ts and by the e2e tests). */
export async function createApp(
  config: AppConfig,
  databaseUrl: string,
  logger: Logger,
  options: CreateAppOptions = {},
): Promise<NestFastifyApplication> {
  const exportOptions = checkExportOptions(options.export ?? {});
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    // req.log is made on its first line written: most requests write none (LOG_LEVEL above info).
    childLoggerFactory: lazyRequestLogger,
    // Our own one-line access log (with tenant and duration) replaces Fastify's two lines per request.
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false,
    // Honour a sane X-Request-Id from the caller; otherwise make one.
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    requestTimeout: config.requestTimeoutMs,
    // Node checks both timeouts only every connectionsCheckingInterval (30 s by default) and lets
    // the headers run for headersTimeout (60 s): a slow client got its 408 after 41 s (headers) or
    // 71 s (body). Same bound for both, checked every second: the 408 comes within
    // REQUEST_TIMEOUT_MS + 1 s.
    http: {
      headersTimeout: config.requestTimeoutMs,
      requestTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, config.requestTimeoutMs),
    },
    bodyLimit: 64 * 1024,
    routerOptions: { maxParamLength: 300 },
    // Replaced by rejectWhileClosing: the same 503, as problem+json.
    return503OnClosing: false,
    // Router and HTTP-parser rejections answer problem+json too (414, 431, 400), never Fastify's JSON.
    frameworkErrors,
    clientErrorHandler,
    // No Nest middleware is configured (MikroORM's request context is off): no @fastify/middie
    // hook on every request. A middleware added later fails at startup, not silently.
    skipMiddie: true,
  });
  const fastify = adapter.getInstance();
  // Read by `respond` through reply.server when it writes a file.
  fastify.decorate('exportOptions', exportOptions);
  // @fastify/cors itself rather than app.enableCors(): Nest's wrapper copies the CORS headers onto
  // the raw response on every request (for Nest middleware, which this app has none of), and a
  // raw header makes Node run setHeader for every header of the reply. Registered first, its hook
  // runs where Nest's would: before the hooks
  // below, so their early answers (503 while closing, 414, 400) carry the CORS headers too.
  void fastify.register(fastifyCors, {
    origin: config.corsOrigins === '*' ? '*' : config.corsOrigins,
    exposedHeaders: [
      'X-Pagina',
      'X-Tamano-Pagina',
      'X-Total-Registros',
      'X-Request-Id',
      'ETag',
      'Content-Disposition',
      'Idempotency-Replayed',
    ],
    credentials: false,
    // An OPTIONS that is not a CORS preflight (no Origin / Access-Control-Request-Method) gets a
    // plain 204 instead of @fastify/cors' text/plain 400 "Invalid Preflight Request".
    strictPreflight: false,
  });
  rejectWhileClosing(fastify);
  fastify.addHook('onRequest', limitUrlLength);
  fastify.addHook('onRequest', rejectNulInUrl);
  fastify.addHook('preValidation', checkBody);
  // Callback-style hooks: an async hook costs a promise per request.
  fastify.addHook('onSend', (req, reply, _payload, done) => {
    reply.header('x-request-id', req.id);
    done();
  });
  trackRequestContext(fastify);
  // Assigned once the Nest app exists; the hook only runs after that.
  // eslint-disable-next-line prefer-const
  let metrics: HttpMetrics | undefined;
  // The level is fixed at startup: with LOG_LEVEL above info no access-log object is built at all.
  const accessLog = logger.isLevelEnabled('info');
  const routineAtDebug = logger.isLevelEnabled('debug');
  const prefix = config.apiPrefix ? `/${config.apiPrefix}` : '';
  // Requests nobody typed: probes, scrapes, Swagger UI's files and the browser's favicon. Logged at
  // debug (unless they fail with a 5xx), so the info log is the API's traffic.
  const routineRoutes = new Set([`${prefix}/health/live`, `${prefix}/health/ready`, `${prefix}/metrics`]);
  const routine = (url: string, route: string | undefined, status: number): boolean =>
    status < 500 && (route === undefined ? url.startsWith('/favicon') : routineRoutes.has(route) || route.startsWith('/docs/'));
  fastify.addHook('onResponse', (req, reply, done) => {
    // The route template (`/pagos/:id`), never the raw URL, labels metrics; unmatched URLs have none.
    const route = req.routeOptions.url;
    metrics?.observe(req.method, route, reply.statusCode, reply.elapsedTime / 1000);
    if (!accessLog) return done();
    const quiet = routine(req.url, route, reply.statusCode);
    if (quiet && !routineAtDebug) return done();
    req.log[quiet ? 'debug' : 'info'](
      {
        method: req.method,
        url: req.url,
        route,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        tenant: req.principal?.tenantId,
      },
      'request',
    );
    done();
  });

  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, databaseUrl), adapter, {
    logger: new NestPinoLogger(logger),
    abortOnError: false,
  });

  metrics = app.get(HttpMetrics);

  await app.register(securityHeaders, { contentSecurityPolicy: false, crossOriginResourcePolicy: { policy: 'cross-origin' } });
  if (config.apiPrefix) app.setGlobalPrefix(config.apiPrefix);
  // No global validation pipe: @Secured() and @Public() each bring it (every route has one of them).
  mountSwagger(app, { demo: config.demoData });
  // No enableShutdownHooks: main.ts owns the stop signals and calls app.close(), which runs every
  // lifecycle hook. Nest's hooks with no signal list listen to eleven signals (SIGUSR2 and SIGQUIT
  // among them), ran the hooks a second time on SIGTERM, and killed the process on SIGUSR2 (Node's
  // diagnostic-report signal) with the embedded PostgreSQL left running.
  await app.init();
  return app;
}

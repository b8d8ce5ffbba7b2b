/**
 * `@nomina-api/platform/hosting`: the process around the modules. `contextModule()`, which gives
 * each context its `forRoot()` for a host's Nest app, and what the standalone server adds: the
 * Fastify hooks (input limits, transport errors, security headers), the pino logger and its request
 * context, the stdio guard and the HTTP metrics.
 */
export {
  type ContextModuleAsyncOptions,
  type ContextModuleOptions,
  contextConfig,
  contextModule,
  contextModuleAsync,
} from './context-module';
export { checkBody, MAX_BODY_DEPTH, rejectNulInUrl } from '../http/input-limits';
export { securityHeaders, type SecurityHeadersOptions } from '../http/security-headers';
export { clientErrorHandler, frameworkErrors, limitUrlLength, MAX_URL_LENGTH, rejectWhileClosing } from '../http/transport-errors';
export { createRootLogger, NestPinoLogger } from '../logging/json-logger';
export { currentRequestId, trackRequestContext } from '../logging/request-context';
export { lazyRequestLogger } from '../logging/request-logger';
export { guardStdio } from '../logging/safe-stdio';
export { HttpMetrics } from '../metrics/http-metrics';

/**
 * `@nomina-api/platform/hosting`: the process around the modules. `contextModule()`, which gives
 * each context its `forRoot()` for a host's Nest app, and what the standalone server adds: the
 * pino logger and its request context, the stdio guard and the HTTP metrics.
 */
export {
  type ContextModuleAsyncOptions,
  type ContextModuleOptions,
  contextConfig,
  contextModule,
  contextModuleAsync,
} from './context-module';
export { createRootLogger, NestPinoLogger } from '../logging/json-logger';
export { currentRequestId, trackRequestContext } from '../logging/request-context';
export { lazyRequestLogger } from '../logging/request-logger';
export { guardStdio } from '../logging/safe-stdio';
export { HttpMetrics } from '../metrics/http-metrics';

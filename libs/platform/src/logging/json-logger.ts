import type { LoggerService } from '@nestjs/common';
import pino, { type Logger, type LoggerOptions } from 'pino';
import { type LogFormat, prettyDestination } from './pretty-logger';
import { currentRequestId } from './request-context';
import { stdoutDestination } from './safe-stdio';

/**
 * One logger for Fastify's request logs and Nest's own messages: JSON lines, or with `pretty`
 * (LOG_FORMAT; the default on a terminal) the same records as human lines.
 */
export function createRootLogger(level: string, format: LogFormat = 'json', stream?: NodeJS.WritableStream): Logger {
  const options: LoggerOptions = {
    level,
    base: { service: 'nomina-read-api' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: ['req.headers.authorization', 'password'], remove: true },
  };
  if (format === 'pretty') return pino(options, prettyDestination(stream));
  // Default: JSON to stdout through a destination that goes quiet on a closed terminal or pipe.
  return pino(options, stream ?? stdoutDestination());
}

/** Nest's start-up chatter (one line per module and per route) is detail, not news: debug level. */
const STARTUP_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer']);

export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  private write(level: 'info' | 'warn' | 'error' | 'debug' | 'trace' | 'fatal', message: unknown, params: unknown[]): void {
    const context = typeof params[params.length - 1] === 'string' ? (params.pop() as string) : undefined;
    // Nest's messages written while serving a request carry its id, like Fastify's own lines.
    const reqId = currentRequestId();
    if (message instanceof Error) {
      this.logger[level]({ context, reqId, err: { message: message.message, stack: message.stack } }, message.message);
      return;
    }
    if (level === 'error' && typeof params[0] === 'string') {
      this.logger.error({ context, reqId, stack: params[0] }, String(message));
      return;
    }
    this.logger[level]({ context, reqId }, typeof message === 'string' ? message : JSON.stringify(message));
  }

  log(message: unknown, ...params: unknown[]): void {
    const context = params[params.length - 1];
    this.write(typeof context === 'string' && STARTUP_CONTEXTS.has(context) ? 'debug' : 'info', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }
}

import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';
import { currentRequestId } from './request-context';
import { stdoutDestination } from './safe-stdio';

/** One JSON logger for Fastify's request logs and Nest's own messages. */
export function createRootLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'nomina-read-api' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: ['req.headers.authorization', 'password'], remove: true },
  }, stdoutDestination());
}

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
    this.write('info', message, params);
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

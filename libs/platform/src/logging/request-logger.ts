import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Bindings, ChildLoggerOptions, Logger, LogFn } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * Fastify's `childLoggerFactory`: `req.log` becomes the pino child Fastify would have made (the
 * request id bound), but made on the first line actually written. Fastify builds a child for
 * every request; at LOG_LEVEL=warn a successful read writes nothing with it, and building it (pino
 * child + setLevel) would be a visible part of a cached read's CPU.
 * A call below the level creates nothing; anything else behaves as the child itself.
 */
export const lazyRequestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (parent, bindings, opts) =>
  new LazyRequestLogger(parent as Logger, bindings, opts as ChildLoggerOptions) as unknown as FastifyBaseLogger;

class LazyRequestLogger {
  /** The real child, once a line needed it (not `child`: that is pino's method). */
  private made: Logger | undefined;
  /** The numeric level the child would have: the route's (Fastify passes it) or the parent's. */
  private readonly threshold: number;

  constructor(
    private readonly parent: Logger,
    private readonly childBindings: Bindings,
    private readonly opts: ChildLoggerOptions,
  ) {
    this.threshold = (opts.level !== undefined ? parent.levels.values[opts.level] : undefined) ?? parent.levelVal;
  }

  private real(): Logger {
    return (this.made ??= this.parent.child(this.childBindings, this.opts));
  }

  private write(level: Level, args: Parameters<LogFn>): void {
    if (this.made === undefined && this.parent.levels.values[level] < this.threshold) return;
    (this.real()[level] as (...a: unknown[]) => void)(...args);
  }

  get level(): string {
    return this.made?.level ?? this.opts.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  fatal(...args: Parameters<LogFn>): void {
    this.write('fatal', args);
  }
  error(...args: Parameters<LogFn>): void {
    this.write('error', args);
  }
  warn(...args: Parameters<LogFn>): void {
    this.write('warn', args);
  }
  info(...args: Parameters<LogFn>): void {
    this.write('info', args);
  }
  debug(...args: Parameters<LogFn>): void {
    this.write('debug', args);
  }
  trace(...args: Parameters<LogFn>): void {
    this.write('trace', args);
  }
  silent(): void {}

  isLevelEnabled(level: string): boolean {
    return this.made ? this.made.isLevelEnabled(level) : (this.parent.levels.values[level] ?? Infinity) >= this.threshold;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): Logger {
    return this.real().child(bindings, options);
  }

  bindings(): Bindings {
    return this.real().bindings();
  }
}

import { inspect } from 'node:util';

/**
 * Human log lines for a terminal: `12:04:05.123 INFO  [Contexto] mensaje clave=valor`.
 *
 * Our own formatter instead of pino-pretty: pino-pretty runs as a transport in a worker thread,
 * so its lines arrive after anything the process writes directly (the start banner printed
 * itself before "Server listening") and the last lines are lost on process.exit; it also brings
 * a dozen dependencies for what is one small function here. This destination is synchronous and
 * pino keeps serializing (redaction included): it only reformats pino's JSON line.
 */

export type LogFormat = 'pretty' | 'json';

const LEVELS: Record<string, { label: string; color: number }> = {
  trace: { label: 'TRACE', color: 90 },
  debug: { label: 'DEBUG', color: 36 },
  info: { label: 'INFO ', color: 32 },
  warn: { label: 'WARN ', color: 33 },
  error: { label: 'ERROR', color: 31 },
  fatal: { label: 'FATAL', color: 35 },
};

/** Keys every line has, or that the line's layout already shows. */
const SHOWN = new Set(['level', 'time', 'service', 'msg', 'context', 'pid', 'hostname']);

export interface PrettyOptions {
  colors: boolean;
}

/** Formats one pino JSON record (already parsed) as one or more human lines, newline-terminated. */
export function formatPrettyLine(record: Record<string, unknown>, options: PrettyOptions): string {
  const paint = (code: number, text: string): string => (options.colors ? `\u001b[${code}m${text}\u001b[0m` : text);
  const level = LEVELS[String(record.level)] ?? { label: String(record.level).toUpperCase().padEnd(5), color: 0 };
  const time = typeof record.time === 'string' ? record.time.slice(11, 23) : new Date().toISOString().slice(11, 23);
  const context = record.context ? `${paint(33, `[${String(record.context)}]`)} ` : '';
  let message = String(record.msg ?? '');
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) if (!SHOWN.has(key) && value !== undefined) rest[key] = value;
  if (message === 'request' && rest.method && rest.url) {
    // The access log: "GET /pagos?size=2 200 3.4 ms", then what is left (reqId, tenant).
    message = `${String(rest.method)} ${String(rest.url)} ${paint(Number(rest.status) >= 500 ? 31 : Number(rest.status) >= 400 ? 33 : 32, String(rest.status))} ${String(rest.ms)} ms`;
    for (const key of ['method', 'url', 'route', 'status', 'ms']) delete rest[key];
  }
  let stack = '';
  const err = rest.err as { stack?: string; message?: string } | undefined;
  if (err && typeof err === 'object') {
    stack = err.stack ? `\n${paint(90, err.stack)}` : '';
    if (!stack && err.message) rest.error = err.message;
    delete rest.err;
  }
  const extras = Object.entries(rest)
    .map(
      ([key, value]) =>
        `${key}=${typeof value === 'string' ? (/\s/.test(value) ? JSON.stringify(value) : value) : inspect(value, { breakLength: Infinity, depth: 3 })}`,
    )
    .join(' ');
  return `${paint(90, time)} ${paint(level.color, level.label)} ${context}${message}${extras ? ` ${paint(90, extras)}` : ''}${stack}\n`;
}

/** A pino destination that writes human lines to `stream` (synchronously, in order). */
export function prettyDestination(stream: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout): { write(line: string): void } {
  const colors = Boolean(stream.isTTY) && !process.env.NO_COLOR;
  return {
    write(line: string): void {
      let record: Record<string, unknown>;
      try {
        record = JSON.parse(line) as Record<string, unknown>;
      } catch {
        stream.write(line);
        return;
      }
      stream.write(formatPrettyLine(record, { colors }));
    },
  };
}

import type { Command, Query } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ExportColumn } from './export-column';
import { exportFile, type ExportOptions, type ExportSpec } from './export-file';
import { type ExportFormat, resolveExportFormat, tryResolveExportFormat } from './export-format';
import type { RowSource } from './row-source';

declare module 'fastify' {
  interface FastifyRequest {
    /** The representation the request asks for, once resolved (requestFormat). */
    exportFormat?: ExportFormat;
  }
  interface FastifyInstance {
    /** Decorated by the app that builds this Fastify instance (createApp); a host app's has none: the defaults. */
    exportOptions?: ExportOptions;
  }
}

/**
 * The request's format (`format`, else Accept, else JSON; CONTRACT §8), resolved once per
 * request: ConditionalRequestGuard resolves it for the ETag and `respond` reuses it. Another
 * `format` value → 400 FORMATO_INVALIDO.
 */
export function requestFormat(req: FastifyRequest): ExportFormat {
  return (req.exportFormat ??= resolveExportFormat((req.query as Record<string, unknown> | undefined)?.format, req.headers.accept));
}

/** requestFormat without the 400 (undefined instead), for the guard: an invalid format is the handler's 400, after its own checks. */
export function peekRequestFormat(req: FastifyRequest): ExportFormat | undefined {
  if (req.exportFormat !== undefined) return req.exportFormat;
  const format = tryResolveExportFormat((req.query as Record<string, unknown> | undefined)?.format, req.headers.accept);
  if (format !== undefined) req.exportFormat = format;
  return format;
}

/** What a typed Query or Command answers: a reply spec must be written for that result. */
export type ResultOf<M> = M extends Query<infer R> ? R : M extends Command<infer R> ? R : unknown;

/** What runs a read: the QueryBus (or the CommandBus for a read that writes). */
export interface Executor {
  execute(message: object): Promise<unknown>;
}

/** The CSV/XLSX file of a read (CONTRACT §8). Its functions get the query or the result as arguments: nothing is built per request. */
export interface FileReply<M, R> {
  /** Names the XLSX sheet (`pagos`, `reportUtility`). */
  resource: string;
  columns: readonly ExportColumn[] | ((message: M) => readonly ExportColumn[]);
  /** The file's rows from the read's result. */
  rows(result: R): RowSource;
  /** The file name without extension (exportFileName). */
  fileName(message: M): string;
  /**
   * The query whose result IS the file's rows when it is not the JSON's query — a list exported
   * whole through a cursor when the request named no page — or undefined to read `message`.
   */
  whole?(message: M): object | undefined;
}

/**
 * How a read answers, declared once per operation at module load (never per request). `respond`
 * applies it: JSON-only reads ignore `format` (as the legacy services did); others answer JSON or
 * the file in the request's format, resolved before the read so a 400 never leaves a cursor open.
 */
export interface ReplySpec<M, R> {
  /**
   * The JSON body from the result: a string or a stream of text written by the operation's own
   * writer (sent as is, with `jsonType`), a StreamableFile, or an object or array Nest serialises.
   */
  json(result: R, reply: FastifyReply): unknown;
  /** Content-Type of a JSON body written as text; absent for one Nest serialises or that sets its own. */
  jsonType?: string;
  /** Headers of every successful answer, JSON or file (e.g. paging headers), set before the body. */
  headers?(result: R, message: M): Record<string, string>;
  /** Absent: the read answers JSON only. */
  file?: FileReply<M, R>;
}

/**
 * The one reply of every read: run `message` on `bus` and answer in the requested format with
 * `spec`. A controller's whole body: `return respond(this.queryBus, reply, SPEC, new XQuery(…));`.
 */
export async function respond<M extends object, R extends ResultOf<M>>(
  bus: Executor,
  reply: FastifyReply,
  spec: ReplySpec<M, R>,
  message: M,
): Promise<unknown> {
  const file = spec.file;
  const format = file === undefined ? 'json' : requestFormat(reply.request);
  if (file !== undefined && format !== 'json') {
    return exportFile(format, await fileOf(bus, reply, spec, file, message), reply.server.exportOptions);
  }
  const result = (await bus.execute(message)) as R;
  if (spec.headers !== undefined) reply.headers(spec.headers(result, message));
  if (spec.jsonType !== undefined) reply.header('content-type', spec.jsonType);
  return spec.json(result, reply);
}

async function fileOf<M extends object, R>(
  bus: Executor,
  reply: FastifyReply,
  spec: ReplySpec<M, R>,
  file: FileReply<M, R>,
  message: M,
): Promise<ExportSpec> {
  const whole = file.whole?.(message);
  let rows: RowSource;
  if (whole !== undefined) {
    rows = (await bus.execute(whole)) as RowSource;
  } else {
    const result = (await bus.execute(message)) as R;
    if (spec.headers !== undefined) reply.headers(spec.headers(result, message));
    rows = file.rows(result);
  }
  const columns = typeof file.columns === 'function' ? file.columns(message) : file.columns;
  return { resource: file.resource, columns, rows, fileName: file.fileName(message) };
}

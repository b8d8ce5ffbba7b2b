import { Readable, Transform } from 'node:stream';
import type { Query } from '@nestjs/cqrs';
import {
  bogotaDate,
  columnsFromLegacySchema,
  exportFileName,
  type FileReply,
  type ReplySpec,
  type RowSource,
} from '@nomina-api/platform/export';
import { type LegacyObjectSchema, pipeInto, toWireUuid } from '@nomina-api/platform/http';
import type { ListParams, Page } from '../queries/listing';

/**
 * How the payroll reads answer, over the platform's one reply (`respond`, platform
 * export/reply.ts). 200 bodies are written by the legacy JSON writer (Java layout, byte for byte)
 * and sent as the text it returns, bypassing Nest's serialisation; a file (CONTRACT §8) has the
 * columns of the schema the JSON is written with, so the two cannot drift apart.
 */
export const LEGACY_JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** An envelope writer of the legacy JSON (`envelopeWriter(SCHEMA)`). */
type Write<Row> = (rows: readonly Row[], total: number) => string;

/**
 * What names a payroll file besides its resource: the request's own identifier (a payment, a
 * payslip) and its date range — or, without a range, the request date in Bogotá.
 */
export interface FileNameParts {
  uuid?: string;
  range?: readonly [string, string];
}

export interface NominaFile<M> {
  /** The resource: the XLSX sheet and the start of the file name. */
  resource: string;
  /** The legacy schema the JSON is written with: the file's columns. */
  schema: LegacyObjectSchema;
  name?: (message: M) => FileNameParts;
}

function nominaFile<M, R>({ resource, schema, name }: NominaFile<M>, rows: (result: R) => RowSource): FileReply<M, R> {
  return {
    resource,
    columns: columnsFromLegacySchema(schema),
    rows,
    fileName: (message) => {
      const parts = name?.(message) ?? {};
      return exportFileName(resource, ...(parts.uuid ? [toWireUuid(parts.uuid)] : []), ...(parts.range ?? [bogotaDate()]));
    },
  };
}

const pageRows = <Row>(page: Page<Row>): Row[] => page.rows;
const allRows = <Row>(rows: Row[]): Row[] => rows;

/**
 * A payroll list (CONTRACT §3.2): JSON is the envelope of one page; a file is that page when the
 * request named one (`offset`/`size`, ListParams.paged), else the whole list read through a
 * cursor by the `whole` query.
 */
export function nominaList<M extends { list: ListParams }, Row extends object>(
  file: NominaFile<M> & { whole: (message: M) => Query<Readable> },
  write: Write<Row>,
): ReplySpec<M, Page<Row>> {
  return {
    json: (page) => write(page.rows, page.total),
    jsonType: LEGACY_JSON_CONTENT_TYPE,
    file: { ...nominaFile<M, Page<Row>>(file, pageRows), whole: (message) => (message.list.paged ? undefined : file.whole(message)) },
  };
}

/**
 * A payroll list that pages only when the request names `offset` or `size` and otherwise answers
 * every element (the bond lists: their legacy clients read the whole list in one call). The query
 * answers a Page, or a stream of the whole list's row batches (a cursor read with `batches: true`:
 * one stream step per fetch, not per row); JSON writes either as the envelope (the stream batch by
 * batch, `total` counted as it goes), a file holds the same rows one by one.
 */
export function nominaListOrWhole<M extends { list: ListParams }, Row extends object>(
  file: NominaFile<M>,
  write: Write<Row>,
  writeStream: (rows: AsyncIterable<Row | readonly Row[]>) => AsyncIterable<string>,
): ReplySpec<M, Page<Row> | Readable> {
  return {
    json: (result) => (result instanceof Readable ? legacyJsonFromRows(result, writeStream) : write(result.rows, result.total)),
    jsonType: LEGACY_JSON_CONTENT_TYPE,
    file: nominaFile<M, Page<Row> | Readable>(file, (result) => (result instanceof Readable ? eachRow(result) : result.rows)),
  };
}

/**
 * A payroll read answered whole from a cursor and never paged (the per-concept explorer): the query
 * answers a stream of row batches; JSON is the envelope written while they arrive (`total`, its last
 * member, counted as it goes), a file holds the same rows one by one.
 */
export function nominaStream<M, Row extends object>(
  file: NominaFile<M>,
  writeStream: (rows: AsyncIterable<Row | readonly Row[]>) => AsyncIterable<string>,
): ReplySpec<M, Readable> {
  return {
    json: (batches) => legacyJsonFromRows(batches, writeStream),
    jsonType: LEGACY_JSON_CONTENT_TYPE,
    file: nominaFile<M, Readable>(file, eachRow),
  };
}

/** A payroll read of every row of one thing (a payment's concepts, a payslip's lines): not paged, `total` is the row count. */
export function nominaRows<M, Row extends object>(file: NominaFile<M>, write: Write<Row>): ReplySpec<M, Row[]> {
  return {
    json: (rows) => write(rows, rows.length),
    jsonType: LEGACY_JSON_CONTENT_TYPE,
    file: nominaFile<M, Row[]>(file, allRows),
  };
}

/** A payroll lookup of one element, in an envelope of one; JSON only (`format` is ignored, as the legacy service did). */
export function nominaOne<M, Row>(write: Write<Row>): ReplySpec<M, Row> {
  return { json: (row) => write([row], 1), jsonType: LEGACY_JSON_CONTENT_TYPE };
}

/**
 * A legacy JSON body too large to hold as one string per request (thousands of elements): the
 * chunks are built as the client takes them (Fastify pipes the stream, so a slow client holds
 * back the writer) and sent with chunked transfer encoding. An error before the first chunk still
 * becomes a problem response; after it, the connection is cut (a truncated body, never a short one
 * that looks complete).
 */
export function legacyJsonStream(chunks: Iterable<string> | AsyncIterable<string>): Readable {
  // `encoding`: the chunks stay strings up to the socket write instead of a Buffer copy of each.
  return Readable.from(chunks, { objectMode: false, encoding: 'utf8' });
}

/**
 * legacyJsonStream for a body written from a cursor's rows (`write` reads `rows` to build the
 * chunks). Whatever ends the body also destroys `rows`, which closes the cursor and returns its
 * connection: an end or an error, and a body never read — a client gone before the first byte
 * gets the stream handed to a closed response, which destroys it without ever starting `write`,
 * so `rows` would otherwise hold its connection for good.
 */
export function legacyJsonFromRows<Row>(rows: Readable, write: (rows: AsyncIterable<Row>) => AsyncIterable<string>): Readable {
  const body = legacyJsonStream(write(rows));
  body.once('close', () => {
    if (!rows.destroyed) rows.destroy();
  });
  return body;
}

/**
 * The rows of a stream of row batches (a cursor read with `batches: true`), one by one as the
 * export writers take them. Piped, so destroying the rows (client gone) destroys the batches too.
 */
export function eachRow(batches: Readable): Readable {
  const rows = new Transform({
    objectMode: true,
    // One batch waiting here at most.
    writableHighWaterMark: 1,
    transform(batch: readonly object[], _encoding, callback) {
      for (const row of batch) this.push(row);
      callback();
    },
  });
  return pipeInto(batches, rows);
}

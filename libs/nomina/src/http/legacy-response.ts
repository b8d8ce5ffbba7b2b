import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export const LEGACY_JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Payroll 200 bodies are written by the legacy JSON writer (Java layout, byte for byte), so they
 * must bypass Nest's JSON serialization: the controller returns the string and this sets the
 * content type on the passthrough reply (Fastify sends strings as they are).
 */
export function legacyJson(reply: FastifyReply, body: string): string {
  reply.header('content-type', LEGACY_JSON_CONTENT_TYPE);
  return body;
}

/**
 * legacyJson for bodies too large to hold as one string per request (thousands of elements):
 * the chunks are built as the client takes them (Fastify pipes the stream, so a slow client
 * holds back the writer) and sent with chunked transfer encoding. An error before the first chunk
 * still becomes a problem response; after it, the connection is cut (a truncated body, never a
 * short one that looks complete).
 */
export function legacyJsonStream(reply: FastifyReply, chunks: Iterable<string> | AsyncIterable<string>): Readable {
  reply.header('content-type', LEGACY_JSON_CONTENT_TYPE);
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
export function legacyJsonFromRows<T>(
  reply: FastifyReply,
  rows: Readable,
  write: (rows: AsyncIterable<T>) => AsyncIterable<string>,
): Readable {
  const body = legacyJsonStream(reply, write(rows));
  body.once('close', () => {
    if (!rows.destroyed) rows.destroy();
  });
  return body;
}

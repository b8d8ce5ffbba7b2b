import { type Readable, Transform } from 'node:stream';
import { pipeInto } from '@nomina-api/platform/http';

/** Characters gathered before a write: a few large socket writes rather than one per record. */
const CHUNK_CHARS = 64 * 1024;

/**
 * Writes an object-mode stream as the text of one JSON array, incrementally. The opening bracket
 * goes out at once, so the status and headers are sent before the first row; an error after that
 * destroys the stream (and the HTTP connection): the client gets a truncated body, never a short
 * list that looks complete. Destroying the result (a client that disconnects) destroys `records`.
 * `toJson` writes one record (default JSON.stringify).
 */
export function jsonArrayStream<T>(records: Readable, toJson: (record: T) => string = JSON.stringify): Readable {
  let separator = '';
  let pending = '';
  const json = new Transform({
    writableObjectMode: true,
    // Pushed text stays a string up to the socket write (no Buffer copy of every chunk).
    encoding: 'utf8',
    transform(record: T, _encoding, callback) {
      pending += separator + toJson(record);
      separator = ',';
      if (pending.length < CHUNK_CHARS) return callback();
      const chunk = pending;
      pending = '';
      callback(null, chunk);
    },
    flush(callback) {
      callback(null, `${pending}]`);
    },
  });
  json.push('[');
  return pipeInto(records, json);
}

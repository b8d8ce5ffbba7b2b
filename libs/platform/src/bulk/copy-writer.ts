import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { Client } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { ImportError } from './import-error';

/**
 * COPY ... FROM STDIN. Text rows are appended to a string chunk and written in large pieces (binary
 * rows come as ready chunks from binary-copy.ts), waiting for 'drain' whenever the socket is full,
 * so a million-line import keeps a bounded amount of memory and PostgreSQL parses while the next
 * chunk is being built.
 */

const CHUNK_CHARS = 256 * 1024;

export type CopyValue = string | number | boolean | null | undefined;

const SPECIAL = /[\\\t\n\r\0]/;
const SPECIAL_ALL = /[\\\t\n\r]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** Text-format escaping: backslash, tab, newline and carriage return are the only specials. */
export function copyText(value: string): string {
  if (!SPECIAL.test(value)) return value;
  if (value.includes('\0')) {
    // JSON can carry \u0000 but PostgreSQL text cannot: say which value instead of a driver error.
    throw new ImportError(
      'INVALID_TEXT',
      `El texto ${JSON.stringify(value.slice(0, 80))} contiene el carácter \\u0000, que la base de datos no admite`,
    );
  }
  return value.replace(SPECIAL_ALL, (ch) => ESCAPES[ch]);
}

/** One field in COPY text format; null and undefined are \N. */
export function copyField(value: CopyValue): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  return copyText(value);
}

export function copyRow(values: readonly CopyValue[]): string {
  let row = copyField(values[0]);
  for (let i = 1; i < values.length; i++) row += '\t' + copyField(values[i]);
  return row + '\n';
}

export class CopyWriter {
  private chunk = '';
  private failure: Error | undefined;
  rows = 0;

  private constructor(private readonly stream: Writable) {
    // Without a listener a server-side error would crash the process; it is rethrown on the next write.
    stream.on('error', (err: Error) => (this.failure ??= err));
  }

  static open(client: Client, table: string, columns: readonly string[], format: 'text' | 'binary' = 'text'): CopyWriter {
    const options = format === 'binary' ? ' with (format binary)' : '';
    return new CopyWriter(client.query(copyFrom(`copy ${table} (${columns.join(', ')}) from stdin${options}`)));
  }

  /** Appends one encoded row (ending in \n). True when the caller should `await flush()`. */
  push(row: string): boolean {
    this.chunk += row;
    this.rows++;
    return this.chunk.length >= CHUNK_CHARS;
  }

  async flush(): Promise<void> {
    if (!this.chunk) return;
    const chunk = this.chunk;
    this.chunk = '';
    await this.write(chunk);
  }

  /** Sends data as is (binary format chunks, or text already encoded), waiting while the socket is full. */
  async write(data: string | Buffer): Promise<void> {
    if (this.failure) throw this.failure;
    if (!this.stream.write(data)) await this.drained();
  }

  /** Sends the rest and waits until PostgreSQL has accepted the whole COPY. */
  async end(): Promise<void> {
    await this.flush();
    if (this.failure) throw this.failure;
    this.stream.end();
    await finished(this.stream);
    if (this.failure) throw this.failure;
  }

  /** Abandons the COPY (CopyFail): the server discards it and the connection stays usable. */
  abort(reason: Error): void {
    if (!this.stream.destroyed) this.stream.destroy(reason);
  }

  private drained(): Promise<void> {
    const stream = this.stream;
    return new Promise<void>((resolve, reject) => {
      const settle = (err?: Error): void => {
        stream.off('drain', onDrain);
        stream.off('error', onError);
        stream.off('close', onClose);
        if (err) reject(err);
        else resolve();
      };
      const onDrain = (): void => settle();
      const onError = (err: Error): void => settle(err);
      const onClose = (): void => settle(this.failure ?? new Error('La conexión COPY se cerró antes de tiempo'));
      stream.on('drain', onDrain);
      stream.on('error', onError);
      stream.on('close', onClose);
    });
  }
}

/** COPYs a whole set of rows (small tables, or rows buffered for one batch). */
export async function copyRows(
  client: Client,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly CopyValue[])[],
): Promise<number> {
  if (!rows.length) return 0;
  const writer = CopyWriter.open(client, table, columns);
  try {
    for (const row of rows) {
      if (writer.push(copyRow(row))) await writer.flush();
    }
    await writer.end();
  } catch (err) {
    writer.abort(err as Error);
    throw err;
  }
  return writer.rows;
}

/**
 * COPYs one row per item of a list or of a file read again (sync or async), sent as they are built:
 * a catalog of millions is never held. Returns the rows written.
 */
export async function copyItems<T>(
  client: Client,
  table: string,
  columns: readonly string[],
  items: Iterable<T> | AsyncIterable<T>,
  toRow: (item: T, index: number) => readonly CopyValue[],
): Promise<number> {
  const writer = CopyWriter.open(client, table, columns);
  try {
    let i = 0;
    for await (const item of items) {
      if (writer.push(copyRow(toRow(item, i++)))) await writer.flush();
    }
    await writer.end();
  } catch (err) {
    writer.abort(err as Error);
    throw err;
  }
  return writer.rows;
}

/**
 * COPYs rows already encoded as COPY text lines. A generator's rows are encoded as they are sent,
 * never all held; `onFlush` hears each chunk sent (the import's garbage-collection pace).
 */
export async function copyEncoded(
  client: Client,
  table: string,
  columns: readonly string[],
  lines: readonly string[] | Iterable<string>,
  onFlush?: () => void,
): Promise<void> {
  if (Array.isArray(lines) && !lines.length) return;
  const writer = CopyWriter.open(client, table, columns);
  try {
    for (const line of lines) {
      if (writer.push(line)) {
        await writer.flush();
        onFlush?.();
      }
    }
    await writer.end();
  } catch (err) {
    writer.abort(err as Error);
    throw err;
  }
}

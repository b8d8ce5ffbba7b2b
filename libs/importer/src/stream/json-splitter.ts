import { isUtf8 } from 'node:buffer';
import { findJsonSyntaxError, findLoneSurrogate, findNulTexts } from '../json-syntax';
import { childPath } from '../problems';

/**
 * A JSON document read as a stream of bytes and cut into values small enough to parse one at a
 * time: the caller names the containers to walk into (the "spine": for an import file the root
 * object, `tenants`, each tenant and its lists, each payment and its `empleados`), and every other
 * value — a payslip, a sale, an employee — arrives whole, parsed by JSON.parse (native, and the
 * fastest parser Node has).
 * So memory holds one chunk and one value, never the document.
 *
 * Checked on the way, each failure located by byte offset: strict UTF-8 (isUtf8, simdutf), the
 * spine's own syntax here, every value's syntax by JSON.parse (then findJsonSyntaxError says
 * where), truncation, and lone UTF-16 surrogate escapes (by JSON path); texts holding U+0000 are
 * reported to the handler by JSON path (a problem of the file, not of its syntax).
 */

export type PathSegment = string | number;

export interface SplitterHandler {
  /** Walk into this container (its members are reported one by one) instead of reporting it whole. */
  descend(path: readonly PathSegment[], kind: '{' | '['): boolean;
  /** A whole value at `path`, parsed from `bytes` bytes of the file. */
  value(path: readonly PathSegment[], value: unknown, bytes: number): void;
  /** A walked container opens (offset of its bracket). */
  open?(path: readonly PathSegment[], kind: '{' | '[', offset: number): void;
  /** A walked container closes (offset of its closing bracket). */
  close?(path: readonly PathSegment[], offset: number): void;
  /** A text (a value's or a property name) at this JSON path holds U+0000; without this handler it goes unremarked. */
  nul?(path: string): void;
}

export type JsonStreamErrorKind = 'utf8' | 'syntax' | 'surrogate';

export class JsonStreamError extends Error {
  constructor(
    readonly kind: JsonStreamErrorKind,
    /** Byte offset in the file (utf8, syntax). */
    readonly offset: number,
    /** What is wrong (syntax), or the JSON path of the text (surrogate). */
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** Where the spine's parser is in a walked container. */
const enum Expect {
  FirstOrClose, // just opened: a key (object) or a value (array), or the closing bracket
  Key,
  Colon,
  Value,
  CommaOrClose,
}

interface Frame {
  kind: '{' | '[';
  expect: Expect;
}

const enum Piece {
  None,
  Container,
  String,
  Scalar,
}

/** Values over this size are refused: one payslip, sale or catalog list must fit in memory (V8's string limit is ~512 MB). */
export const MAX_VALUE_BYTES = 256 * 1024 * 1024;

/** Bytes that can be part of a number or literal (and of the usual ways to misspell one). */
const SCALAR_CHAR = new Uint8Array(256);
for (const ch of '0123456789+-.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ') SCALAR_CHAR[ch.charCodeAt(0)] = 1;

const AFTER_END = 'hay contenido después del final del JSON';

const isSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;
/** A NUL can only be written as this escape in valid JSON (raw control characters are refused). */
const NUL_ESCAPE = '\\u0000';

export class JsonSplitter {
  /** Path of the value being read; for an object member its key once read. */
  private readonly path: PathSegment[] = [];
  private readonly frames: Frame[] = [];
  private rootSeen = false;
  /** Bytes consumed before the current chunk. */
  private base = 0;
  /** Incomplete UTF-8 sequence at the end of the last chunk. */
  private carry: Buffer | undefined;

  // The value being cut out (a "piece").
  private piece = Piece.None;
  private pieceIsKey = false;
  private pieceStart = 0;
  private pieceParts: Buffer[] = [];
  private pieceBytes = 0;
  private depth = 0;
  private inString = false;
  private escaped = false;

  constructor(private readonly handler: SplitterHandler) {}

  /** Feeds the next bytes of the document (any size, cut anywhere, even inside a character). */
  write(chunk: Buffer): void {
    // The carried bytes were not counted in base: they start there.
    const at = this.base;
    let buf = chunk;
    if (this.carry) {
      buf = Buffer.concat([this.carry, chunk]);
      this.carry = undefined;
    }
    const cut = completeUtf8End(buf);
    if (!isUtf8(buf.subarray(0, cut))) throw new JsonStreamError('utf8', at + firstInvalidUtf8(buf), 'bytes que no son UTF-8');
    if (cut < buf.length) this.carry = Buffer.from(buf.subarray(cut));
    this.scan(buf, cut);
    this.base = at + cut;
  }

  /** The document has ended: a value or container left open is truncation. */
  end(): void {
    if (this.carry) throw new JsonStreamError('utf8', this.base, 'bytes que no son UTF-8');
    // A number or literal ends with the file; any other open value is truncated, and parsing it says where.
    if (this.piece !== Piece.None) this.finishPiece(Buffer.alloc(0));
    if (this.frames.length) {
      const top = this.frames[this.frames.length - 1];
      throw this.syntax(this.base, `fin del archivo inesperado; se esperaba ${this.expected(top)}`);
    }
    if (!this.rootSeen) throw this.syntax(this.base, 'fin del archivo inesperado; se esperaba un valor');
  }

  /** Offsets count from here: the file offset of the first byte written (for a slice of the file). */
  startAt(offset: number): void {
    this.base = offset;
  }

  private syntax(offset: number, reason: string): JsonStreamError {
    return new JsonStreamError('syntax', offset, reason);
  }

  private expected(f: Frame): string {
    const close = f.kind === '{' ? '}' : ']';
    switch (f.expect) {
      case Expect.FirstOrClose:
        return f.kind === '{' ? 'un nombre de propiedad entre comillas dobles' : 'un valor';
      case Expect.Key:
        return 'un nombre de propiedad entre comillas dobles';
      case Expect.Colon:
        return '":"';
      case Expect.Value:
        return 'un valor';
      default:
        return `"," o "${close}"`;
    }
  }

  private unexpected(buf: Buffer, i: number, expected: string): JsonStreamError {
    const ch = String.fromCharCode(buf[i]);
    return this.syntax(
      this.base + i,
      `carácter inesperado ${JSON.stringify(buf[i] < 0x80 ? ch : buf.toString('utf8', i, i + 4)[0])}; se esperaba ${expected}`,
    );
  }

  private scan(buf: Buffer, end: number): void {
    let i = 0;
    while (i < end) {
      if (this.piece !== Piece.None) {
        i = this.scanPiece(buf, i, end);
        continue;
      }
      const c = buf[i];
      if (isSpace(c)) {
        i++;
        continue;
      }
      const top = this.frames[this.frames.length - 1];
      if (!top) {
        if (this.rootSeen) throw this.syntax(this.base + i, AFTER_END);
        // Editors on Windows often save UTF-8 with a byte order mark.
        if (this.base + i === 0 && c === 0xef && buf[i + 1] === 0xbb && buf[i + 2] === 0xbf) {
          i += 3;
          continue;
        }
        this.rootSeen = true;
        i = this.startValue(buf, i);
        continue;
      }
      const close = top.kind === '{' ? 0x7d : 0x5d;
      switch (top.expect) {
        case Expect.FirstOrClose:
        case Expect.CommaOrClose:
          if (c === close) {
            this.closeFrame(i);
            i++;
            continue;
          }
          if (top.expect === Expect.CommaOrClose) {
            if (c !== 0x2c) throw this.unexpected(buf, i, this.expected(top));
            i++;
            top.expect = top.kind === '{' ? Expect.Key : Expect.Value;
            if (top.kind === '[') (this.path[this.path.length - 1] as number)++;
            continue;
          }
          if (top.kind === '{') {
            top.expect = Expect.Key;
            continue;
          }
          top.expect = Expect.Value;
          continue;
        case Expect.Key:
          if (c !== 0x22) throw this.unexpected(buf, i, this.expected(top));
          this.beginPiece(buf, i, Piece.String, true);
          continue;
        case Expect.Colon:
          if (c !== 0x3a) throw this.unexpected(buf, i, '":"');
          top.expect = Expect.Value;
          i++;
          continue;
        case Expect.Value:
          top.expect = Expect.CommaOrClose;
          i = this.startValue(buf, i);
          continue;
      }
    }
    if (this.piece !== Piece.None) this.keepPiece(buf, end);
  }

  /** A value starts at buf[i]: walk into it, or cut it out whole. */
  private startValue(buf: Buffer, i: number): number {
    const c = buf[i];
    // A closing bracket, separator or stray character where a value belongs ("[1,]", "{"a":}"):
    // said here, since cutting it out as a value would report an empty text.
    if (c !== 0x22 && c !== 0x7b && c !== 0x5b && !SCALAR_CHAR[c]) throw this.unexpected(buf, i, 'un valor');
    if (c === 0x7b || c === 0x5b) {
      const kind = c === 0x7b ? '{' : '[';
      if (this.handler.descend(this.path, kind)) {
        this.handler.open?.(this.path, kind, this.base + i);
        this.frames.push({ kind, expect: Expect.FirstOrClose });
        this.path.push(kind === '[' ? 0 : '');
        return i + 1;
      }
      this.beginPiece(buf, i, Piece.Container, false);
      this.depth = 0;
      return i;
    }
    this.beginPiece(buf, i, c === 0x22 ? Piece.String : Piece.Scalar, false);
    return i;
  }

  private closeFrame(i: number): void {
    this.frames.pop();
    this.path.pop();
    this.handler.close?.(this.path, this.base + i);
  }

  private beginPiece(buf: Buffer, i: number, kind: Piece, isKey: boolean): void {
    this.piece = kind;
    this.pieceIsKey = isKey;
    this.pieceStart = this.base + i;
    this.pieceParts = [];
    this.pieceBytes = 0;
    this.depth = 0;
    this.inString = false;
    this.escaped = false;
  }

  /** Scans the piece from buf[i]; returns where scanning continues (the chunk's end if the piece goes on). */
  private scanPiece(buf: Buffer, i: number, end: number): number {
    // Offset in this chunk where the piece's bytes start.
    const from = Math.max(0, this.pieceStart - this.base);
    if (this.piece === Piece.Scalar) {
      for (; i < end; i++) {
        const c = buf[i];
        // A number or literal goes on while its characters can belong to one; whatever follows
        // is the spine's to judge ("0{" is a missing comma, not a bad number).
        if (!SCALAR_CHAR[c]) {
          this.finishPiece(buf.subarray(from, i));
          return i;
        }
      }
      return end;
    }
    let depth = this.depth;
    let inString = this.inString;
    let k = i;
    if (this.escaped) {
      this.escaped = false;
      k++;
    }
    for (; k < end; k++) {
      const c = buf[k];
      if (inString) {
        if (c === 0x5c) {
          if (++k >= end) {
            this.escaped = true;
            break;
          }
        } else if (c === 0x22) {
          inString = false;
          if (depth === 0) {
            this.finishPiece(buf.subarray(from, k + 1));
            return k + 1;
          }
        }
        continue;
      }
      if (c === 0x22) inString = true;
      else if (c === 0x7b || c === 0x5b) depth++;
      else if (c === 0x7d || c === 0x5d) {
        if (--depth === 0) {
          this.finishPiece(buf.subarray(from, k + 1));
          return k + 1;
        }
      }
    }
    this.depth = depth;
    this.inString = inString;
    return end;
  }

  /** The chunk ends inside the piece: keep its bytes (copied: the chunk's buffer is reused). */
  private keepPiece(buf: Buffer, end: number): void {
    const from = Math.max(0, this.pieceStart - this.base);
    const part = Buffer.from(buf.subarray(from, end));
    this.pieceParts.push(part);
    this.pieceBytes += part.length;
    if (this.pieceBytes > MAX_VALUE_BYTES) {
      throw this.syntax(this.pieceStart, `un valor ocupa más de ${MAX_VALUE_BYTES / 1024 / 1024} MB; divida la nómina o la venta`);
    }
  }

  private finishPiece(last: Buffer): void {
    const bytes = this.pieceParts.length ? Buffer.concat([...this.pieceParts, last]) : last;
    const start = this.pieceStart;
    const isKey = this.pieceIsKey;
    const wasScalar = this.piece === Piece.Scalar;
    this.piece = Piece.None;
    this.pieceParts = [];
    this.pieceBytes = 0;
    const text = bytes.toString('utf8');
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      const where = findJsonSyntaxError(text);
      const top = this.frames[this.frames.length - 1];
      if (where && wasScalar && top && where.reason === AFTER_END) {
        // "0tru": a number, then what the container does not expect after a value.
        const at = start + Buffer.byteLength(text.slice(0, where.offset));
        throw this.syntax(at, `carácter inesperado ${JSON.stringify(text[where.offset])}; se esperaba ${this.expected(top)}`);
      }
      if (where) throw this.syntax(start + Buffer.byteLength(text.slice(0, where.offset)), where.reason);
      throw this.syntax(start, 'valor inválido');
    }
    const top = this.frames[this.frames.length - 1];
    if (isKey) {
      const key = value as string;
      if (findLoneSurrogate(key)) throw new JsonStreamError('surrogate', start, childPath(pathText(this.path.slice(0, -1)), key));
      this.path[this.path.length - 1] = key;
      if (this.handler.nul && key.includes('\0')) this.handler.nul(pathText(this.path));
      top.expect = Expect.Colon;
      return;
    }
    if (SURROGATE_ESCAPE.test(text)) {
      const lone = findLoneSurrogate(value);
      if (lone) throw new JsonStreamError('surrogate', start, pathText(this.path) + lone.slice(1));
    }
    if (this.handler.nul && text.includes(NUL_ESCAPE)) {
      const here = pathText(this.path);
      for (const path of findNulTexts(value)) this.handler.nul(here + path.slice(1));
    }
    this.handler.value(this.path, value, bytes.length);
  }
}

/** `$.tenants[0].pagos[3]` for a path. */
export function pathText(path: readonly PathSegment[]): string {
  let out = '$';
  for (const s of path) out = typeof s === 'number' ? `${out}[${s}]` : childPath(out, s);
  return out;
}

/** End of the last complete UTF-8 sequence in buf (a sequence cut by the chunk's end waits for the next chunk). */
function completeUtf8End(buf: Buffer): number {
  const n = buf.length;
  for (let back = 1; back <= 3 && back <= n; back++) {
    const b = buf[n - back];
    if ((b & 0xc0) === 0x80) continue; // continuation byte
    const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return need > back ? n - back : n;
  }
  return n;
}

/** Offset of the first byte that does not belong to a valid UTF-8 sequence (only run once isUtf8 said no). */
export function firstInvalidUtf8(buf: Buffer): number {
  let i = 0;
  while (i < buf.length) {
    const b = buf[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) [need, min] = [1, 0x80];
    else if (b >= 0xe0 && b <= 0xef) [need, min] = [2, 0x800];
    else if (b >= 0xf0 && b <= 0xf4) [need, min] = [3, 0x10000];
    else return i;
    let cp = b & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const cb = buf[i + k];
      if (cb === undefined || (cb & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (cb & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return buf.length;
}

import type { Client } from 'pg';
import { CopyWriter } from './copy-writer';

/**
 * Rows in PostgreSQL's binary COPY format, for the two payroll tables that carry the volume
 * (pago_empleado_detalle, pago_empleado). Measured on this schema, parsing text is a third to a
 * half of the server's work per row (uuids, numerics, dates); binary rows let Node, which has CPU
 * to spare while PostgreSQL inserts, do that conversion instead.
 *
 * Format: header, then per row an int16 field count and per field an int32 byte length (-1 for
 * NULL) and the bytes in the type's send format; an int16 -1 ends the data.
 */

const CHUNK_BYTES = 512 * 1024;

/** Most bytes a field takes, length word included (numeric: up to 5 integer groups and 1 fraction group). */
export const FIELD_BYTES = {
  uuid: 20,
  numeric: 4 + 8 + 6 * 2,
  /** decimal(): up to 17 significant digits, 4 padding digits each side and a 324-digit exponent. */
  decimal: 4 + 8 + 90 * 2,
  int32: 8,
  date: 8,
  timestamp: 12,
  bool: 5,
  text: (s: string): number => 4 + s.length * 3,
};
const HEADER = Buffer.from([0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00, 0, 0, 0, 0, 0, 0, 0, 0]);
const NUMERIC_NEG = 0x4000;
/** Days from 1970-01-01 to PostgreSQL's date epoch, 2000-01-01. */
const PG_EPOCH_DAYS = 10957;

/** 10000^k: the weights of numeric's base-10000 digits. */
const POW10000 = [1, 1e4, 1e8, 1e12, 1e16];

/** `YYYY-MM-DD` (a real date) as PostgreSQL's binary date: days since 2000-01-01. */
export function dateDays(value: string): number {
  // setUTCFullYear, unlike Date.UTC, does not read years 0-99 as 1900-1999.
  const utc = new Date(0).setUTCFullYear(Number(value.slice(0, 4)), Number(value.slice(5, 7)) - 1, Number(value.slice(8, 10)));
  return utc / 86_400_000 - PG_EPOCH_DAYS;
}

/**
 * An ISO-8601 instant (milliseconds at most) as PostgreSQL's binary timestamptz: microseconds since
 * 2000-01-01 UTC as an int64, split in two 32-bit halves.
 */
export function instantMicros(value: string): { high: number; low: number } {
  const micros = BigInt(Date.parse(value)) * 1000n - PG_EPOCH_MICROS;
  return { high: Number(micros >> 32n), low: Number(micros & 0xffffffffn) };
}

const PG_EPOCH_MICROS = 946_684_800_000_000n;

/** Nibble value per char code for 0-9, a-f, A-F. */
const HEX = new Uint8Array(128);
for (let i = 0; i < 10; i++) HEX[48 + i] = i;
for (let i = 0; i < 6; i++) HEX[97 + i] = HEX[65 + i] = 10 + i;

/** A uuid in any spelling the schema allows (hex digits, optional hyphens) as its 16 bytes. */
export function uuidBytes(uuid: string): Uint8Array {
  const out = new Uint8Array(16);
  let n = 0;
  for (let i = 0; i < uuid.length; i++) {
    const c = uuid.charCodeAt(i);
    if (c === 45) continue;
    const v = HEX[c];
    if (n & 1) out[n >> 1] |= v;
    else out[n >> 1] = v << 4;
    n++;
  }
  return out;
}

/**
 * Appends binary rows to a list of chunks. Used streaming (the caller sends `takeChunks()` as they
 * fill) or buffered (everything goes out at the end of a batch).
 */
export class BinaryRows {
  private buf = Buffer.allocUnsafe(CHUNK_BYTES);
  private pos = 0;
  private full: Buffer[] = [];
  rows = 0;

  constructor() {
    this.header();
  }

  /** Starts a row; `maxBytes` bounds its size so it never straddles two chunks. */
  row(fields: number, maxBytes: number): this {
    this.ensure(maxBytes + 2);
    this.pos = this.buf.writeInt16BE(fields, this.pos);
    this.rows++;
    return this;
  }

  uuid(bytes: Uint8Array): this {
    this.pos = this.buf.writeInt32BE(16, this.pos);
    this.buf.set(bytes, this.pos);
    this.pos += 16;
    return this;
  }

  /** The 16 bytes of a uuid at `offset` of a buffer holding many (no view allocated per row). */
  uuidFrom(source: Buffer, offset: number): this {
    this.pos = this.buf.writeInt32BE(16, this.pos);
    source.copy(this.buf, this.pos, offset, offset + 16);
    this.pos += 16;
    return this;
  }

  /** A uuid still as text (any spelling the schema allows), parsed straight into the row. */
  uuidText(uuid: string): this {
    const buf = this.buf;
    let pos = buf.writeInt32BE(16, this.pos);
    let high = true;
    for (let i = 0; i < uuid.length; i++) {
      const c = uuid.charCodeAt(i);
      if (c === 45) continue;
      if (high) buf[pos] = HEX[c] << 4;
      else buf[pos++] |= HEX[c];
      high = !high;
    }
    this.pos = pos;
    return this;
  }

  /** UTF-8 text; `maxBytes` of the row must allow 3 bytes per UTF-16 unit. */
  text(value: string): this {
    const written = this.buf.write(value, this.pos + 4, 'utf8');
    this.buf.writeInt32BE(written, this.pos);
    this.pos += 4 + written;
    return this;
  }

  /** A numeric given as an integer count of 10^-scale units (cents: scale 2), |scaled| < 2^53. */
  numeric(scaled: number, scale: 2 | 4): this {
    const negative = scaled < 0;
    const abs = negative ? -scaled : scaled;
    const unit = scale === 2 ? 100 : 10000;
    const fraction = abs % unit;
    let whole = (abs - fraction) / unit;
    let wholeGroups = 0;
    while (wholeGroups < POW10000.length && whole >= POW10000[wholeGroups]) wholeGroups++;
    // Base-10000 digits: the integer part's groups, most significant first, then one fraction group.
    const buf = this.buf;
    let pos = buf.writeInt32BE(8 + (wholeGroups + 1) * 2, this.pos);
    pos = buf.writeInt16BE(wholeGroups + 1, pos);
    pos = buf.writeInt16BE(wholeGroups - 1, pos);
    pos = buf.writeUInt16BE(negative ? NUMERIC_NEG : 0, pos);
    pos = buf.writeInt16BE(scale, pos);
    for (let k = wholeGroups - 1; k >= 0; k--) {
      const p = POW10000[k];
      const rest = whole % p;
      pos = buf.writeInt16BE((whole - rest) / p, pos);
      whole = rest;
    }
    this.pos = buf.writeInt16BE(scale === 2 ? fraction * 100 : fraction, pos);
    return this;
  }

  /**
   * A numeric with exactly the digits JavaScript prints for the number (as the text format would
   * store it: 8 stays 8, 4719.611 keeps scale 3), for columns without a declared scale.
   */
  decimal(value: number): this {
    let text = String(value);
    const negative = text.charCodeAt(0) === 45;
    if (negative) text = text.slice(1);
    const e = text.indexOf('e');
    const exponent = e < 0 ? 0 : Number(text.slice(e + 1));
    const mantissa = e < 0 ? text : text.slice(0, e);
    const dot = mantissa.indexOf('.');
    const digits = dot < 0 ? mantissa : mantissa.slice(0, dot) + mantissa.slice(dot + 1);
    const point = (dot < 0 ? mantissa.length : dot) + exponent;
    const scale = Math.max(0, digits.length - point);
    // Align the digits on the decimal point in groups of four: base-10000 numeric digits.
    const whole = point <= 0 ? '' : digits.slice(0, point).padEnd(point, '0');
    const fraction = point >= 0 ? digits.slice(point) : '0'.repeat(-point) + digits;
    const wholeText = whole.padStart(Math.ceil(whole.length / 4) * 4, '0');
    const fractionText = fraction.padEnd(Math.ceil(fraction.length / 4) * 4, '0');
    const groupsText = wholeText + fractionText;
    const groups = groupsText.length / 4;
    const buf = this.buf;
    let pos = buf.writeInt32BE(8 + groups * 2, this.pos);
    pos = buf.writeInt16BE(groups, pos);
    pos = buf.writeInt16BE(wholeText.length / 4 - 1, pos);
    pos = buf.writeUInt16BE(negative ? NUMERIC_NEG : 0, pos);
    pos = buf.writeInt16BE(scale, pos);
    for (let g = 0; g < groupsText.length; g += 4) pos = buf.writeInt16BE(Number(groupsText.slice(g, g + 4)), pos);
    this.pos = pos;
    return this;
  }

  /** A timestamptz given by instantMicros. */
  timestamp(micros: { high: number; low: number }): this {
    let pos = this.buf.writeInt32BE(8, this.pos);
    pos = this.buf.writeInt32BE(micros.high, pos);
    this.pos = this.buf.writeUInt32BE(micros.low, pos);
    return this;
  }

  /** A date as days since 2000-01-01 (see dateDays). */
  date(days: number): this {
    this.pos = this.buf.writeInt32BE(4, this.pos);
    this.pos = this.buf.writeInt32BE(days, this.pos);
    return this;
  }

  int32(value: number): this {
    this.pos = this.buf.writeInt32BE(4, this.pos);
    this.pos = this.buf.writeInt32BE(value, this.pos);
    return this;
  }

  bool(value: boolean): this {
    this.pos = this.buf.writeInt32BE(1, this.pos);
    this.buf[this.pos++] = value ? 1 : 0;
    return this;
  }

  /** True when whole chunks are waiting to be sent. */
  get hasFullChunks(): boolean {
    return this.full.length > 0;
  }

  /** The completed chunks, handed over (the one being filled stays). */
  takeChunks(): Buffer[] {
    const chunks = this.full;
    this.full = [];
    return chunks;
  }

  /** Ends the data: everything still held, trailer included. */
  finish(): Buffer[] {
    this.ensure(2);
    this.pos = this.buf.writeInt16BE(-1, this.pos);
    this.full.push(this.buf.subarray(0, this.pos));
    this.buf = Buffer.alloc(0);
    this.pos = 0;
    return this.takeChunks();
  }

  private header(): void {
    HEADER.copy(this.buf, 0);
    this.pos = HEADER.length;
  }

  private ensure(bytes: number): void {
    if (this.pos + bytes <= this.buf.length) return;
    this.full.push(this.buf.subarray(0, this.pos));
    this.buf = Buffer.allocUnsafe(Math.max(CHUNK_BYTES, bytes));
    this.pos = 0;
  }
}

/** A binary COPY fed from BinaryRows as they fill. */
export class BinaryCopy {
  readonly rows = new BinaryRows();

  private constructor(private readonly writer: CopyWriter) {}

  static open(client: Client, table: string, columns: readonly string[]): BinaryCopy {
    return new BinaryCopy(CopyWriter.open(client, table, columns, 'binary'));
  }

  /** Sends the chunks already full, waiting while the socket is. */
  async sendFull(): Promise<void> {
    for (const chunk of this.rows.takeChunks()) await this.writer.write(chunk);
  }

  async end(): Promise<void> {
    for (const chunk of this.rows.finish()) await this.writer.write(chunk);
    await this.writer.end();
  }

  abort(reason: Error): void {
    this.writer.abort(reason);
  }
}

/** COPYs rows buffered in memory (a batch's payslips). */
export async function copyBinary(client: Client, table: string, columns: readonly string[], rows: BinaryRows): Promise<void> {
  if (!rows.rows) return;
  const writer = CopyWriter.open(client, table, columns, 'binary');
  try {
    for (const chunk of rows.finish()) await writer.write(chunk);
    await writer.end();
  } catch (err) {
    writer.abort(err as Error);
    throw err;
  }
}

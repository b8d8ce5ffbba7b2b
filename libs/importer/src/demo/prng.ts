import { fmix32 } from '@nomina-api/platform/bulk';

/**
 * Seeded randomness for the demo generator. Nothing here may read the clock or Math.random:
 * the same seed must give byte-identical datasets on every machine.
 */

/** sfc32: 128-bit state, so independently seeded streams (one per payment) never coincide. */
export class Rng {
  private readonly s = new Int32Array(4);

  constructor(a: number, b: number, c: number, d: number) {
    const s = this.s;
    s[0] = a;
    s[1] = b;
    s[2] = c;
    s[3] = d;
    for (let i = 0; i < 16; i++) this.next();
  }

  /** Unsigned 32-bit integer. */
  next(): number {
    const s = this.s;
    const a = s[0];
    const b = s[1];
    const c = s[2];
    const d = s[3];
    const t = (((a + b) | 0) + d) | 0;
    s[3] = (d + 1) | 0;
    s[0] = b ^ (b >>> 9);
    s[1] = (c + (c << 3)) | 0;
    s[2] = (((c << 21) | (c >>> 11)) + t) | 0;
    return t >>> 0;
  }

  /** Float in [0, 1). */
  float(): number {
    return this.next() / 4294967296;
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.float() * n);
  }

  /** Integer in [lo, hi]. */
  range(lo: number, hi: number): number {
    return lo + Math.floor(this.float() * (hi - lo + 1));
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.float() * items.length)];
  }
}

/** Stateless 32-bit hash of a few integers (used for stable per-entity choices). */
export function hash32(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const p of parts) h = fmix32((h ^ Math.imul(p | 0, 0x9e3779b1)) + 0x7f4a7c15);
  return h;
}

/**
 * A stream derived from the dataset seed and a path of integer tags (tenant, kind, index...).
 * Two independent 32-bit hash chains give a 64-bit key, expanded to the 128-bit state.
 */
export function rngFor(seed: number, ...tags: number[]): Rng {
  const lo = seed >>> 0;
  const hi = Math.floor(seed / 4294967296) >>> 0;
  let h1 = fmix32(lo ^ 0x243f6a88);
  let h2 = fmix32((hi + 0x85a308d3) ^ lo);
  for (const t of tags) {
    h1 = fmix32((h1 ^ Math.imul(t | 0, 0xcc9e2d51)) + 0x13198a2e);
    h2 = fmix32((h2 + Math.imul(t | 0, 0x1b873593)) ^ 0x03707344);
  }
  return new Rng(h1, h2, fmix32(h1 ^ h2 ^ 0xa4093822), fmix32((h1 + h2) ^ 0x299f31d0));
}

const HEX4: string[] = new Array<string>(65536);
for (let i = 0; i < 65536; i++) HEX4[i] = i.toString(16).padStart(4, '0');

/** Canonical lowercase hyphenated uuid with the version-4 and RFC variant bits set. */
export function uuidFrom(r: Rng): string {
  const a = r.next();
  const b = r.next();
  const c = r.next();
  const d = r.next();
  return (
    HEX4[a >>> 16] +
    HEX4[a & 0xffff] +
    '-' +
    HEX4[b >>> 16] +
    '-' +
    HEX4[(b & 0x0fff) | 0x4000] +
    '-' +
    HEX4[((c >>> 16) & 0x3fff) | 0x8000] +
    '-' +
    HEX4[c & 0xffff] +
    HEX4[d >>> 16] +
    HEX4[d & 0xffff]
  );
}

const HEX_HI = new Uint8Array(256);
const HEX_LO = new Uint8Array(256);
for (let i = 0; i < 256; i++) {
  const h = i.toString(16).padStart(2, '0');
  HEX_HI[i] = h.charCodeAt(0);
  HEX_LO[i] = h.charCodeAt(1);
}
const POOL_SIZE = 1024;

/**
 * Uuids for the hot paths (millions of payslip and sale lines): written a block at a time into
 * one latin1 buffer and handed out as 36-character slices, far cheaper than concatenating each.
 */
export class UuidPool {
  private readonly bytes = Buffer.alloc(POOL_SIZE * 36);
  private block = '';
  private pos = POOL_SIZE;

  constructor(private readonly r: Rng) {}

  next(): string {
    if (this.pos === POOL_SIZE) this.refill();
    const start = this.pos++ * 36;
    return this.block.substring(start, start + 36);
  }

  private refill(): void {
    const out = this.bytes;
    const r = this.r;
    for (let o = 0; o < out.length; o += 36) {
      const a = r.next();
      const b = (r.next() & 0xffff0fff) | 0x4000;
      const c = (r.next() & 0x3fffffff) | 0x80000000;
      const d = r.next();
      put32(out, o, a);
      out[o + 8] = 45;
      put16(out, o + 9, b >>> 16);
      out[o + 13] = 45;
      put16(out, o + 14, b & 0xffff);
      out[o + 18] = 45;
      put16(out, o + 19, c >>> 16);
      out[o + 23] = 45;
      put16(out, o + 24, c & 0xffff);
      put32(out, o + 28, d);
    }
    this.block = out.toString('latin1');
    this.pos = 0;
  }
}

function put16(out: Uint8Array, o: number, v: number): void {
  const hi = (v >>> 8) & 255;
  const lo = v & 255;
  out[o] = HEX_HI[hi];
  out[o + 1] = HEX_LO[hi];
  out[o + 2] = HEX_HI[lo];
  out[o + 3] = HEX_LO[lo];
}

function put32(out: Uint8Array, o: number, v: number): void {
  put16(out, o, v >>> 16);
  put16(out, o + 4, v & 0xffff);
}

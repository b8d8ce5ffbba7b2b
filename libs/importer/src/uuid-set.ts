import { fmix32 } from './fmix32';

/**
 * A set of uuids held as 128-bit values in one typed array (open addressing, linear probing).
 * A million detail-line uuids as strings in a Set take ~100 MB and seconds to hash; here they
 * take 32 MB and no per-uuid allocation. Input must already match the schema's uuid pattern
 * (hex digits, hyphens optional between groups); case and hyphens do not matter.
 */
export class UuidSet {
  private slots: Uint32Array;
  private used: Uint8Array;
  private mask: number;
  private count = 0;
  private readonly words = new Uint32Array(4);

  constructor(expected = 1 << 14) {
    let capacity = 1 << 10;
    while (capacity < expected * 2) capacity <<= 1;
    this.slots = new Uint32Array(capacity * 4);
    this.used = new Uint8Array(capacity);
    this.mask = capacity - 1;
  }

  get size(): number {
    return this.count;
  }

  /** Adds the uuid; false when it was already present. */
  add(uuid: string): boolean {
    parseUuid(uuid, this.words);
    if (this.count * 2 >= this.used.length) this.grow();
    return this.insert(this.words);
  }

  has(uuid: string): boolean {
    parseUuid(uuid, this.words);
    return this.find(this.words[0], this.words[1], this.words[2], this.words[3]) < 0;
  }

  /** The slot holding the value as -1 - slot, or the free slot where it would go. */
  private find(a: number, b: number, c: number, d: number): number {
    const slots = this.slots;
    let i = hash(a, b, c, d) & this.mask;
    for (; this.used[i]; i = (i + 1) & this.mask) {
      const s = i * 4;
      if (slots[s] === a && slots[s + 1] === b && slots[s + 2] === c && slots[s + 3] === d) return -1 - i;
    }
    return i;
  }

  private insert(w: Uint32Array): boolean {
    return this.put(w[0], w[1], w[2], w[3]);
  }

  private put(a: number, b: number, c: number, d: number): boolean {
    const i = this.find(a, b, c, d);
    if (i < 0) return false;
    const s = i * 4;
    this.used[i] = 1;
    this.slots[s] = a;
    this.slots[s + 1] = b;
    this.slots[s + 2] = c;
    this.slots[s + 3] = d;
    this.count++;
    return true;
  }

  private grow(): void {
    const oldSlots = this.slots;
    const oldUsed = this.used;
    const capacity = oldUsed.length * 2;
    this.slots = new Uint32Array(capacity * 4);
    this.used = new Uint8Array(capacity);
    this.mask = capacity - 1;
    this.count = 0;
    for (let i = 0; i < oldUsed.length; i++) {
      if (oldUsed[i]) this.put(oldSlots[i * 4], oldSlots[i * 4 + 1], oldSlots[i * 4 + 2], oldSlots[i * 4 + 3]);
    }
  }
}

/** Hex digits into four 32-bit words, skipping hyphens; any case. */
export function parseUuid(uuid: string, out: Uint32Array): void {
  let word = 0;
  let digits = 0;
  let w = 0;
  for (let i = 0; i < uuid.length; i++) {
    const ch = uuid.charCodeAt(i);
    if (ch === 45) continue; // '-'
    const v = ch <= 57 ? ch - 48 : (ch | 32) - 87; // 0-9, a-f / A-F
    word = (word << 4) | v;
    if (++digits === 8) {
      out[w++] = word >>> 0;
      word = 0;
      digits = 0;
    }
  }
}

/** murmur3's finaliser over the xor of the words: sequential uuids spread evenly too. */
export function hash(a: number, b: number, c: number, d: number): number {
  return fmix32(a ^ Math.imul(b, 0x9e3779b1) ^ Math.imul(c, 0x85ebca6b) ^ Math.imul(d, 0xc2b2ae35));
}

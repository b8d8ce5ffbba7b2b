import { fmix32 } from './fmix32';

/**
 * Uuids held as 128-bit values in one typed array (open addressing, linear probing), each with
 * `width` int32 values beside it. A million detail-line uuids as strings in a Set take ~100 MB
 * and seconds to hash; here they take 32 MB and no per-uuid allocation. A catalog's first-use
 * locations (tenant, item, sub-item) ride along as numbers instead of path strings. Input must
 * already match the schema's uuid pattern (hex digits, hyphens optional between groups); case
 * and hyphens do not matter.
 */
export class UuidMap {
  private slots: Uint32Array;
  private used: Uint8Array;
  private values: Int32Array;
  private mask: number;
  private count = 0;
  private readonly words = new Uint32Array(4);

  constructor(
    private readonly width: number,
    expected = 1 << 14,
  ) {
    let capacity = 1 << 10;
    while (capacity < expected * 2) capacity <<= 1;
    this.slots = new Uint32Array(capacity * 4);
    this.used = new Uint8Array(capacity);
    this.values = new Int32Array(capacity * width);
    this.mask = capacity - 1;
  }

  get size(): number {
    return this.count;
  }

  /** Bytes held, whatever the number of entries (the tests bound it per entry). */
  get bytes(): number {
    return this.slots.byteLength + this.used.byteLength + this.values.byteLength;
  }

  /**
   * Adds the uuid with its values; -1 when it was new, else the slot of the entry already there
   * (whose values stay as they were: read them with value()).
   */
  put(uuid: string, a = 0, b = 0, c = 0): number {
    parseUuid(uuid, this.words);
    if (this.count * 2 >= this.used.length) this.grow();
    const w = this.words;
    const i = this.find(w[0], w[1], w[2], w[3]);
    if (i < 0) return -1 - i;
    this.store(i, w[0], w[1], w[2], w[3]);
    const v = i * this.width;
    if (this.width > 0) this.values[v] = a;
    if (this.width > 1) this.values[v + 1] = b;
    if (this.width > 2) this.values[v + 2] = c;
    return -1;
  }

  /** The uuid's slot, or -1. */
  slot(uuid: string): number {
    parseUuid(uuid, this.words);
    const i = this.find(this.words[0], this.words[1], this.words[2], this.words[3]);
    return i < 0 ? -1 - i : -1;
  }

  /** Value `k` (< width) of the entry in `slot`. */
  value(slot: number, k = 0): number {
    return this.values[slot * this.width + k];
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

  private store(i: number, a: number, b: number, c: number, d: number): void {
    const s = i * 4;
    this.used[i] = 1;
    this.slots[s] = a;
    this.slots[s + 1] = b;
    this.slots[s + 2] = c;
    this.slots[s + 3] = d;
    this.count++;
  }

  private grow(): void {
    const { slots: oldSlots, used: oldUsed, values: oldValues, width } = this;
    const capacity = oldUsed.length * 2;
    this.slots = new Uint32Array(capacity * 4);
    this.used = new Uint8Array(capacity);
    this.values = new Int32Array(capacity * width);
    this.mask = capacity - 1;
    this.count = 0;
    for (let i = 0; i < oldUsed.length; i++) {
      if (!oldUsed[i]) continue;
      const s = i * 4;
      const j = this.find(oldSlots[s], oldSlots[s + 1], oldSlots[s + 2], oldSlots[s + 3]);
      this.store(j, oldSlots[s], oldSlots[s + 1], oldSlots[s + 2], oldSlots[s + 3]);
      this.values.set(oldValues.subarray(i * width, (i + 1) * width), j * width);
    }
  }
}

/** A UuidMap without values. */
export class UuidSet extends UuidMap {
  constructor(expected = 1 << 14) {
    super(0, expected);
  }

  /** Adds the uuid; false when it was already present. */
  add(uuid: string): boolean {
    return this.put(uuid) < 0;
  }

  has(uuid: string): boolean {
    return this.slot(uuid) >= 0;
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

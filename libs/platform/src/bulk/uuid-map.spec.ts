import { UuidMap, UuidSet } from './uuid-map';

const uuidOf = (n: number): string => {
  const h = ((n * 2654435761) >>> 0).toString(16).padStart(8, '0') + n.toString(16).padStart(24, '0');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

describe('UuidMap', () => {
  it('keeps the values of the first put of each uuid, through growth, whatever the spelling', () => {
    const map = new UuidMap(3, 16);
    for (let i = 0; i < 50_000; i++) expect(map.put(uuidOf(i), i, i * 2, 7 - i)).toBe(-1);
    expect(map.size).toBe(50_000);
    for (const i of [0, 1, 777, 49_999]) {
      const again = map.put(uuidOf(i).replace(/-/g, '').toUpperCase(), 9, 9, 9);
      expect(again).toBeGreaterThanOrEqual(0);
      expect([map.value(again, 0), map.value(again, 1), map.value(again, 2)]).toEqual([i, i * 2, 7 - i]);
      expect(map.slot(uuidOf(i))).toBe(again);
    }
    expect(map.slot(uuidOf(50_000))).toBe(-1);
    expect(map.size).toBe(50_000);
  });

  it('holds a bounded number of bytes per uuid, in typed arrays (no object or string per uuid)', () => {
    for (const n of [1_000, 100_000]) {
      const map = new UuidMap(3, 1 << 10);
      for (let i = 0; i < n; i++) map.put(uuidOf(i), i);
      // 16 bytes of uuid, 12 of values, 1 of flag, at a load factor of at least 1/4.
      expect(map.bytes / n).toBeLessThanOrEqual(4 * 29);
    }
  });

  it('is a set without values', () => {
    const set = new UuidSet();
    expect(set.add(uuidOf(5))).toBe(true);
    expect(set.add(uuidOf(5).toUpperCase())).toBe(false);
    expect(set.has(uuidOf(5))).toBe(true);
    expect(set.has(uuidOf(6))).toBe(false);
  });
});

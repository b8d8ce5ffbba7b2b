import fc from 'fast-check';
import { BULK_KIND_NUMBER, BulkUuids, type BulkKind } from './bulk-uuids';
import { UuidPrefilter } from './uuid-prefilter';

const hex = (n: number, width: number): string => n.toString(16).padStart(width, '0');
const uuidOf = (n: number): string => `${hex(n, 8)}-0000-4000-8000-${hex(n * 7, 12)}`;

/** The duplicates BulkUuids finds over `uuids`, with or without a prefilter that saw them all first. */
function duplicates(uuids: [BulkKind, string][], prefilter?: UuidPrefilter): string[] {
  if (prefilter) for (const [kind, u] of uuids) prefilter.add(BULK_KIND_NUMBER[kind], u);
  const bulk = new BulkUuids(prefilter);
  return uuids.flatMap(([kind, u], i) => (bulk.add(kind, u) ? [] : [`${i}`]));
}

describe('UuidPrefilter with BulkUuids', () => {
  it('finds exactly the duplicates the exact sets find, whatever the spelling and kind', () => {
    const spelling = fc.constantFrom(
      (u: string) => u,
      (u: string) => u.toUpperCase(),
      (u: string) => u.replace(/-/g, ''),
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom<BulkKind>('nómina', 'detalle', 'venta'), fc.nat(300), spelling), { maxLength: 400 }),
        (items) => {
          const uuids = items.map(([kind, n, spell]): [BulkKind, string] => [kind, spell(uuidOf(n))]);
          expect(duplicates(uuids, new UuidPrefilter(0))).toEqual(duplicates(uuids));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('keeps the candidates few on a file of unique uuids, and stays exact when the filter is saturated', () => {
    const many: [BulkKind, string][] = Array.from({ length: 200_000 }, (_, i) => ['detalle', uuidOf(i)]);
    many.push(['detalle', uuidOf(12_345).toUpperCase()]);
    // Sized for a 200 MB file (~1,000 bytes per uuid here): almost no false positives.
    const roomy = new UuidPrefilter(200_000_000);
    expect(duplicates(many, roomy)).toEqual(['200000']);
    expect(roomy.candidateCount).toBeLessThan(200); // the duplicate and under 0.1 % false positives
    // The smallest filter (2 M bits) for 200,000 uuids: many false positives, still exact.
    expect(duplicates(many, new UuidPrefilter(0))).toEqual(['200000']);
  });
});

import { ConceptoAnual } from './concepto-anual';

const bondKey = (n: number): string => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const CODES = ['001', '002', '101'];

describe('ConceptoAnual (the streamed form of vinculacion_concepto_anual)', () => {
  it('one row per bond, concept and year with the exact sums and the count of lines, as COPY text in the table column order', () => {
    const rollup = new ConceptoAnual(CODES, 3, bondKey);
    const y2024 = rollup.year(2024);
    y2024.add(0, 0, 300_000, 150_000_000); // 30.0000, 1500000.00
    y2024.add(0, 2, 0, 6_000_000);
    y2024.add(0, 0, 300_000, 150_000_001); // the same bond and concept: summed
    y2024.add(2, 0, 5, -1); // 0.0005 and -0.01 keep their scales
    rollup.year(2025).add(0, 0, 10_000, 100);
    expect([...rollup.rows('t')]).toEqual([
      `t\t2024\t001\t${bondKey(0)}\t60.0000\t3000000.01\t2\n`,
      `t\t2024\t101\t${bondKey(0)}\t0.0000\t60000.00\t1\n`,
      `t\t2024\t001\t${bondKey(2)}\t0.0005\t-0.01\t1\n`,
      `t\t2025\t001\t${bondKey(0)}\t1.0000\t1.00\t1\n`,
    ]);
  });

  it('goes on exactly past 2^53 (as BigInt, for that row only)', () => {
    const rollup = new ConceptoAnual(CODES, 2, bondKey);
    const year = rollup.year(2024);
    const big = 4_000_000_000_000_000; // 4·10^15 cents per line: three of them exceed 2^53
    for (let i = 0; i < 3; i++) year.add(0, 1, 1, big + 1);
    year.add(1, 1, 1, 1);
    expect([...rollup.rows('t')]).toEqual([
      `t\t2024\t002\t${bondKey(0)}\t0.0003\t120000000000000.03\t3\n`,
      `t\t2024\t002\t${bondKey(1)}\t0.0001\t0.01\t1\n`,
    ]);
  });

  it('holds a bounded number of bytes: 4 per bond of the tenant and ≤ 64 per row (typed arrays, no map, no string keys)', () => {
    const BONDS = 50_000;
    const rollup = new ConceptoAnual(
      Array.from({ length: 20 }, (_, i) => String(i)),
      BONDS,
      bondKey,
    );
    const year = rollup.year(2024);
    for (let payslip = 0; payslip < 13; payslip++)
      for (let b = 0; b < BONDS; b++) for (let c = 0; c < 12; c++) year.add(b, c, 10_000, 100_00);
    expect(year.rows).toBe(BONDS * 12);
    expect(year.bytes).toBeLessThanOrEqual(4 * BONDS + 64 * BONDS * 12);
  });
});

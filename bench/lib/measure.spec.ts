import { interleaved } from './measure';

describe('interleaved', () => {
  it('takes blocks in turns, the first rotating, warm-ups unmeasured, to the sample bound', async () => {
    const calls: string[] = [];
    const fn = (name: string) => async () => {
      calls.push(name);
    };
    const stats = await interleaved(
      [fn('a'), fn('b'), fn('c')],
      { warmup: 1, seconds: 0, minSamples: 4, maxSamples: 4 },
      { block: 2, warm: 1 },
    );
    expect(stats.map((s) => s.n)).toEqual([4, 4, 4]);
    // One warm-up round, then rounds of (1 unmeasured + 2 measured) per call: a b c, then b c a.
    expect(calls.join('')).toBe('abc' + 'aaabbbccc' + 'bbbcccaaa');
  });

  it('samples each call across the same time budget', async () => {
    let slow = 0;
    let fast = 0;
    const stats = await interleaved(
      [
        async () => {
          slow++;
          await new Promise((r) => setTimeout(r, 5));
        },
        async () => {
          fast++;
        },
      ],
      { warmup: 0, seconds: 0.05, minSamples: 1, maxSamples: 1000 },
      { block: 3, warm: 0 },
    );
    // Blocks alternate, so the fast call cannot run ahead of the slow one by more than a block.
    expect(Math.abs(slow - fast)).toBeLessThanOrEqual(3);
    expect(stats[0].median).toBeGreaterThanOrEqual(4);
  });
});

import { lsnToNumber, PrimaryPositions } from './replica-freshness';

describe('PrimaryPositions', () => {
  it('a replica is as fresh as the newest primary sample it has replayed', () => {
    const p = new PrimaryPositions(60_000);
    p.record(1000, 100);
    p.record(2000, 200);
    p.record(3000, 300);
    expect([p.caughtUpAt(99), p.caughtUpAt(100), p.caughtUpAt(250), p.caughtUpAt(300), p.caughtUpAt(10_000)]).toEqual([
      undefined,
      1000,
      2000,
      3000,
      3000,
    ]);
  });

  it('an idle primary (same position) keeps a replica that replayed it current: only the newest time of a position counts', () => {
    const p = new PrimaryPositions(60_000);
    p.record(1000, 500);
    p.record(2000, 500);
    p.record(9000, 500);
    expect(p.size).toBe(1);
    expect(p.caughtUpAt(500)).toBe(9000);
    // The first write after the idle spell: a replica that stopped receiving stays at the old time.
    p.record(10_000, 600);
    expect([p.caughtUpAt(500), p.caughtUpAt(600)]).toEqual([9000, 10_000]);
  });

  it('keeps keepMs of samples (and always the newest); a position that goes back starts over', () => {
    const p = new PrimaryPositions(5000);
    for (let t = 0; t <= 20_000; t += 1000) p.record(t, t);
    expect(p.oldest).toBe(15_000);
    expect(p.caughtUpAt(14_000)).toBeUndefined();
    p.record(21_000, 10);
    expect([p.size, p.caughtUpAt(20_000), p.caughtUpAt(10)]).toEqual([1, 21_000, 21_000]);
  });

  it('lsnToNumber reads pg_lsn text as a byte offset', () => {
    expect([lsnToNumber('0/0'), lsnToNumber('0/16B3748'), lsnToNumber('1/0'), lsnToNumber('A/FFFFFFFF')]).toEqual([
      0,
      0x16b3748,
      4294967296,
      10 * 4294967296 + 0xffffffff,
    ]);
  });
});

import { StreamSlots, streamSlotsOf } from './stream-slots';

describe('StreamSlots', () => {
  it('grants `max` slots at once; a release hands its slot to the first waiter; a waiter past its wait gets none', async () => {
    const slots = new StreamSlots(2);
    const a = slots.take(1000) as () => void;
    const b = slots.take(1000) as () => void;
    expect(typeof a).toBe('function');
    expect(typeof b).toBe('function');
    const c = slots.take(1000) as Promise<(() => void) | undefined>;
    const d = slots.take(20) as Promise<(() => void) | undefined>;
    expect(await d).toBeUndefined();
    a();
    a(); // a second release of the same slot frees nothing more
    const granted = await c;
    expect(typeof granted).toBe('function');
    expect(slots.size).toBe(2);
    b();
    granted!();
    expect(slots.size).toBe(0);
  });

  it('one set of slots per pool, whoever asks', () => {
    const pool = {};
    expect(streamSlotsOf(pool, 3)).toBe(streamSlotsOf(pool, 5));
    expect(streamSlotsOf(pool, 3).max).toBe(3);
    expect(streamSlotsOf({}, 5)).not.toBe(streamSlotsOf(pool, 5));
  });
});

import { GarbageCadence } from './gc-cadence';

describe('GarbageCadence', () => {
  it('does not collect on every tick when what is alive is already above the ceiling', () => {
    // A 1 MB ceiling is far below this process's live heap, like a big catalog above the default ceiling.
    const gc = new GarbageCadence(1);
    for (let i = 0; i < 20; i++) gc.tick();
    // The first tick collects and the ceiling moves above what survived; the next ones find little new.
    expect(gc.collections).toBe(1);
  });

  it('collects between phases when asked', () => {
    const gc = new GarbageCadence();
    gc.now();
    gc.now();
    expect(gc.collections).toBe(2);
  });
});

/**
 * At most `max` streams of one pool at once (DB_STREAM_MAX, CONTRACT §10); the others wait in
 * arrival order, each for at most `waitMs`, then get undefined (the caller answers
 * SERVICIO_OCUPADO). A stream keeps its connection while its client reads, which can be minutes:
 * without a cap, a few large downloads (or slow clients) would hold every connection of the pool,
 * and the other requests — a single-row read, a login, the readiness probe — would wait for a
 * connection until they failed.
 */
export class StreamSlots {
  private active = 0;
  private readonly waiting: { grant: () => void; timer: ReturnType<typeof setTimeout> }[] = [];

  constructor(readonly max: number) {}

  /** Streams holding a slot now. */
  get size(): number {
    return this.active;
  }

  /** A release function once a slot is free, or undefined when none freed within `waitMs`. */
  take(waitMs: number): Promise<(() => void) | undefined> | (() => void) {
    if (this.active < this.max) {
      this.active++;
      return this.releaser();
    }
    return new Promise((resolve) => {
      const entry = {
        grant: () => {
          clearTimeout(entry.timer);
          resolve(this.releaser());
        },
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(entry), 1);
          resolve(undefined);
        }, waitMs),
      };
      this.waiting.push(entry);
    });
  }

  /** Frees the slot once, handing it to the first waiter if any (`active` stays the same then). */
  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next.grant();
      else this.active--;
    };
  }
}

/**
 * The slots of each pool, shared by every SqlReader on it (a host app's contexts may each have one
 * on the host's pool): the cap is per pool, whoever streams.
 */
const byPool = new WeakMap<object, StreamSlots>();

export function streamSlotsOf(pool: object, max: number): StreamSlots {
  let slots = byPool.get(pool);
  if (!slots) byPool.set(pool, (slots = new StreamSlots(max)));
  return slots;
}

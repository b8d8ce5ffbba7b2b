import { EventEmitter } from 'node:events';
import { Pool as TarnPool } from 'tarn';
import { WARM_IDLE_MS, WarmConnections, warmConnections, type WarmPool } from './warm-connections';

/** A pool that records what comes back to it; `waiting` is its number of pending acquires. */
function fakePool(max = 10) {
  const events = new EventEmitter();
  const released: unknown[] = [];
  const pool = {
    max,
    waiting: 0,
    numPendingAcquires: () => pool.waiting,
    release: (c: unknown) => released.push(c) > 0,
    on: (e: 'acquireRequest', l: () => void) => void events.on(e, l),
    removeListener: (e: 'acquireRequest', l: () => void) => void events.removeListener(e, l),
    request: () => events.emit('acquireRequest'),
    listeners: () => events.listenerCount('acquireRequest'),
  };
  return { pool: pool as typeof pool & WarmPool, released };
}

const conn = (name: string, state: Record<string, unknown> = {}) => ({ name, _queryable: true, _ending: false, ...state });

/** A warm set attached to a fresh pool, holding connections named `names` (kept in that order). */
function warmWith(...names: string[]) {
  const { pool, released } = fakePool();
  const warm = new WarmConnections();
  warm.take(pool);
  const held = names.map((n) => conn(n));
  for (const c of held) expect(warm.keep(pool, c)).toBe(true);
  return { pool, released, warm, held };
}

describe('WarmConnections', () => {
  afterEach(() => jest.useRealTimers());

  it('hands back the connection kept last (LIFO), then asks the pool', () => {
    const { pool, released } = fakePool();
    const warm = new WarmConnections();
    expect(warm.take(pool)).toBeUndefined();
    const a = conn('a');
    const b = conn('b');
    expect(warm.keep(pool, a)).toBe(true);
    expect(warm.keep(pool, b)).toBe(true);
    expect(warmConnections(pool)).toBe(2);
    expect(warm.take(pool)).toBe(b);
    expect(warm.take(pool)).toBe(a);
    expect(warm.take(pool)).toBeUndefined();
    expect(released).toEqual([]);
  });

  it('keeps nothing while someone waits for the pool, beyond the pool size, or unusable', () => {
    const { pool } = fakePool(2);
    const warm = new WarmConnections();
    warm.take(pool);
    pool.waiting = 1;
    expect(warm.keep(pool, conn('a'))).toBe(false);
    pool.waiting = 0;
    expect(warm.keep(pool, conn('ended', { _ending: true }))).toBe(false);
    expect(warm.keep(pool, conn('failed', { _queryable: false }))).toBe(false);
    expect(warm.keep(pool, conn('disposed', { __knex__disposed: 'Connection ended unexpectedly' }))).toBe(false);
    expect(warm.keep(pool, conn('a'))).toBe(true);
    expect(warm.keep(pool, conn('b'))).toBe(true);
    expect(warm.keep(pool, conn('c'))).toBe(false);
  });

  it('a connection that died while warm goes back to the pool, and the next one is handed out', () => {
    const { pool, released, warm, held } = warmWith('a', 'b');
    const [a, b] = held;
    b._queryable = false; // pg: the socket closed or errored
    expect(warm.take(pool)).toBe(a);
    expect(released).toEqual([b]);
  });

  it('whoever asks the pool gets a warm connection back at once', () => {
    const { pool, released, held } = warmWith('a', 'b');
    const [a, b] = held;
    pool.request();
    expect(released).toEqual([b]);
    pool.request();
    pool.request();
    expect(released).toEqual([b, a]);
    expect(warmConnections(pool)).toBe(0);
  });

  it('returns everything to the pool once no read took one for WARM_IDLE_MS; reads in between keep them', () => {
    jest.useFakeTimers();
    const { pool, released, warm, held } = warmWith('a');
    const [a] = held;
    jest.advanceTimersByTime(WARM_IDLE_MS / 2);
    expect(warm.take(pool)).toBe(a);
    warm.keep(pool, a);
    jest.advanceTimersByTime(WARM_IDLE_MS / 2 + 1);
    expect(released).toEqual([]);
    jest.advanceTimersByTime(WARM_IDLE_MS);
    expect(released).toEqual([a]);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('close(): everything back to the pool, nothing kept afterwards, the pool no longer watched', () => {
    const { pool, released, warm, held } = warmWith('a');
    const [a] = held;
    expect(pool.listeners()).toBe(1);
    warm.close();
    expect(released).toEqual([a]);
    expect(warm.keep(pool, conn('b'))).toBe(false);
    expect(pool.listeners()).toBe(0);
    expect(warmConnections(pool)).toBe(0);
  });

  it('a new pool (the ORM reconnected): the old pool gets its connections back', () => {
    const old = fakePool();
    const next = fakePool();
    const warm = new WarmConnections();
    warm.take(old.pool);
    const a = conn('a');
    warm.keep(old.pool, a);
    expect(warm.keep(next.pool, conn('b'))).toBe(false);
    expect(warm.take(next.pool)).toBeUndefined();
    expect(old.released).toEqual([a]);
    expect(old.pool.listeners()).toBe(0);
    expect(next.pool.listeners()).toBe(1);
  });

  it('two readers on one pool (a host app): the gauges count both warm sets, and closing one leaves the other', () => {
    const { pool } = fakePool();
    const first = new WarmConnections();
    const second = new WarmConnections();
    first.take(pool);
    second.take(pool);
    first.keep(pool, conn('a'));
    second.keep(pool, conn('b'));
    second.keep(pool, conn('c'));
    expect(warmConnections(pool)).toBe(3);
    first.close();
    expect(warmConnections(pool)).toBe(2);
    expect(pool.listeners()).toBe(1);
  });

  it("with knex's pool (tarn) full of warm connections, another user's acquire is served at once, not after a timeout", async () => {
    let created = 0;
    const tarn = new TarnPool<{ id: number; _queryable: boolean }>({
      create: async () => ({ id: ++created, _queryable: true }),
      destroy: () => undefined,
      min: 0,
      max: 2,
      acquireTimeoutMillis: 200,
    });
    const warm = new WarmConnections();
    const pool = tarn as unknown as WarmPool;
    warm.take(pool);
    const held = [await tarn.acquire().promise, await tarn.acquire().promise];
    for (const c of held) expect(warm.keep(pool, c)).toBe(true);
    expect(tarn.numUsed()).toBe(2);
    const started = Date.now();
    const other = await tarn.acquire().promise;
    expect(Date.now() - started).toBeLessThan(100);
    expect(held).toContain(other);
    expect(created).toBe(2);
    tarn.release(other);
    warm.close();
    await tarn.destroy();
  });
});

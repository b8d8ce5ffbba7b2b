/** The part of knex's pool (tarn) a warm set talks to. */
export interface WarmPool {
  max: number;
  numPendingAcquires(): number;
  release(resource: unknown): boolean;
  on(event: 'acquireRequest', listener: () => void): void;
  removeListener(event: 'acquireRequest', listener: () => void): void;
}

/** What the pool's owner marks on a connection once it is unusable (knex: `__knex__disposed`; pg: `_ending`, `_queryable`). */
interface Connection {
  __knex__disposed?: unknown;
  _ending?: boolean;
  _queryable?: boolean;
}

/** How long a warm connection waits for the next read before it goes back to the pool. */
export const WARM_IDLE_MS = 1000;

/** The warm sets attached to each pool: a host app's contexts may each have a SqlReader on one pool. */
const attached = new WeakMap<object, Set<WarmConnections>>();

/** Connections of `pool` held warm (idle, but checked out of the pool): the gauges count them as idle, not used. */
export function warmConnections(pool: object | undefined): number {
  let n = 0;
  for (const warm of (pool && attached.get(pool)) || []) n += warm.size;
  return n;
}

/**
 * The connections SqlReader has just used, kept for its next read instead of going back to knex's
 * pool at once: a LIFO in front of the pool, like HikariCP's per-thread fast path in front of its
 * shared bag. Taking one is a pop; giving it back is a push. The pool's own acquire costs two
 * pending operations with a timer each, a validation step and a chain of promises (tarn), plus
 * knex's wrapper: 9–16 % of SqlReader's CPU per single-row read (bench/read-kit.bench.ts).
 *
 * Fair to the pool's other users (MikroORM's EntityManager, another reader): when anyone asks the
 * pool for a connection, a warm one is handed back to it at once, and none is kept while someone
 * waits (with several readers on one pool, as in a host app, each hands one back; a spare one goes
 * to the pool's free list). Nothing is kept longer than WARM_IDLE_MS after the last read, so an idle
 * service returns its connections to the pool (its idle timeout, its gauges); from `close()` on
 * nothing is kept, so the pool can be destroyed. A connection that ended or failed is never handed
 * out: it goes back to the pool, which discards it.
 */
export class WarmConnections {
  private readonly idle: Connection[] = [];
  private pool: WarmPool | undefined;
  private closed = false;
  private lastTake = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  /** Connections held warm now. */
  get size(): number {
    return this.idle.length;
  }

  /** A usable warm connection of `pool`, or undefined (then ask the pool). */
  take<C>(pool: WarmPool): C | undefined {
    if (pool !== this.pool) this.attach(pool);
    const idle = this.idle;
    while (idle.length > 0) {
      const c = idle.pop()!;
      if (usable(c)) {
        this.lastTake = Date.now();
        return c as C;
      }
      pool.release(c);
    }
    return undefined;
  }

  /** Keeps `client` warm; false when it must go back to the pool now (someone waits, closing, unusable). */
  keep(pool: WarmPool, client: unknown): boolean {
    if (
      this.closed ||
      pool !== this.pool ||
      this.idle.length >= pool.max ||
      pool.numPendingAcquires() > 0 ||
      !usable(client as Connection)
    ) {
      return false;
    }
    this.idle.push(client as Connection);
    this.timer ??= setTimeout(this.expire, WARM_IDLE_MS).unref();
    return true;
  }

  /** Every warm connection back to the pool, and none kept from now on (application shutdown). */
  close(): void {
    this.closed = true;
    this.releaseAll();
    if (this.pool) this.detach(this.pool);
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private attach(pool: WarmPool): void {
    // A new pool (the ORM reconnected): the old one's connections are its own business now.
    if (this.pool) {
      this.releaseAll();
      this.detach(this.pool);
    }
    this.pool = pool;
    pool.on('acquireRequest', this.yieldOne);
    let sets = attached.get(pool);
    if (!sets) attached.set(pool, (sets = new Set()));
    sets.add(this);
  }

  private detach(pool: WarmPool): void {
    pool.removeListener('acquireRequest', this.yieldOne);
    attached.get(pool)?.delete(this);
  }

  /** Someone asked the pool: tarn emits this before it looks for a free connection, so the one released here serves it. */
  private readonly yieldOne = (): void => {
    const c = this.idle.pop();
    if (c) this.pool!.release(c);
  };

  private readonly expire = (): void => {
    this.timer = undefined;
    const quiet = Date.now() - this.lastTake;
    if (quiet >= WARM_IDLE_MS) this.releaseAll();
    else if (this.idle.length > 0) this.timer = setTimeout(this.expire, WARM_IDLE_MS - quiet).unref();
  };

  private releaseAll(): void {
    const pool = this.pool;
    for (const c of this.idle.splice(0)) pool?.release(c);
  }
}

function usable(c: Connection): boolean {
  return !c.__knex__disposed && c._ending !== true && c._queryable !== false;
}

import { enforceQueryDeadline, QUERY_DEADLINE_MESSAGE, QUERY_DEADLINE_SWEEP_MS } from './orm-options';

/** A pg connection whose queries settle when the test says so; `destroyed` records a cut socket. */
function fakeConnection() {
  const pending: { resolve: (v: unknown) => void; reject: (e: unknown) => void }[] = [];
  const destroyed: Error[] = [];
  const conn = {
    query: (...args: unknown[]): unknown => {
      const last = args[args.length - 1];
      const callback = typeof last === 'function' ? (last as (err: unknown, res?: unknown) => void) : undefined;
      return new Promise((resolve, reject) => {
        pending.push({
          resolve: (v) => (callback?.(null, v), resolve(v)),
          reject: (e) => (callback?.(e), reject(e)),
        });
      });
    },
    connection: { stream: { destroy: (err?: Error) => void destroyed.push(err!) } },
  };
  return { conn, pending, destroyed };
}

describe('enforceQueryDeadline', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('cuts the connection of a query past its deadline (within one sweep), with the deadline error', async () => {
    const { conn, destroyed } = fakeConnection();
    enforceQueryDeadline(conn, 1000);
    void conn.query('select pg_sleep(60)', []);
    jest.advanceTimersByTime(999);
    expect(destroyed).toHaveLength(0);
    jest.advanceTimersByTime(1 + QUERY_DEADLINE_SWEEP_MS);
    expect(destroyed).toHaveLength(1);
    expect(destroyed[0].message).toBe(QUERY_DEADLINE_MESSAGE);
    expect((destroyed[0] as Error & { code?: string }).code).toBe('QUERY_DEADLINE');
  });

  it('leaves alone a query that settled in time, by promise or by callback', async () => {
    const { conn, pending, destroyed } = fakeConnection();
    enforceQueryDeadline(conn, 1000);
    const byPromise = conn.query('select 1', []) as Promise<unknown>;
    let called = false;
    conn.query('select 2', [], () => void (called = true));
    pending[0].resolve({ rows: [] });
    await byPromise;
    pending[1].resolve({ rows: [] });
    jest.advanceTimersByTime(5000);
    expect(destroyed).toHaveLength(0);
    expect(called).toBe(true);
  });

  it('one timer for all the queries in flight, none once they are over', async () => {
    const { conn, pending } = fakeConnection();
    enforceQueryDeadline(conn, 1000);
    const before = jest.getTimerCount();
    const queries = Array.from({ length: 100 }, (_, i) => conn.query(`select ${i}`, []) as Promise<unknown>);
    expect(jest.getTimerCount() - before).toBe(1);
    for (const p of pending) p.resolve({ rows: [] });
    await Promise.all(queries);
    jest.advanceTimersByTime(QUERY_DEADLINE_SWEEP_MS);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('cursors and COPY streams (submittables) carry their own budget: no deadline', async () => {
    const { conn, destroyed } = fakeConnection();
    enforceQueryDeadline(conn, 1000);
    conn.query({ submit: () => undefined });
    jest.advanceTimersByTime(10_000);
    expect(destroyed).toHaveLength(0);
  });
});

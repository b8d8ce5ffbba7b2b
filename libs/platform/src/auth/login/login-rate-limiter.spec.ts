import { DomainError, PlatformError, PlatformErrorCode } from '../../errors/domain-error';
import { IP_LIMIT_FACTOR, LoginRateLimiter, SlidingWindow } from './login-rate-limiter';

describe('SlidingWindow', () => {
  it('refuses the key once it has `limit` events in the window, and says when the oldest leaves it', () => {
    let now = 1_000_000;
    const w = new SlidingWindow(3, 60_000, () => now);
    for (let i = 0; i < 3; i++) {
      expect(w.retryAfterSeconds('k')).toBe(0);
      w.record('k');
      now += 10_000;
    }
    // Events at 0 s, 10 s, 20 s; now 30 s: the first leaves at 60 s.
    expect(w.retryAfterSeconds('k')).toBe(30);
    expect(w.retryAfterSeconds('other')).toBe(0);
    now += 30_000;
    expect(w.retryAfterSeconds('k')).toBe(0);
  });

  it('keeps only the last `limit` events of a key and forgets reset keys', () => {
    let now = 0;
    const w = new SlidingWindow(2, 1000, () => now);
    for (let i = 0; i < 100; i++) w.record('k');
    now = 1001;
    expect(w.retryAfterSeconds('k')).toBe(0);
    w.record('k');
    w.record('k');
    w.reset('k');
    expect(w.retryAfterSeconds('k')).toBe(0);
  });

  it('stays bounded under a flood of distinct keys', () => {
    const w = new SlidingWindow(5, 60_000, () => 0);
    for (let i = 0; i < 60_000; i++) w.record(`k${i}`);
    expect(w.size).toBeLessThanOrEqual(50_000);
  });
});

describe('LoginRateLimiter', () => {
  const refused = (fn: () => void): DomainError => {
    try {
      fn();
    } catch (err) {
      if (err instanceof DomainError) return err;
      throw err;
    }
    throw new Error('expected a refusal');
  };

  it('counts failures per e-mail (any spelling) and clears them on success', () => {
    const l = new LoginRateLimiter({ loginRateLimit: 2, loginRateWindowSeconds: 60 });
    l.admit('a@x.co', '1.1.1.1');
    l.failed('a@x.co');
    l.admit(' A@X.CO', '2.2.2.2');
    l.failed(' A@X.CO');
    const err = refused(() => l.admit('a@x.co', '3.3.3.3'));
    expect([err.status, err.code, err.headers?.['retry-after']]).toEqual([429, 'TOO_MANY_REQUESTS', '60']);
    l.succeeded('a@x.co');
    expect(() => l.admit('a@x.co', '3.3.3.3')).not.toThrow();
  });

  it(`counts every attempt per IP, at ${IP_LIMIT_FACTOR}× the limit`, () => {
    const l = new LoginRateLimiter({ loginRateLimit: 1, loginRateWindowSeconds: 60 });
    for (let i = 0; i < IP_LIMIT_FACTOR; i++) l.admit(`u${i}@x.co`, '9.9.9.9');
    expect(refused(() => l.admit('new@x.co', '9.9.9.9')).status).toBe(429);
    expect(() => l.admit('new@x.co', '8.8.8.8')).not.toThrow();
  });

  it('LOGIN_RATE_LIMIT=0 turns it off', () => {
    const l = new LoginRateLimiter({ loginRateLimit: 0, loginRateWindowSeconds: 60 });
    for (let i = 0; i < 1000; i++) {
      l.admit('a@x.co', '1.1.1.1');
      l.failed('a@x.co');
    }
  });

  it('attempt: counts wrong credentials, clears on success, counts nothing for other errors, and refuses before running', async () => {
    const l = new LoginRateLimiter({ loginRateLimit: 2, loginRateWindowSeconds: 60 });
    const wrong = () => Promise.reject(new PlatformError(PlatformErrorCode.INVALID_CREDENTIALS, 'x'));
    const down = () => Promise.reject(new PlatformError(PlatformErrorCode.SERVICE_UNAVAILABLE, 'x'));
    await expect(l.attempt('a@x.co', '1.1.1.1', wrong)).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    await expect(l.attempt('a@x.co', '1.1.1.2', down)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    await expect(l.attempt('a@x.co', '1.1.1.3', () => Promise.resolve('ok'))).resolves.toBe('ok');
    await expect(l.attempt('a@x.co', '1.1.1.4', wrong)).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    await expect(l.attempt('a@x.co', '1.1.1.5', wrong)).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    const login = jest.fn(() => Promise.resolve('ok'));
    await expect(l.attempt('a@x.co', '1.1.1.6', login)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(login).not.toHaveBeenCalled();
  });
});

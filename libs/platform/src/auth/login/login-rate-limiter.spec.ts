import type { SqlReader } from '../../persistence/sql-reader';
import { LoginRateLimiter } from './login-rate-limiter';

// The limiter's counting lives in PostgreSQL; test/login-limit.e2e-spec.ts covers it on a real one.
describe('LoginRateLimiter', () => {
  it('LOGIN_RATE_LIMIT=0 turns it off without touching the database', async () => {
    const sql = { transaction: jest.fn() } as unknown as SqlReader;
    const l = new LoginRateLimiter(sql, { loginRateLimit: 0, loginRateWindowSeconds: 60 });
    for (let i = 0; i < 100; i++) await (await l.admit('a@x.co', '1.1.1.1')).settle('failed');
    expect(sql.transaction).not.toHaveBeenCalled();
  });

  it('attempt with LOGIN_RATE_LIMIT=0 just runs the login', async () => {
    const sql = { transaction: jest.fn() } as unknown as SqlReader;
    const l = new LoginRateLimiter(sql, { loginRateLimit: 0, loginRateWindowSeconds: 60 });
    await expect(l.attempt('a@x.co', '1.1.1.1', () => Promise.resolve('ok'))).resolves.toBe('ok');
    expect(sql.transaction).not.toHaveBeenCalled();
  });
});

import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.tokens';
import { DomainError, PlatformError, PlatformErrorCode } from '../../errors/domain-error';
// The login lookup's normalization (login_directory.email_key), so spellings of one e-mail share a budget.
import { emailKey } from '../../persistence/bulk/keys';

/** Keys kept at most; past it expired windows are swept, then the oldest keys dropped. */
const MAX_KEYS = 50_000;

/** Attempts per client IP allowed in one window, as a multiple of the per-e-mail limit. */
export const IP_LIMIT_FACTOR = 10;

/**
 * A sliding-window log of timestamps per key, in memory (one instance per process).
 * `hits(key)` counts the events of the last window; `retryAfterSeconds` says when the oldest of
 * them leaves it.
 */
export class SlidingWindow {
  private readonly log = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the key is under its limit again; 0 when it is under it now. */
  retryAfterSeconds(key: string): number {
    const events = this.live(key);
    if (events.length < this.limit) return 0;
    const freeAt = events[events.length - this.limit] + this.windowMs;
    return Math.max(1, Math.ceil((freeAt - this.now()) / 1000));
  }

  record(key: string): void {
    const events = this.live(key);
    events.push(this.now());
    // Only the last `limit` events can ever decide a refusal.
    if (events.length > this.limit) events.splice(0, events.length - this.limit);
    this.log.delete(key);
    this.log.set(key, events);
    if (this.log.size > MAX_KEYS) this.prune();
  }

  reset(key: string): void {
    this.log.delete(key);
  }

  get size(): number {
    return this.log.size;
  }

  private live(key: string): number[] {
    const events = this.log.get(key);
    if (!events) return [];
    const since = this.now() - this.windowMs;
    let drop = 0;
    while (drop < events.length && events[drop] <= since) drop++;
    if (drop) events.splice(0, drop);
    return events;
  }

  private prune(): void {
    const since = this.now() - this.windowMs;
    for (const [key, events] of this.log) if (events[events.length - 1] <= since) this.log.delete(key);
    // Still too many live keys (a flood of distinct e-mails): forget the least recently used.
    for (const key of this.log.keys()) {
      if (this.log.size <= MAX_KEYS * 0.9) break;
      this.log.delete(key);
    }
  }
}

/**
 * Brute-force brake for POST /login (LOGIN_RATE_LIMIT per LOGIN_RATE_WINDOW_S):
 * - per e-mail, FAILED attempts (wrong password or unknown e-mail alike, so a refusal says nothing
 *   about whether the account exists); a success clears the e-mail's count;
 * - per client IP, ALL attempts, at IP_LIMIT_FACTOR times the limit (password spraying across
 *   many e-mails from one address; shared NATs still get room).
 * A refused attempt is not counted and never reaches the password check. 429 with Retry-After.
 * The IP is the TCP peer: behind a reverse proxy every client shares the proxy's budget.
 */
@Injectable()
export class LoginRateLimiter {
  private readonly perEmail: SlidingWindow | undefined;
  private readonly perIp: SlidingWindow | undefined;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'loginRateLimit' | 'loginRateWindowSeconds'>) {
    if (config.loginRateLimit > 0) {
      const windowMs = config.loginRateWindowSeconds * 1000;
      this.perEmail = new SlidingWindow(config.loginRateLimit, windowMs);
      this.perIp = new SlidingWindow(config.loginRateLimit * IP_LIMIT_FACTOR, windowMs);
    }
  }

  /** Throws 429 when the e-mail or the IP is over its limit; otherwise counts the attempt on the IP. */
  admit(email: string, ip: string): void {
    if (!this.perEmail || !this.perIp) return;
    const wait = Math.max(this.perEmail.retryAfterSeconds(emailKey(email)), this.perIp.retryAfterSeconds(ip));
    if (wait > 0) {
      throw new PlatformError(
        PlatformErrorCode.TOO_MANY_REQUESTS,
        `Demasiados intentos de inicio de sesión. Espere ${wait} s antes de intentar de nuevo.`,
        undefined,
        { 'retry-after': String(wait) },
      );
    }
    this.perIp.record(ip);
  }

  /**
   * One login attempt under the limits: admitted first (429 without running `login`), then a
   * success clears the e-mail's failures and wrong credentials count one; other errors count nothing.
   */
  async attempt<T>(email: string, ip: string, login: () => Promise<T>): Promise<T> {
    this.admit(email, ip);
    try {
      const result = await login();
      this.succeeded(email);
      return result;
    } catch (err) {
      if (err instanceof DomainError && err.code === PlatformErrorCode.INVALID_CREDENTIALS) this.failed(email);
      throw err;
    }
  }

  failed(email: string): void {
    this.perEmail?.record(emailKey(email));
  }

  succeeded(email: string): void {
    this.perEmail?.reset(emailKey(email));
  }
}

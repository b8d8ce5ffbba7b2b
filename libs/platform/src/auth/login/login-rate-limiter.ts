import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.tokens';
import { DomainError, PlatformError, PlatformErrorCode } from '../../errors/domain-error';
import { type PgClient, SqlReader } from '../../persistence/sql-reader';
// The login lookup's normalization (login_directory.email_key), so spellings of one e-mail share a budget.
import { emailKey } from '../../bulk/keys';

/** Attempts per client IP allowed in one window, as a multiple of the per-e-mail limit. */
export const IP_LIMIT_FACTOR = 10;

/** Expired windows are deleted at most this often (by whichever instance gets there). */
const SWEEP_EVERY_MS = 60_000;

const expired = `l.window_start <= now() - $3::int * interval '1 second'`;

/**
 * Takes one unit of a key's budget, atomically across instances (the row is locked by the upsert):
 * `column` is `fallos` for keys that count every attempt (IP) and `pendientes` for keys whose
 * attempt is settled after the password check (e-mail). No row back = over the limit.
 */
const reserveSql = (column: 'fallos' | 'pendientes'): string => `
  insert into login_limit as l (key, window_start, ${column}) values ($1, now(), 1)
  on conflict (key) do update
     set window_start = case when ${expired} then now() else l.window_start end,
         fallos = case when ${expired} then ${column === 'fallos' ? 1 : 0} else l.fallos ${column === 'fallos' ? '+ 1' : ''} end,
         pendientes = case when ${expired} then ${column === 'pendientes' ? 1 : 0} else l.pendientes ${column === 'pendientes' ? '+ 1' : ''} end
   where ${expired} or l.fallos + l.pendientes < $2
  returning 1`;

const RESERVE_ATTEMPT_SQL = reserveSql('fallos');
const RESERVE_CHECK_SQL = reserveSql('pendientes');

const WAIT_SQL = `
  select greatest(1, ceil(extract(epoch from window_start + $2::int * interval '1 second' - now())))::int as wait
    from login_limit where key = $1`;

/**
 * `succeeded` clears the failures only when it is the e-mail's last check in flight: with others
 * still pending (a burst) it keeps its unit, as a failure, so the burst as a whole never checks
 * more than the limit — clearing at once let the rest of a burst whose right password came first
 * in (11–12 checks for a limit of 10).
 */
const SETTLE_SQL = {
  failed: `update login_limit set pendientes = greatest(pendientes - 1, 0), fallos = fallos + 1 where key = $1`,
  succeeded: `update login_limit set pendientes = greatest(pendientes - 1, 0), fallos = case when pendientes <= 1 then 0 else fallos + 1 end where key = $1`,
  other: `update login_limit set pendientes = greatest(pendientes - 1, 0) where key = $1`,
} as const;

export type LoginOutcome = keyof typeof SETTLE_SQL;

/** One admitted attempt; settle it once the password check is done. */
export interface LoginReservation {
  settle(outcome: LoginOutcome): Promise<void>;
}

const NOTHING_RESERVED: LoginReservation = { settle: async () => undefined };

/**
 * Brute-force brake for POST /login (LOGIN_RATE_LIMIT per LOGIN_RATE_WINDOW_S), kept in
 * PostgreSQL (table login_limit, on the primary) so every instance shares it:
 * - per e-mail, password checks: an attempt reserves a check BEFORE the password is verified,
 *   so failures plus checks in flight never exceed the limit, whatever the concurrency; a wrong
 *   password (or unknown e-mail alike, so a refusal says nothing about the account) becomes a
 *   failure, a success clears the failures, any other outcome only frees the reservation;
 * - per client IP, ALL attempts, at IP_LIMIT_FACTOR times the limit (password spraying across
 *   many e-mails from one address; shared NATs still get room).
 * Each key has a fixed window opened by its first attempt. A refused attempt is not counted (by
 * either key) and never reaches the password check: 429 with Retry-After (seconds until the window
 * closes). A success clears the e-mail's failures once no other check of it is in flight.
 * The IP is the TCP peer: behind a reverse proxy every client shares the proxy's budget.
 */
@Injectable()
export class LoginRateLimiter {
  private readonly log = new Logger('LoginRateLimiter');
  private nextSweep = 0;

  constructor(
    private readonly sql: SqlReader,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'loginRateLimit' | 'loginRateWindowSeconds'>,
  ) {}

  /** Throws 429 when the IP or the e-mail is over its limit; otherwise reserves one password check. */
  async admit(email: string, ip: string): Promise<LoginReservation> {
    const limit = this.config.loginRateLimit;
    if (limit <= 0) return NOTHING_RESERVED;
    const window = this.config.loginRateWindowSeconds;
    const mailKey = `correo:${emailKey(email)}`;
    const ipKey = `ip:${ip}`;
    // One transaction: a refusal is thrown inside it, so the IP's count taken just before rolls
    // back with it (a refused attempt uses no budget; returning from inside committed it).
    // Keys are always locked IP first, then e-mail, so two attempts never deadlock.
    try {
      await this.sql.transaction(async (client) => {
        for (const [key, max, sql] of [
          [ipKey, limit * IP_LIMIT_FACTOR, RESERVE_ATTEMPT_SQL],
          [mailKey, limit, RESERVE_CHECK_SQL],
        ] as const) {
          const { rowCount } = await client.query(sql, [key, max, window]);
          if (!rowCount) throw tooManyAttempts(await retryAfter(client, key, window));
        }
      });
    } finally {
      this.sweepSometimes(window);
    }
    return {
      settle: async (outcome) => {
        // A lost settle only keeps the reservation until its window closes: stricter, never looser.
        await this.sql
          .transaction((client) => client.query(SETTLE_SQL[outcome], [mailKey]))
          .catch((err: Error) => this.log.warn(`No se pudo registrar el resultado del inicio de sesión: ${err.message}`));
      },
    };
  }

  /**
   * One login attempt under the limits: its password check reserved first (429 without running
   * `login`), then settled by the outcome — wrong credentials count a failure, a success clears the
   * e-mail's failures, any other error only frees the reservation.
   */
  async attempt<T>(email: string, ip: string, login: () => Promise<T>): Promise<T> {
    const reservation = await this.admit(email, ip);
    try {
      const result = await login();
      await reservation.settle('succeeded');
      return result;
    } catch (err) {
      await reservation.settle(err instanceof DomainError && err.code === PlatformErrorCode.INVALID_CREDENTIALS ? 'failed' : 'other');
      throw err;
    }
  }

  private sweepSometimes(window: number): void {
    const now = Date.now();
    if (now < this.nextSweep) return;
    this.nextSweep = now + SWEEP_EVERY_MS;
    void this.sql
      .transaction((client) =>
        client.query(`delete from login_limit where window_start <= now() - $1::int * interval '1 second'`, [window]),
      )
      .catch((err: Error) => this.log.warn(`No se pudieron borrar las ventanas de inicio de sesión vencidas: ${err.message}`));
  }
}

function tooManyAttempts(wait: number): PlatformError {
  return new PlatformError(
    PlatformErrorCode.TOO_MANY_REQUESTS,
    `Demasiados intentos de inicio de sesión. Espere ${wait} s antes de intentar de nuevo.`,
    undefined,
    { 'retry-after': String(wait) },
  );
}

async function retryAfter(client: PgClient, key: string, window: number): Promise<number> {
  const { rows } = await client.query<{ wait: number }>(WAIT_SQL, [key, window]);
  return rows[0]?.wait ?? 1;
}

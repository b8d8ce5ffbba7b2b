import { Client, type ClientConfig } from 'pg';
import { PlatformError, PlatformErrorCode } from '../errors/domain-error';

/** Retry-After of a busy answer: the service's own work ends in seconds (a stalled stream within STREAM_STALL_TIMEOUT_MS). */
export const BUSY_RETRY_AFTER_S = 2;

/**
 * 503 SERVICIO_OCUPADO (CONTRACT §10): every connection of the pool, or every connection streams
 * may hold, is taken by the service's own requests while the database answers. Said apart from
 * SERVICE_UNAVAILABLE ("the database is not available"), which would send an operator to a
 * database that is fine.
 */
export function serviceBusy(what: 'conexiones' | 'descargas'): PlatformError {
  const detail =
    what === 'descargas'
      ? 'El servicio está ocupado: ya hay en curso todas las descargas simultáneas permitidas (DB_STREAM_MAX). La base de datos responde; reintente en unos segundos.'
      : 'El servicio está ocupado: todas sus conexiones con la base de datos atienden otras solicitudes. La base de datos responde; reintente en unos segundos.';
  return new PlatformError(PlatformErrorCode.SERVICIO_OCUPADO, detail, undefined, { 'retry-after': String(BUSY_RETRY_AFTER_S) });
}

/** What a knex pool (tarn) tells about its connections; `config` is knex's client configuration. */
export interface BusyPool {
  max: number;
  numUsed(): number;
  numPendingCreates(): number;
}

/**
 * Every connection of the pool is checked out (`warm`: those SqlReader holds idle between reads,
 * which it hands over to any waiter, do not count) and none is being opened: a wait for a
 * connection that times out then was a wait behind the service's own work, not a database that
 * fails to accept connections.
 */
export function poolSaturated(pool: BusyPool | undefined, warm: number): boolean {
  return pool !== undefined && pool.numUsed() - warm >= pool.max && pool.numPendingCreates() === 0;
}

/** How long one probe's answer is reused: a saturated service asks at most once a second per pool. */
export const PROBE_REUSE_MS = 1000;

/**
 * "Does the database answer?" asked outside the pool (the pool is the thing that is full): a new
 * connection and `select 1`, within `timeoutMs`, at most once per PROBE_REUSE_MS (concurrent
 * callers share the one in flight). Used only when the pool is saturated: to tell SERVICIO_OCUPADO
 * from a database that stopped answering with the pool's connections stuck in it, and to keep
 * /health/ready at 200 while the database answers.
 */
export class DatabaseProbe {
  private last: { at: number; answer: Promise<boolean> } | undefined;

  constructor(
    private readonly connection: () => ClientConfig,
    private readonly timeoutMs: number,
  ) {}

  answers(): Promise<boolean> {
    const now = Date.now();
    if (this.last && now - this.last.at < PROBE_REUSE_MS) return this.last.answer;
    const answer = this.ask();
    this.last = { at: now, answer };
    return answer;
  }

  private async ask(): Promise<boolean> {
    const client = outsideClient(this.connection(), this.timeoutMs, 'nomina-read-api-probe');
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch {
      return false;
    } finally {
      // Not awaited: a frozen server would hold the goodbye too.
      client.end().catch(() => undefined);
    }
  }
}

/**
 * A connection of its own, outside every pool, with `timeoutMs` to connect and for each query (a
 * frozen server must not hold the caller); its errors are the caller's, never an unhandled event.
 */
export function outsideClient(settings: ClientConfig, timeoutMs: number, applicationName: string): Client {
  const client = new Client({
    ...settings,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
    application_name: applicationName,
  });
  client.on('error', () => undefined);
  return client;
}

import { PlatformError, PlatformErrorCode } from '../errors/domain-error';
import type { PoolReport, ReadPools } from '../persistence/read-pools';
import type { SqlReader } from '../persistence/sql-reader';

export interface Readiness {
  status: string;
  migrations: number;
  /** Each pool's state, when DATABASE_REPLICA_URLS is set. */
  pools?: PoolReport[];
}

/**
 * /health/ready answers within this whatever the database does (CONTRACT §7: 503 within 2 s):
 * a frozen server would otherwise hold the probe until the query's own deadline.
 */
export const READY_DEADLINE_MS = 1500;

/**
 * Ready when the primary answers and every migration the running code expects is applied; 503
 * otherwise. Replicas only add capacity: their state is reported, never a reason for 503.
 */
export async function readiness(sql: SqlReader, expected: readonly string[], reads?: ReadPools): Promise<Readiness> {
  const applied = (await busyButAnswering(sql)) ?? (await appliedMigrations(sql));
  lastApplied.set(sql, applied);
  const missing = expected.filter((name) => !applied.has(name));
  if (missing.length) {
    throw new PlatformError(
      PlatformErrorCode.SERVICE_UNAVAILABLE,
      `Faltan migraciones por aplicar: ${missing.join(', ')}. Ejecute npm run migrate.`,
    );
  }
  return { status: 'ready', migrations: applied.size, ...(reads?.replicas.length ? { pools: reads.report() } : {}) };
}

/** The migrations each reader last found applied (a pool saturated by the service's own work does not re-read them). */
const lastApplied = new WeakMap<SqlReader, Set<string>>();

/** How long the probe outside a saturated pool may take, so that the whole answer stays within 2 s. */
const BUSY_PROBE_DEADLINE_MS = 450;

/**
 * Every connection of the primary's pool busy with the service's own requests (CONTRACT §10): the
 * probe would queue behind them and fail, and a load balancer would pull an instance whose
 * database is fine. Then whether the database answers is asked outside the pool, and the
 * migrations are those last read. Undefined when the pool is not saturated or nothing was read yet.
 */
async function busyButAnswering(sql: SqlReader): Promise<Set<string> | undefined> {
  const known = lastApplied.get(sql);
  if (!known || !sql.primaryBusy()) return undefined;
  if (await withDeadline(sql.primaryAnswers(), READY_DEADLINE_MS).catch(() => false)) return known;
  throw unavailable();
}

async function appliedMigrations(sql: SqlReader): Promise<Set<string>> {
  try {
    const rows = await withDeadline(sql.queryOnPrimary<{ name: string }>('select name from schema_migrations'), READY_DEADLINE_MS);
    return new Set(rows.map((r) => r.name));
  } catch {
    // The pool filled up while this probe waited for a connection.
    const known = lastApplied.get(sql);
    if (known && sql.primaryBusy() && (await withDeadline(sql.primaryAnswers(), BUSY_PROBE_DEADLINE_MS).catch(() => false))) return known;
    throw unavailable();
  }
}

function unavailable(): PlatformError {
  return new PlatformError(PlatformErrorCode.SERVICE_UNAVAILABLE, 'La base de datos no está disponible.', undefined, {
    'retry-after': '5',
  });
}

/** The promise's outcome, or a rejection after `ms` (the promise keeps running; its result is dropped). */
function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('deadline')), ms);
  });
  // A late rejection of the abandoned query must not surface as an unhandled rejection.
  promise.catch(() => undefined);
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

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
 * Ready when the primary answers and every migration the running code expects is applied; 503
 * otherwise. Replicas only add capacity: their state is reported, never a reason for 503.
 */
export async function readiness(sql: SqlReader, expected: readonly string[], reads?: ReadPools): Promise<Readiness> {
  let applied: Set<string>;
  try {
    const rows = await sql.queryOnPrimary<{ name: string }>('select name from schema_migrations');
    applied = new Set(rows.map((r) => r.name));
  } catch {
    throw new PlatformError(PlatformErrorCode.SERVICE_UNAVAILABLE, 'La base de datos no está disponible.', undefined, { 'retry-after': '5' });
  }
  const missing = expected.filter((name) => !applied.has(name));
  if (missing.length) {
    throw new PlatformError(PlatformErrorCode.SERVICE_UNAVAILABLE, `Faltan migraciones por aplicar: ${missing.join(', ')}. Ejecute npm run migrate.`);
  }
  return { status: 'ready', migrations: applied.size, ...(reads?.replicas.length ? { pools: reads.report() } : {}) };
}

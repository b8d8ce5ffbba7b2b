import { PlatformError, PlatformErrorCode } from '../errors/domain-error';
import type { SqlReader } from '../persistence/sql-reader';

export interface Readiness {
  status: string;
  migrations: number;
}

/** Ready when the database answers and every migration the running code expects is applied; 503 otherwise. */
export async function readiness(sql: SqlReader, expected: readonly string[]): Promise<Readiness> {
  let applied: Set<string>;
  try {
    const rows = await sql.query<{ name: string }>('select name from schema_migrations');
    applied = new Set(rows.map((r) => r.name));
  } catch {
    throw new PlatformError(PlatformErrorCode.SERVICE_UNAVAILABLE, 'La base de datos no está disponible.', undefined, { 'retry-after': '5' });
  }
  const missing = expected.filter((name) => !applied.has(name));
  if (missing.length) {
    throw new PlatformError(PlatformErrorCode.SERVICE_UNAVAILABLE, `Faltan migraciones por aplicar: ${missing.join(', ')}. Ejecute npm run migrate.`);
  }
  return { status: 'ready', migrations: applied.size };
}

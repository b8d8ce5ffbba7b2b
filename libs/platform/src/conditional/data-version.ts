import { Inject, Injectable, Optional } from '@nestjs/common';
import { prepared } from '../persistence/prepared-statement';
import { SqlReader } from '../persistence/sql-reader';

/** How long an instance trusts the version it read: two instances disagree for at most this long (≤ 5 s, CONTRACT §10). */
export const DATA_VERSION_CACHE_MS = 'DATA_VERSION_CACHE_MS';
export const DEFAULT_DATA_VERSION_CACHE_MS = 2000;

const VERSION_SQL = prepared(`select version::text as version from tenant_data_version where tenant_id = $1`);

export const BUMP_DATA_VERSION_SQL = `
  insert into tenant_data_version (tenant_id, version, changed_at)
  values ($1, nextval('tenant_data_version_seq'), now())
  on conflict (tenant_id) do update set version = excluded.version, changed_at = excluded.changed_at
  returning version::text as version`;

/** Anything that runs SQL inside the writer's transaction: a pg client, or a MikroORM/knex wrapper. */
export interface SqlRunner {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * Marks the tenant's data as changed. Call it inside the transaction that changes the data
 * (import, replace, numbering): readers see the new version exactly when they see the new data,
 * and a rolled-back write leaves the version alone. Returns the new version.
 */
export async function bumpDataVersion(client: SqlRunner, tenantId: string): Promise<string> {
  const { rows } = await client.query(BUMP_DATA_VERSION_SQL, [tenantId]);
  return (rows[0] as { version: string }).version;
}

/**
 * The tenant's data version for ETags, read with one primary-key lookup and kept for
 * DATA_VERSION_CACHE_MS, so a revalidation costs no query most of the time. Concurrent misses for
 * one tenant share one lookup. A write in this process can drop the entry at once (invalidate);
 * other instances see it within the cache time.
 */
@Injectable()
export class DataVersionReader {
  private readonly cache = new Map<string, { version: string; expires: number }>();
  private readonly loading = new Map<string, Promise<string>>();
  private readonly ttlMs: number;

  constructor(
    private readonly sql: SqlReader,
    @Optional() @Inject(DATA_VERSION_CACHE_MS) ttlMs?: number,
  ) {
    this.ttlMs = Math.min(ttlMs ?? DEFAULT_DATA_VERSION_CACHE_MS, 5000);
  }

  /** From the cache without a promise while fresh; from the database otherwise. */
  version(tenantId: string): string | Promise<string> {
    const hit = this.cache.get(tenantId);
    if (hit && hit.expires > Date.now()) return hit.version;
    let pending = this.loading.get(tenantId);
    if (!pending) {
      pending = this.load(tenantId).finally(() => this.loading.delete(tenantId));
      this.loading.set(tenantId, pending);
    }
    return pending;
  }

  invalidate(tenantId: string): void {
    this.cache.delete(tenantId);
  }

  private async load(tenantId: string): Promise<string> {
    const started = Date.now();
    const rows = await this.sql.query<{ version: string }>(VERSION_SQL, [tenantId]);
    const version = rows[0]?.version ?? '0';
    if (this.ttlMs > 0) {
      if (this.cache.size >= 10_000) this.cache.clear();
      // Counted from before the lookup: the entry never outlives the bound.
      this.cache.set(tenantId, { version, expires: started + this.ttlMs });
    }
    return version;
  }
}

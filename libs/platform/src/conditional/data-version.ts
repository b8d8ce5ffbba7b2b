import { Inject, Injectable, Optional } from '@nestjs/common';
import { prepared } from '../persistence/prepared-statement';
import { SqlReader } from '../persistence/sql-reader';

export { BUMP_DATA_VERSION_SQL, bumpDataVersion, type SqlRunner } from './bump-data-version';

/** How long an instance trusts the version it read: two instances disagree for at most this long (≤ 5 s, CONTRACT §10). */
export const DATA_VERSION_CACHE_MS = 'DATA_VERSION_CACHE_MS';
export const DEFAULT_DATA_VERSION_CACHE_MS = 2000;

const VERSION_SQL = prepared(`select version::text as version from tenant_data_version where tenant_id = $1`);

/**
 * The tenant's data version for ETags, read with one primary-key lookup and kept for
 * DATA_VERSION_CACHE_MS, so a revalidation costs no query most of the time. Concurrent misses for
 * one tenant share one lookup. A write in this process can drop the entry at once (invalidate);
 * other instances see it within the cache time.
 *
 * With read replicas the version is read and kept per pool, from the pool the request reads its
 * body from (SqlReader pins it at the request's first read): a replica's version is never newer
 * than that replica's data, so an ETag never names newer data than its body holds (CONTRACT §10).
 * A version that had to be read on the primary moves the request to the primary too.
 */
@Injectable()
export class DataVersionReader {
  /** Pool name → tenant → version. */
  private readonly cache = new Map<string, Map<string, { version: string; expires: number }>>();
  private readonly loading = new Map<string, Promise<{ version: string; pool: string }>>();
  private readonly ttlMs: number;

  constructor(
    private readonly sql: SqlReader,
    @Optional() @Inject(DATA_VERSION_CACHE_MS) ttlMs?: number,
  ) {
    this.ttlMs = Math.min(ttlMs ?? DEFAULT_DATA_VERSION_CACHE_MS, 5000);
  }

  /** From the cache without a promise while fresh; from the database otherwise. */
  version(tenantId: string): string | Promise<string> {
    const pool = this.sql.readPoolName();
    const hit = this.cache.get(pool)?.get(tenantId);
    if (hit && hit.expires > Date.now()) return hit.version;
    const key = `${pool}\u0000${tenantId}`;
    let pending = this.loading.get(key);
    if (!pending) {
      pending = this.load(tenantId).finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending.then((read) => {
      // Read on the primary after the replica failed: this request's body comes from there too.
      if (read.pool !== pool) this.sql.pinPrimary();
      return read.version;
    });
  }

  invalidate(tenantId: string): void {
    for (const versions of this.cache.values()) versions.delete(tenantId);
  }

  private async load(tenantId: string): Promise<{ version: string; pool: string }> {
    const started = Date.now();
    const rows = await this.sql.query<{ version: string }>(VERSION_SQL, [tenantId]);
    // Where the lookup was served: the request's pool, or the primary if its replica failed.
    const pool = this.sql.readPoolName();
    const version = rows[0]?.version ?? '0';
    if (this.ttlMs > 0) {
      let versions = this.cache.get(pool);
      if (!versions) this.cache.set(pool, (versions = new Map()));
      if (versions.size >= 10_000) versions.clear();
      // Counted from before the lookup: the entry never outlives the bound.
      versions.set(tenantId, { version, expires: started + this.ttlMs });
    }
    return { version, pool };
  }
}

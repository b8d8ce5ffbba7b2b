import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import { prepared } from '../persistence/prepared-statement';
import { SqlReader } from '../persistence/sql-reader';
import type { IdentityDirectory } from './identity-directory';

export interface PrincipalStatus {
  userActive: boolean;
  tenantActive: boolean;
  /** The user's businesses in their configured order. */
  businessIds: string[];
  /**
   * The user's role (ADMIN, CONTADOR…). No rule of the contract reads it: it reaches the request's
   * principal (`@CurrentPrincipal()`) for a host's own rules.
   */
  role?: string;
}

/** One row when the tenant exists; `user_active` null when it has no such user. */
const STATUS_SQL = prepared(`
  select u.activo as user_active, t.activo as tenant_active, u.rol as role,
         coalesce(array_agg(un.negocio_id::text order by un.orden) filter (where un.negocio_id is not null), '{}') as business_ids
    from tenant t
    left join usuario u on u.tenant_id = t.id and u.id = $2
    left join usuario_negocio un on un.tenant_id = u.tenant_id and un.usuario_id = u.id
   where t.id = $1
   group by u.activo, t.activo, u.rol`);

/** A tenant that does not exist is refused as an inactive one (CONTRACT §2), whoever the user. */
const UNKNOWN_TENANT: PrincipalStatus = { userActive: true, tenantActive: false, businessIds: [] };

const PREMIUM_SQL = prepared(`
  select distinct s.negocio_id::text as id
    from suscripcion s
   where s.tenant_id = $1 and s.negocio_id = any($2::uuid[])
     and s.plan = 'PREMIUM' and s.desde <= $3 and $3 <= s.hasta`);

/**
 * Status of a token's user and tenant, read on every authenticated request and cached briefly
 * (PRINCIPAL_CACHE_TTL_MS) so the guards do not add a database round trip per call.
 */
@Injectable()
export class PrincipalDirectory implements IdentityDirectory {
  private readonly cache = new Map<string, { value: PrincipalStatus | null; expires: number }>();
  private readonly premiumCache = new Map<string, { value: Set<string>; expires: number }>();

  constructor(
    private readonly sql: SqlReader,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** From the cache without a promise while the entry is fresh; from the database otherwise. */
  status(tenantId: string, userId: string): PrincipalStatus | null | Promise<PrincipalStatus | null> {
    const key = `${tenantId}:${userId}`;
    const now = Date.now();
    const hit = this.cache.get(key);
    if (hit && hit.expires > now) return hit.value;
    return this.load(key, tenantId, userId, now);
  }

  private async load(key: string, tenantId: string, userId: string, now: number): Promise<PrincipalStatus | null> {
    // On the primary: a replica's lag added to the cache age could exceed the 5 s of CONTRACT §10.
    const rows = await this.sql.queryOnPrimary<{
      user_active: boolean | null;
      tenant_active: boolean;
      business_ids: string[];
      role: string;
    }>(STATUS_SQL, [tenantId, userId]);
    const row = rows[0];
    const value = !row
      ? UNKNOWN_TENANT
      : row.user_active === null
        ? null
        : { userActive: row.user_active, tenantActive: row.tenant_active, businessIds: row.business_ids, role: row.role };
    this.remember(this.cache, key, value, now);
    return value;
  }

  /**
   * The subset of businessIds with a PREMIUM subscription active now, cached like the status (a
   * report's revalidation then costs no subscription query): a plan that ends or starts is seen
   * within PRINCIPAL_CACHE_TTL_MS. On the primary, like every status read (CONTRACT §2). "Now" is
   * this process's clock, the one the token's expiry is checked with, compared to the millisecond
   * (`desde <= now <= hasta`).
   */
  premiumBusinesses(tenantId: string, businessIds: string[]): Set<string> | Promise<Set<string>> {
    const key = `${tenantId}:${businessIds.join(',')}`;
    const now = Date.now();
    const hit = this.premiumCache.get(key);
    if (hit && hit.expires > now) return hit.value;
    return this.sql.queryOnPrimary<{ id: string }>(PREMIUM_SQL, [tenantId, businessIds, new Date(now)]).then((rows) => {
      const value = new Set(rows.map((r) => r.id));
      this.remember(this.premiumCache, key, value, now);
      return value;
    });
  }

  private remember<T>(cache: Map<string, { value: T; expires: number }>, key: string, value: T, now: number): void {
    if (this.config.principalCacheTtlMs <= 0) return;
    if (cache.size > 10_000) cache.clear();
    cache.set(key, { value, expires: now + this.config.principalCacheTtlMs });
  }
}

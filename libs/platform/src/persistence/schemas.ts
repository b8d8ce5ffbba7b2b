import type { SchemaParts } from './database';
import { PLATFORM_ENTITIES } from './entities/platform.entities';
import { PLATFORM_MIGRATIONS } from './migrations';

/** The kernel's tables (tenants, users, businesses, subscriptions): every context needs them. */
export const PLATFORM_SCHEMA: SchemaParts = { entities: [...PLATFORM_ENTITIES], migrations: [...PLATFORM_MIGRATIONS] };

/**
 * Several schemas as one, e.g. two contexts mounted in one host: each migration and entity once,
 * migrations in name (timestamp) order, so the platform's come first.
 */
export function mergeSchemas(...parts: SchemaParts[]): SchemaParts {
  const entities = [...new Set(parts.flatMap((p) => p.entities as unknown[]))] as SchemaParts['entities'];
  const migrations = new Map(parts.flatMap((p) => p.migrations).map((m) => [m.name, m] as const));
  return { entities, migrations: [...migrations.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)) };
}

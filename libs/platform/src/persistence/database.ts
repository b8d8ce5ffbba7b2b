import { Client } from 'pg';
import type { Options } from '@mikro-orm/postgresql';
import type { AppConfig } from '../config/app-config';
import { startEmbeddedPostgres } from './embedded-postgres';
import type { MigrationEntry } from './migrations';

export interface DatabaseSelection {
  url: string;
  embedded: boolean;
  release(): Promise<void>;
}

/** DATABASE_URL when set, else the embedded PostgreSQL in DATA_DIR (CONTRACT §7). */
export async function acquireDatabase(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir' | 'embeddedPgPort'> & { embeddedDatabase?: string },
  log: (message: string) => void,
  options: { database?: string; fastInit?: boolean } = {},
): Promise<DatabaseSelection> {
  if (config.databaseUrl) {
    return { url: config.databaseUrl, embedded: false, release: async () => undefined };
  }
  const db = await startEmbeddedPostgres({
    dataDir: config.dataDir,
    port: config.embeddedPgPort,
    database: options.database ?? config.embeddedDatabase ?? 'nomina',
    log,
    fastInit: options.fastInit,
  });
  return { url: db.url, embedded: true, release: () => db.release() };
}

export interface SchemaParts {
  entities: NonNullable<Options['entities']>;
  migrations: MigrationEntry[];
}

/** What migrating needs of a schema: its migrations (the entities play no part in them). */
export type MigrationParts = Pick<SchemaParts, 'migrations'> & Partial<SchemaParts>;

/**
 * The search_path of every connection: the tables' schema first, then public, where the
 * extensions live (unaccent, pg_trgm, btree_gin), so the reviewed SQL stays unqualified.
 */
export function searchPath(dbSchema = 'public'): string {
  // No quotes or spaces: the same text works in `set search_path = …` and in a startup
  // `options=-c search_path=…` (DATABASE_SCHEMA only allows lowercase letters, digits and _).
  return dbSchema === 'public' ? 'public' : `${dbSchema},public`;
}

/**
 * Whether every migration of `schema` is recorded in the migrations table of `dbSchema`: one query,
 * and a missing table (a new database or schema) is "no".
 */
async function migrationsApplied(url: string, schema: MigrationParts, dbSchema: string): Promise<boolean> {
  const client = new Client({ connectionString: url });
  // A server stopped under it fails the query, which reports it; without a listener the client's
  // 'error' event would crash the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    const table = await client.query<{ t: string | null }>(`select to_regclass($1)::text as t`, [`"${dbSchema}".schema_migrations`]);
    if (!table.rows[0].t) return false;
    const { rows } = await client.query<{ name: string }>(`select name from ${table.rows[0].t}`);
    const applied = new Set(rows.map((r) => r.name));
    return schema.migrations.every((m) => applied.has(m.name));
  } finally {
    await client.end();
  }
}

/**
 * Applies pending migrations (all in one transaction) in `dbSchema` (default public); returns the names applied.
 * A schema already current costs a query or two: MikroORM's migrator (its start-up, the preflight's
 * extension checks) runs only when something is pending: ~80 ms of every `npm run import` against ~15 ms.
 * MikroORM, knex and the migration classes (lazyMigration) are loaded on that path only, so a process
 * that finds its schema current never loads them (~0.3 s of the import CLI's start).
 */
export async function migrateDatabase(url: string, schema: MigrationParts, options: { dbSchema?: string } = {}): Promise<string[]> {
  if (await migrationsApplied(url, schema, options.dbSchema ?? 'public')) return [];
  const [{ preflight }, { ormOptions }, { MikroORM }] = await Promise.all([
    import('./preflight'),
    import('./orm-options'),
    import('@mikro-orm/postgresql'),
  ]);
  await preflight(url, options.dbSchema ?? 'public');
  const orm = await MikroORM.init(ormOptions(url, { entities: [], ...schema }, { poolMax: 2, dbSchema: options.dbSchema }));
  try {
    const applied = await orm.getMigrator().up();
    return applied.map((m) => m.name);
  } finally {
    await orm.close(true);
  }
}

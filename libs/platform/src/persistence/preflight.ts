import { Client } from 'pg';

/** The extensions the migrations and the reviewed SQL use, always in schema public. */
export const REQUIRED_EXTENSIONS = ['unaccent', 'pg_trgm', 'btree_gin'] as const;

/**
 * What the migration role could not do itself: a DBA must run `sql` once (CONTRACT: texts in
 * Spanish). `missing` names the extensions (and the schema) that are absent.
 */
export class DatabasePrerequisitesError extends Error {
  constructor(
    readonly missing: string[],
    readonly sql: string,
    database: string,
  ) {
    super(
      `Faltan requisitos en la base de datos "${database}": ${missing.join(', ')}. ` +
        `El rol de migración no puede crearlos; un administrador (DBA) debe ejecutar una vez:\n  ${sql}`,
    );
    this.name = 'DatabasePrerequisitesError';
  }
}

const INSUFFICIENT_PRIVILEGE = '42501';

/**
 * Before the migrations: the extensions exist in public (created here when the role may, e.g.
 * the embedded server's superuser; with them present the migrations' own
 * `create extension if not exists` is a no-op that needs no privilege), and the tables' schema
 * exists. What the role may not create is reported all at once, with the one line a DBA runs.
 */
export async function preflight(url: string, dbSchema: string): Promise<void> {
  const client = new Client({ connectionString: url });
  // A server stopped under it (a stop signal during start-up) fails the statement in flight; without
  // a listener the client's 'error' event would also crash the process with exit code 1.
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{ extname: string }>(`select extname from pg_extension where extname = any($1)`, [
      [...REQUIRED_EXTENSIONS],
    ]);
    const present = new Set(rows.map((r) => r.extname));
    const statements: string[] = [];
    const missing: string[] = [];
    const attempt = async (what: string, sql: string): Promise<void> => {
      try {
        await client.query(sql);
      } catch (err) {
        if ((err as { code?: string }).code !== INSUFFICIENT_PRIVILEGE) throw err;
        missing.push(what);
        statements.push(`${sql};`);
      }
    };
    for (const ext of REQUIRED_EXTENSIONS) {
      if (!present.has(ext)) await attempt(`extensión ${ext}`, `CREATE EXTENSION IF NOT EXISTS ${ext} SCHEMA public`);
    }
    if (dbSchema !== 'public') {
      const exists = await client.query(`select 1 from pg_namespace where nspname = $1`, [dbSchema]);
      if (exists.rowCount === 0) {
        const { rows: who } = await client.query<{ role: string }>(`select current_user as role`);
        await attempt(`esquema ${dbSchema}`, `CREATE SCHEMA IF NOT EXISTS ${dbSchema} AUTHORIZATION "${who[0]!.role}"`);
      }
    }
    if (missing.length) {
      const { rows: db } = await client.query<{ name: string }>(`select current_database() as name`);
      throw new DatabasePrerequisitesError(missing, statements.join(' '), db[0]!.name);
    }
  } finally {
    await client.end();
  }
}

/**
 * `npm run migrate`: applies pending schema migrations to the selected database (DATABASE_URL, or
 * the embedded PostgreSQL in DATA_DIR, shared with a running service) and lists what it applied.
 */
import { ConfigError, loadConfig, loadEnvFile } from '@nomina-api/platform/config';
import { acquireDatabase, migrateDatabase } from '@nomina-api/platform/database';
import { APP_MIGRATIONS } from '../database/migrations';

const stderr = (line: string): void => void process.stderr.write(`${line}\n`);

export async function runMigrate(): Promise<number> {
  try {
    loadEnvFile();
    const config = loadConfig();
    const db = await acquireDatabase(config, stderr);
    try {
      const applied = await migrateDatabase(db.url, { migrations: APP_MIGRATIONS }, { dbSchema: config.databaseSchema });
      if (!applied.length) process.stdout.write('La base de datos ya está al día: no había migraciones pendientes.\n');
      else process.stdout.write(`Migraciones aplicadas (${applied.length}):\n${applied.map((name) => `  ${name}\n`).join('')}`);
      return 0;
    } finally {
      await db.release();
    }
  } catch (err) {
    stderr(err instanceof ConfigError ? err.message : `No se pudo migrar la base de datos: ${(err as Error).message}`);
    return 1;
  }
}

if (require.main === module) {
  void runMigrate().then((code) => process.exit(code));
}

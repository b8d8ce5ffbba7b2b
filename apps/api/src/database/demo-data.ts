import { Client } from 'pg';
import type { Logger } from 'pino';
import { createProgressReporter, loadDataset } from '@nomina-api/importer';
import { DEMO_LOGINS, type DemoLogin, generateDataset } from '@nomina-api/importer/demo/generate-dataset';
import type { AppConfig } from '@nomina-api/platform/config';
import { searchPath } from '@nomina-api/platform/persistence';

/** What `npm start` tells about the data once ready (start-banner.ts decides where passwords may go). */
export interface DemoState {
  /** The demo users present in the database (with their published passwords). */
  logins: DemoLogin[];
  /** The database has no tenant and DEMO_DATA=false: nothing to log in with yet. */
  emptyWithoutDemo: boolean;
}

/** On a database without tenants (and DEMO_DATA not false) loads the generated demo dataset. */
export async function loadDemoDataIfEmpty(config: AppConfig, url: string, logger: Logger): Promise<DemoState> {
  const client = new Client({
    connectionString: url,
    application_name: 'nomina-demo',
    options: `-c search_path=${searchPath(config.databaseSchema)}`,
  });
  // As in the preflight: a stop during start-up fails the statement in flight, never the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from tenant');
    const empty = rows[0].n === 0;
    if (empty && !config.demoData) return { logins: [], emptyWithoutDemo: true };
    if (empty) {
      logger.info('Base de datos vacía: cargando los datos de demostración...');
      // A bar only on a terminal with human logs; elsewhere plain "preparando..." lines on stderr
      // are noise between the JSON lines (the info lines around it say the same).
      const progress = config.logFormat === 'pretty' && process.stderr.isTTY ? createProgressReporter() : undefined;
      const summary = await loadDataset(client, generateDataset({ scale: 'demo' }), {
        replace: false,
        onProgress: progress ? (p) => progress.update(p) : undefined,
      });
      progress?.finish();
      logger.info(
        `Datos de demostración cargados: ${summary.tenants} tenants, ${summary.pagosEmpleado} nóminas, ${summary.ventas} ventas, ${summary.proveedores} proveedores.`,
      );
    }
    const { rows: demo } = await client.query<{ n: number }>('select count(*)::int as n from login_directory where email_key = any($1)', [
      DEMO_LOGINS.map((l) => l.email.toLowerCase()),
    ]);
    return { logins: demo[0].n === 0 ? [] : DEMO_LOGINS, emptyWithoutDemo: false };
  } finally {
    await client.end();
  }
}

/**
 * `npm run seed -- [--scale demo|medium|large] [--replace] [--database NAME]`: loads the
 * deterministic generated dataset. The demo scale goes to the service's database; medium and large
 * (benchmark data) go to a separate database `nomina_<scale>` on the same server unless --database
 * says otherwise. Streams the generator straight into COPY: nothing is materialised.
 */
import { Client } from 'pg';
import { ConfigError, loadConfig, loadEnvFile } from '@nomina-api/platform/config';
import { acquireDatabase, ensureDatabase, migrateDatabase } from '@nomina-api/platform/persistence';
import { createProgressReporter, formatCount, formatSeconds, ImportError, loadDataset } from '@nomina-api/importer';
import { datasetStats, generateDataset, type Scale } from '@nomina-api/importer/demo/generate-dataset';
import { APP_SCHEMA } from '../database/schema';

const USAGE = 'Uso: npm run seed -- [--scale demo|medium|large] [--replace] [--database NOMBRE]';
const stderr = (line: string): void => void process.stderr.write(`${line}\n`);

export interface SeedArgs {
  scale: Scale;
  replace: boolean;
  database?: string;
}

export function parseSeedArgs(argv: string[]): SeedArgs | { error: string } {
  const args: SeedArgs = { scale: 'demo', replace: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = (): string | undefined => (arg.includes('=') ? arg.split('=')[1] : argv[++i]);
    if (arg === '--replace') args.replace = true;
    else if (arg.startsWith('--scale')) {
      const scale = value();
      if (scale !== 'demo' && scale !== 'medium' && scale !== 'large') return { error: `Escala desconocida: ${scale ?? '(vacía)'}` };
      args.scale = scale;
    } else if (arg.startsWith('--database')) {
      const name = value();
      if (!name || !/^[a-z][a-z0-9_]{0,62}$/.test(name)) return { error: 'El nombre de la base de datos debe ser minúsculas, dígitos y _' };
      args.database = name;
    } else return { error: `Opción desconocida: ${arg}` };
  }
  return args;
}

/** The database a scale goes to: the service's for demo, a separate one for benchmark data. */
export function seedDatabaseName(args: SeedArgs, serviceDatabase: string): string {
  return args.database ?? (args.scale === 'demo' ? serviceDatabase : `nomina_${args.scale}`);
}

export async function runSeed(argv: string[]): Promise<number> {
  const args = parseSeedArgs(argv);
  if ('error' in args) {
    stderr(`${args.error}\n${USAGE}`);
    return 2;
  }
  let config;
  try {
    loadEnvFile();
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      stderr(err.message);
      return 1;
    }
    throw err;
  }
  const serviceDb = config.databaseUrl ? new URL(config.databaseUrl).pathname.slice(1) : config.embeddedDatabase;
  const name = seedDatabaseName(args, serviceDb);
  const server = await acquireDatabase(config, stderr, { database: config.databaseUrl ? undefined : 'postgres' });
  const url = new URL(server.url);
  const admin = url.toString();
  url.pathname = `/${name}`;
  const client = new Client({ connectionString: url.toString(), application_name: 'nomina-seed' });
  const started = performance.now();
  try {
    await ensureDatabase(admin, name);
    await migrateDatabase(url.toString(), APP_SCHEMA);
    await client.connect();
    const stats = datasetStats({ scale: args.scale });
    stderr(
      `Generando la escala ${args.scale} en la base ${name}: ${formatCount(stats.lineasNomina)} líneas de nómina, ${formatCount(stats.lineasVenta)} líneas de venta, ${formatCount(stats.establecimientos)} proveedores.`,
    );
    const progress = createProgressReporter();
    const totals: Record<string, number> = { nómina: stats.lineasNomina, ventas: stats.lineasVenta, proveedores: stats.establecimientos };
    const summary = await loadDataset(client, generateDataset({ scale: args.scale }), {
      replace: args.replace,
      onProgress: (p) => progress.update({ ...p, total: p.total ?? totals[p.phase] }),
    });
    progress.finish();
    process.stdout.write(
      `Sembrado (${args.scale}) en ${name}: ${formatCount(summary.tenants)} tenants, ${formatCount(summary.pagosEmpleado)} nóminas, ` +
        `${formatCount(summary.lineasNomina)} líneas, ${formatCount(summary.lineasVenta)} líneas de venta, ${formatCount(summary.proveedores)} proveedores ` +
        `en ${formatSeconds(performance.now() - started)} s (${formatCount(summary.lineasNomina / Math.max(summary.seconds, 0.001))} líneas de nómina/s).\n`,
    );
    if (name !== serviceDb) stderr(`Para servirla: EMBEDDED_PG_DATABASE=${name} npm start   (o DATABASE_URL apuntando a esa base)`);
    return 0;
  } catch (err) {
    if (err instanceof ImportError) stderr(`Error: ${err.message}${args.replace ? '' : ' Use --replace para reemplazar.'}`);
    else stderr(`Error: ${(err as Error).message}`);
    return 1;
  } finally {
    await client.end().catch(() => undefined);
    await server.release();
  }
}

if (require.main === module) {
  void runSeed(process.argv.slice(2)).then((code) => process.exit(code));
}

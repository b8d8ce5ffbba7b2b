/**
 * `npm run import -- <archivo.json> [--replace]` (CONTRACT §6): validates the whole file first and
 * touches the database only when it is valid, then loads it in one transaction. The file is read
 * as a stream (libs/importer/src/stream), so its size does not matter: memory holds one chunk and
 * the payslips or sales parsed from it, plus the tenants' catalogs and compact uuid sets (and
 * GarbageCadence collects the dead ones at a steady pace).
 * Exit codes: 0 loaded, 1 file or import error, 2 bad arguments.
 */
import { Client } from 'pg';
import { ConfigError, loadConfig, loadEnvFile } from '@nomina-api/platform/config';
import {
  acquireDatabase,
  type DatabaseSelection,
  databaseUnavailable,
  migrateDatabase,
  searchPath,
} from '@nomina-api/platform/persistence';
import {
  createProgressReporter,
  formatCount,
  formatSeconds,
  FileChangedError,
  GarbageCadence,
  ImportError,
  JsonStreamError,
  loadDataset,
  locate,
  scanDatasetFile,
  type DatasetScan,
  type LoadProgress,
  type LoadSummary,
} from '@nomina-api/importer';
import { APP_SCHEMA } from '../database/schema';

const USAGE = 'Uso: npm run import -- <archivo.json> [--replace]\n  --replace  reemplaza los datos de los tenants que ya existen';

export interface ImportArgs {
  file: string;
  replace: boolean;
}

/** The arguments, or the reason they are wrong. */
export function parseImportArgs(argv: string[]): ImportArgs | { error: string } {
  let file: string | undefined;
  let replace = false;
  for (const arg of argv) {
    if (arg === '--replace') replace = true;
    else if (arg.startsWith('-')) return { error: `Opción desconocida: ${arg}` };
    else if (file !== undefined) return { error: 'Indique un solo archivo.' };
    else file = arg;
  }
  return file === undefined ? { error: 'Falta el archivo a importar.' } : { file, replace };
}

const stderr = (line: string): void => void process.stderr.write(`${line}\n`);

class CliFailure extends Error {}

const READ_ERRORS: Record<string, string> = {
  ENOENT: 'no existe',
  EACCES: 'no hay permiso para leerlo',
  EISDIR: 'es una carpeta, no un archivo',
};

/** The file's first pass found it is not JSON (or not UTF-8): the sentence for the person. */
async function jsonFailure(file: string, err: JsonStreamError): Promise<CliFailure> {
  if (err.kind === 'surrogate') {
    return new CliFailure(
      `El archivo ${file} no es texto Unicode válido: ${err.reason} contiene un escape \\u de un sustituto UTF-16 sin pareja ` +
        '(como "\\ud800"), que no es ningún carácter. Corrija ese texto. No se importó nada.',
    );
  }
  const { line, column } = await locate(file, err.offset);
  if (err.kind === 'utf8') {
    return new CliFailure(
      `El archivo ${file} no es JSON válido: contiene bytes que no son UTF-8 (línea ${line}, columna ${column}). ` +
        'Guárdelo con codificación UTF-8. No se importó nada.',
    );
  }
  return new CliFailure(`El archivo ${file} no es JSON válido en la línea ${line}, columna ${column}: ${err.reason}. No se importó nada.`);
}

/** Validates the file as a stream (never the whole document in memory); read errors and bad JSON become CliFailure. */
async function scanFile(file: string, gc: GarbageCadence): Promise<DatasetScan> {
  const progress = createProgressReporter();
  try {
    return await scanDatasetFile(file, (p) => {
      gc.tick();
      progress.update(p);
    });
  } catch (err) {
    if (err instanceof JsonStreamError) throw await jsonFailure(file, err);
    const code = (err as NodeJS.ErrnoException).code ?? '';
    if (code in READ_ERRORS || (code.startsWith('E') && (err as NodeJS.ErrnoException).syscall)) {
      throw new CliFailure(`No se puede leer el archivo ${file}: ${READ_ERRORS[code] ?? (err as Error).message}.`);
    }
    throw err;
  } finally {
    progress.finish();
  }
}

function summaryLine(s: LoadSummary, elapsedMs: number): string {
  const parts = [
    `${formatCount(s.tenants)} tenants`,
    `${formatCount(s.usuarios)} usuarios`,
    `${formatCount(s.empleados)} empleados`,
    `${formatCount(s.pagos)} pagos`,
    `${formatCount(s.pagosEmpleado)} nóminas`,
    `${formatCount(s.lineasNomina)} líneas`,
    `${formatCount(s.ventas)} ventas`,
    `${formatCount(s.lineasVenta)} líneas de venta`,
    `${formatCount(s.proveedores)} proveedores`,
  ];
  return `Importado: ${parts.join(', ')} en ${formatSeconds(elapsedMs)} s`;
}

async function load(scan: DatasetScan, replace: boolean, gc: GarbageCadence): Promise<LoadSummary> {
  loadEnvFile();
  const config = loadConfig();
  const db: DatabaseSelection = await acquireDatabase(config, stderr);
  const client = new Client({
    connectionString: db.url,
    application_name: 'nomina-import',
    options: `-c search_path=${searchPath(config.databaseSchema)}`,
  });
  // A connection lost mid-load (terminated backend, server restart) also fails the statement in
  // flight, which reports it; without a listener the client's 'error' event would crash the
  // process with Node's "Unhandled 'error' event" stack instead.
  client.on('error', () => undefined);
  const interrupted = (): void => {
    stderr('\nImportación interrumpida: la transacción en curso se descarta.');
    // Closing the connection rolls the open transaction back.
    void client.end().finally(() => db.release().finally(() => process.exit(130)));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    await migrateDatabase(db.url, APP_SCHEMA, { dbSchema: config.databaseSchema });
    await client.connect();
    const progress = createProgressReporter();
    try {
      const onProgress = (p: LoadProgress): void => {
        gc.tick();
        progress.update(p);
      };
      return await loadDataset(client, scan.dataset, { replace, totals: scan.totals, onProgress });
    } finally {
      progress.finish();
    }
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    await client.end().catch(() => undefined);
    await db.release();
  }
}

export async function runImport(argv: string[]): Promise<number> {
  const started = performance.now();
  const args = parseImportArgs(argv);
  if ('error' in args) {
    stderr(`${args.error}\n${USAGE}`);
    return 2;
  }
  try {
    const gc = new GarbageCadence();
    const scan = await scanFile(args.file, gc);
    if (scan.problems.length) {
      stderr(`El archivo ${args.file} tiene problemas; no se importó nada:`);
      for (const p of scan.problems) stderr(`${p.path}: ${p.message}`);
      return 1;
    }
    stderr(
      `Archivo válido (leído en ${formatSeconds(scan.timings.read * 1000)} s, validado en ${formatSeconds(scan.timings.validate * 1000)} s).`,
    );
    gc.now();
    const summary = await load(scan, args.replace, gc);
    process.stdout.write(`${summaryLine(summary, performance.now() - started)}\n`);
    return 0;
  } catch (err) {
    stderr(describeError(err));
    return 1;
  }
}

const sentence = (text: string): string => (/[.!?]$/.test(text) ? text : `${text}.`);

function describeError(err: unknown): string {
  if (err instanceof CliFailure || err instanceof ConfigError) return err.message;
  if (err instanceof ImportError || err instanceof FileChangedError) return `Error: ${sentence(err.message)} No se importó nada.`;
  const pg = err as { code?: string; detail?: string; message?: string; severity?: string };
  // The database went away under the load (terminated backend, restart) or never answered: the
  // server rolls any open transaction back.
  if (databaseUnavailable(err)) {
    return (
      `Se perdió la conexión con la base de datos, o no se pudo establecer (${pg.code ?? 'conexión cerrada'}). ` +
      'La transacción se descartó: No se importó nada. Revise que PostgreSQL esté en marcha y ejecute la importación de nuevo.'
    );
  }
  if (pg.severity && pg.code) {
    return `Error de la base de datos (${pg.code}): ${sentence(`${pg.message}${pg.detail ? ` — ${pg.detail}` : ''}`)} No se importó nada.`;
  }
  if (typeof pg.code === 'string' && /^E[A-Z]+$/.test(pg.code)) {
    return `No se pudo hablar con la base de datos (${pg.code}): ${sentence(pg.message ?? '')} No se importó nada.`;
  }
  return `Error inesperado: ${(err as Error)?.message ?? String(err)}`;
}

if (require.main === module) {
  void runImport(process.argv.slice(2)).then((code) => process.exit(code));
}

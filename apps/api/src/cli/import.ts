/**
 * `npm run import -- <archivo.json> [--replace | --merge] [--dry-run]` (CONTRACT §6): reads the
 * file once for its syntax and schema (a file that fails them never reaches the database), then
 * loads it in one transaction while checking its references and uniqueness on the same read; a
 * problem found there rolls the transaction back and the file's problems are listed as a check
 * of the whole file lists them, so nothing is committed unless the whole file is valid. A merge (docs/IMPORT.md) validates the file against the stored data too, inside its
 * transaction, and writes only what differs; --dry-run says what would change and writes nothing. The file is read
 * as a stream (libs/importer/src/stream), so its size does not matter: memory holds one chunk and
 * the payslips or sales parsed from it, plus the tenants' catalogs and compact uuid sets (and
 * GarbageCadence collects the dead ones at a steady pace).
 * Exit codes: 0 loaded, 1 file or import error, 2 bad arguments.
 */
import { Client } from 'pg';
import { ConfigError, loadConfig, loadEnvFile } from '@nomina-api/platform/config';
// The light entries: a current schema is checked with one query, without Nest or MikroORM.
import { acquireDatabase, type DatabaseSelection, databaseUnavailable, migrateDatabase, searchPath } from '@nomina-api/platform/database';
import { findTenant, uuidKey } from '@nomina-api/platform/bulk';
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
  mergeDataset,
  mergeLine,
  PasswordHasher,
  readDatasetFile,
  ReferenceProblemsFound,
  tenantLine,
  type DatasetRead,
  type ImportProblem,
  type LoadProgress,
  type LoadSummary,
  type MergeResult,
} from '@nomina-api/importer';
import { APP_MIGRATIONS } from '../database/migrations';

const USAGE =
  'Uso: npm run import -- <archivo.json> [--replace | --merge] [--dry-run]\n' +
  '  --replace  reemplaza todos los datos de los tenants que ya existen\n' +
  '  --merge    aplica el archivo sobre lo guardado: inserta, reemplaza y elimina (eliminar) solo lo que nombra\n' +
  '  --dry-run  valida y dice qué cambiaría, sin escribir nada';

export interface ImportArgs {
  file: string;
  replace: boolean;
  merge: boolean;
  dryRun: boolean;
}

/** The arguments, or the reason they are wrong. */
export function parseImportArgs(argv: string[]): ImportArgs | { error: string } {
  let file: string | undefined;
  const flags = { replace: false, merge: false, dryRun: false };
  for (const arg of argv) {
    if (arg === '--replace') flags.replace = true;
    else if (arg === '--merge') flags.merge = true;
    else if (arg === '--dry-run') flags.dryRun = true;
    else if (arg.startsWith('-')) return { error: `Opción desconocida: ${arg}` };
    else if (file !== undefined) return { error: 'Indique un solo archivo.' };
    else file = arg;
  }
  if (flags.replace && flags.merge) return { error: '--replace y --merge no se pueden combinar: elija uno.' };
  return file === undefined ? { error: 'Falta el archivo a importar.' } : { file, ...flags };
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

/**
 * The file's first pass, as a stream (never the whole document in memory): syntax and schema, the
 * rules left for later (DatasetRead.checkReferences or checkWhileLoading); read errors and bad JSON
 * become CliFailure.
 */
async function scanFile(file: string, gc: GarbageCadence, hasher: PasswordHasher): Promise<DatasetRead> {
  const progress = createProgressReporter();
  const onProgress = (p: Parameters<typeof progress.update>[0]): void => {
    gc.tick();
    progress.update(p);
  };
  try {
    return await readDatasetFile(file, onProgress, hasher);
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

/**
 * Runs `work` on a connection to the migrated database, the import's signals handled (an interrupt
 * rolls back); `connect` opens another connection like it (the caller ends it).
 */
async function withDatabase<T>(work: (client: Client, connect: () => Promise<Client>) => Promise<T>): Promise<T> {
  loadEnvFile();
  const config = loadConfig();
  const db: DatabaseSelection = await acquireDatabase(config, stderr);
  const newClient = (): Client =>
    new Client({
      connectionString: db.url,
      application_name: 'nomina-import',
      options: `-c search_path=${searchPath(config.databaseSchema)}`,
    });
  const connect = async (): Promise<Client> => {
    const other = newClient();
    other.on('error', () => undefined);
    await other.connect();
    return other;
  };
  const client = newClient();
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
    await migrateDatabase(db.url, { migrations: APP_MIGRATIONS }, { dbSchema: config.databaseSchema });
    await client.connect();
    return await work(client, connect);
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    await client.end().catch(() => undefined);
    await db.release();
  }
}

async function withProgress<T>(gc: GarbageCadence, work: (onProgress: (p: LoadProgress) => void) => Promise<T>): Promise<T> {
  const progress = createProgressReporter();
  try {
    return await work((p) => {
      gc.tick();
      progress.update(p);
    });
  } finally {
    progress.finish();
  }
}

function printProblems(file: string, problems: ImportProblem[]): number {
  stderr(`El archivo ${file} tiene problemas; no se importó nada:`);
  for (const p of problems) stderr(`${p.path}: ${p.message}`);
  return 1;
}

/** --merge: the first pass alone, then the merge validates against the stored data in its transaction and writes what differs. */
async function runMerge(args: ImportArgs, started: number, gc: GarbageCadence): Promise<number> {
  // The users' passwords are hashed while the file is read (see PasswordHasher).
  const hasher = new PasswordHasher();
  const read = await scanFile(args.file, gc, hasher);
  gc.now();
  const result: MergeResult = await withDatabase((client) =>
    withProgress(gc, (onProgress) =>
      mergeDataset(client, read, {
        dryRun: args.dryRun,
        hasher,
        onProgress,
        onValid: () =>
          stderr(
            `Archivo válido también frente a los datos guardados (leído en ${formatSeconds(read.timings.read * 1000)} s, ` +
              `validado en ${formatSeconds(read.timings.validate * 1000)} s).`,
          ),
      }),
    ),
  );
  if (result.problems.length) return printProblems(args.file, result.problems);
  for (const t of result.tenants) process.stdout.write(`${tenantLine(t)}\n`);
  process.stdout.write(`${mergeLine(result, args.dryRun, formatSeconds(performance.now() - started))}\n`);
  return 0;
}

/** --dry-run of a plain or replacing import: which tenants it would create or replace (or refuse), writing nothing. */
async function dryRunLoad(args: ImportArgs, scan: DatasetRead): Promise<number> {
  const lines = await withDatabase(async (client) => {
    const out: { line: string; refused: boolean }[] = [];
    for (const t of scan.dataset.tenants) {
      const stored = await findTenant(client, uuidKey(t.uuid));
      const head = `${t.nombre} (${t.uuid})`;
      if (!stored) out.push({ line: `${head}: se crearía`, refused: false });
      else if (args.replace) out.push({ line: `${head}: se reemplazarían todos sus datos`, refused: false });
      else out.push({ line: `${head}: ya existe; la importación se rechazaría (use --replace o --merge)`, refused: true });
    }
    return out;
  });
  for (const { line } of lines) process.stdout.write(`${line}\n`);
  process.stdout.write(
    `Simulación (--dry-run): ${formatCount(scan.totals.lineasNomina)} líneas de nómina, ${formatCount(scan.totals.lineasVenta)} líneas de venta; no se escribió nada\n`,
  );
  return lines.some((l) => l.refused) ? 1 : 0;
}

export async function runImport(argv: string[]): Promise<number> {
  const started = performance.now();
  const args = parseImportArgs(argv);
  if ('error' in args) {
    stderr(`${args.error}\n${USAGE}`);
    return 2;
  }
  const gc = new GarbageCadence();
  // Every phase ticks it, also those that report no progress for a while (a catalog of millions
  // being checked or written): the heap stays near its ceiling whatever list is long.
  const ticker = setInterval(() => gc.tick(), 200).unref();
  try {
    if (args.merge) return await runMerge(args, started, gc);
    const hasher = new PasswordHasher();
    const read = await scanFile(args.file, gc, hasher);
    if (read.problems.length) return printProblems(args.file, read.problems);
    gc.now();
    if (args.dryRun) {
      const checked = await read.checkReferences();
      if (checked.problems.length) return printProblems(args.file, checked.problems);
      return await dryRunLoad(args, read);
    }
    stderr(
      `Archivo leído en ${formatSeconds(read.timings.read * 1000)} s, sintaxis y esquema válidos; ` +
        'las referencias se comprueban mientras se carga (si falla alguna, no se importa nada).',
    );
    let summary: LoadSummary;
    try {
      summary = await withDatabase((client, connect) =>
        withProgress(gc, (onProgress) =>
          loadDataset(client, read.dataset, {
            connect,
            replace: args.replace,
            totals: read.totals,
            hasher,
            onProgress,
            check: read.checkWhileLoading(),
          }),
        ),
      );
    } catch (err) {
      // Rolled back. Whatever failed the load (a problem of the file, or one the database found, or
      // no database at all), the file's own problems come first, listed by the check pass as before.
      const checked = await read.checkReferences();
      if (checked.problems.length) return printProblems(args.file, checked.problems);
      if (err instanceof ReferenceProblemsFound) throw new Error('the check while loading and the check pass disagree', { cause: err });
      throw err;
    }
    stderr('Archivo válido: referencias y unicidad comprobadas durante la carga.');
    process.stdout.write(`${summaryLine(summary, performance.now() - started)}\n`);
    return 0;
  } catch (err) {
    stderr(describeError(err));
    return 1;
  } finally {
    clearInterval(ticker);
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
  // libuv reads it when its pool first runs (the file's first read): see PasswordHasher.
  process.env.UV_THREADPOOL_SIZE ??= String(PasswordHasher.threads);
  void runImport(process.argv.slice(2)).then((code) => process.exit(code));
}

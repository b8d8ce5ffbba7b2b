/**
 * `npm run import -- <archivo.json> [--replace]` (CONTRACT §6): validates the whole file first and
 * touches the database only when it is valid, then loads it in one transaction.
 * Exit codes: 0 loaded, 1 file or import error, 2 bad arguments.
 */
import { readFileSync } from 'node:fs';
import { Client } from 'pg';
import { ConfigError, loadConfig } from '@app/platform/config/app-config';
import { loadEnvFile } from '@app/platform/config/env-file';
import { databaseUnavailable } from '@app/platform/persistence/connection-errors';
import { acquireDatabase, migrateDatabase, type DatabaseSelection } from '@app/platform/persistence/database';
import {
  createProgressReporter,
  findJsonSyntaxError,
  findLoneSurrogate,
  formatCount,
  ImportError,
  loadDataset,
  validateDataset,
  type Dataset,
  type LoadSummary,
} from '@app/importer';
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

/**
 * Strict UTF-8: a file saved in another encoding (Latin-1 "Pérez") must be refused, not imported
 * with U+FFFD in place of its letters.
 */
function decodeUtf8(file: string, bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const lenient = bytes.toString('utf8');
    const at = lenient.indexOf('\uFFFD');
    const before = lenient.slice(0, Math.max(at, 0));
    const line = before.split('\n').length;
    const column = at - before.lastIndexOf('\n');
    throw new CliFailure(
      `El archivo ${file} no es JSON válido: contiene bytes que no son UTF-8 (línea ${line}, columna ${column}). ` +
        'Guárdelo con codificación UTF-8. No se importó nada.',
    );
  }
}

/** Parses the file; a syntax error is reported with its line and column. */
function readDataset(file: string): unknown {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? '';
    const why = READ_ERRORS[code] ?? (err as Error).message;
    throw new CliFailure(`No se puede leer el archivo ${file}: ${why}.`);
  }
  let text = decodeUtf8(file, bytes);
  // Editors on Windows often save UTF-8 with a byte order mark; JSON.parse rejects it.
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    const where = findJsonSyntaxError(text);
    const at = where ? ` en la línea ${where.line}, columna ${where.column}: ${where.reason}` : '';
    throw new CliFailure(`El archivo ${file} no es JSON válido${at}. No se importó nada.`);
  }
  const lone = findLoneSurrogate(data);
  if (lone) {
    throw new CliFailure(
      `El archivo ${file} no es texto Unicode válido: ${lone} contiene un escape \\u de un sustituto UTF-16 sin pareja ` +
        '(como "\\ud800"), que no es ningún carácter. Corrija ese texto. No se importó nada.',
    );
  }
  return data;
}

function summaryLine(s: LoadSummary, elapsedMs: number): string {
  const parts = [
    `${formatCount(s.tenants)} tenants`,
    `${formatCount(s.usuarios)} usuarios`,
    `${formatCount(s.empleados)} empleados`,
    `${formatCount(s.pagos)} pagos`,
    `${formatCount(s.payslips)} nóminas`,
    `${formatCount(s.payslipLines)} líneas`,
    `${formatCount(s.ventas)} ventas`,
    `${formatCount(s.saleLines)} líneas de venta`,
    `${formatCount(s.proveedores)} proveedores`,
  ];
  return `Importado: ${parts.join(', ')} en ${seconds(elapsedMs)} s`;
}

const seconds = (ms: number): string => (ms / 1000).toFixed(1).replace('.', ',');

async function load(data: Dataset, replace: boolean): Promise<LoadSummary> {
  loadEnvFile();
  const config = loadConfig();
  const db: DatabaseSelection = await acquireDatabase(config, stderr);
  const client = new Client({ connectionString: db.url, application_name: 'nomina-import' });
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
    await migrateDatabase(db.url, APP_SCHEMA);
    await client.connect();
    const progress = createProgressReporter();
    try {
      return await loadDataset(client, data, { replace, onProgress: (p) => progress.update(p) });
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
    const data = readDataset(args.file);
    const parsed = performance.now();
    const problems = validateDataset(data);
    if (problems.length) {
      stderr(`El archivo ${args.file} tiene problemas; no se importó nada:`);
      for (const p of problems) stderr(`${p.path}: ${p.message}`);
      return 1;
    }
    stderr(`Archivo válido (leído en ${seconds(parsed - started)} s, validado en ${seconds(performance.now() - parsed)} s).`);
    const summary = await load(data as Dataset, args.replace);
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
  if (err instanceof ImportError) return `Error: ${sentence(err.message)} No se importó nada.`;
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

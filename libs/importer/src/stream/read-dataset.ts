import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { BULK_KIND_NUMBER } from '../bulk-uuids';
import type { PagoInput, VentaInput } from '../dataset.types';
import { ProblemList, type ImportProblem } from '../problems';
import { checkReferencesStreamed, type StreamedTenant } from '../reference-rules';
import { BULK_FIELDS, type BulkField, SchemaCheck } from '../schema-validation';
import { UuidPrefilter } from '../uuid-prefilter';
import { JsonSplitter, type PathSegment } from './json-splitter';

/**
 * An import file validated without holding it (CONTRACT §6), in streaming passes over the bytes:
 *
 * 1. syntax, strict UTF-8 and lone surrogates (JsonSplitter), the JSON schema of every payment and
 *    sale as it is read, and everything else of each tenant kept (catalogs, employees, suppliers:
 *    small next to the payroll lines) together with where its `pagos` and `ventas` lists lie in
 *    the file; then the schema of that shell;
 * 2. the reference and uniqueness rules, in the same order as for a parsed document, reading each
 *    tenant's payments and sales again from their byte ranges (in memory: the tenants' catalogs,
 *    and for the bulk uuids a Bloom filter from pass 1 plus the exact set of its candidates);
 * and the load reads those ranges a third time (loadDataset iterates them). Each read holds one
 * chunk and one payment or sale.
 */

const CHUNK_BYTES = 1 << 20;
const { nómina: PAYSLIP, detalle: LINE, venta: SALE } = BULK_KIND_NUMBER;

interface Range {
  start: number;
  end: number;
}

export interface StreamedDataset {
  tenants: StreamedTenant[];
}

export interface DatasetScan {
  /** Every problem, schema first (the shell's, then the payments' and sales' in file order), then the references; empty when the file can be loaded. */
  problems: ImportProblem[];
  /** The tenants, their payments and sales read from the file on each iteration (only meaningful when there are no problems). */
  dataset: StreamedDataset;
  totals: { lineasNomina: number; lineasVenta: number };
  /** Seconds of the first pass (syntax and schema) and of the second (references). */
  timings: { read: number; validate: number };
}

/** Reads the file from `start` to `end` (inclusive), in chunks; `onBytes` hears each chunk's size. */
async function* chunks(file: string, start = 0, end?: number, onBytes?: (n: number) => void): AsyncGenerator<Buffer> {
  const stream = createReadStream(file, { start, end, highWaterMark: CHUNK_BYTES });
  try {
    for await (const chunk of stream) {
      onBytes?.((chunk as Buffer).length);
      yield chunk as Buffer;
    }
  } finally {
    stream.destroy();
  }
}

/** The file was written to between the validation and a later read: what was validated is not what would be loaded. */
export class FileChangedError extends Error {
  constructor(readonly file: string) {
    super(`El archivo ${file} cambió mientras se importaba; impórtelo de nuevo cuando nadie lo esté escribiendo.`);
  }
}

interface FileVersion {
  size: number;
  mtimeMs: number;
}

async function version(file: string): Promise<FileVersion> {
  const { size, mtimeMs } = await stat(file);
  return { size, mtimeMs };
}

/** The items of the JSON array at `range` (its brackets included), parsed one by one. */
async function* arrayItems<T>(file: string, range: Range, validated: FileVersion, onBytes?: (n: number) => void): AsyncGenerator<T> {
  const now = await version(file);
  if (now.size !== validated.size || now.mtimeMs !== validated.mtimeMs) throw new FileChangedError(file);
  const items: T[] = [];
  const splitter = new JsonSplitter({ descend: (path) => path.length === 0, value: (_path, v) => items.push(v as T) });
  splitter.startAt(range.start);
  for await (const chunk of chunks(file, range.start, range.end, onBytes)) {
    splitter.write(chunk);
    for (let i = 0; i < items.length; i++) yield items[i];
    items.length = 0;
  }
  splitter.end();
  yield* items;
}

/** A collection read again from the file every time it is iterated. */
function fileCollection<T>(file: string, range: Range, validated: FileVersion, onBytes: (n: number) => void): AsyncIterable<T> {
  return { [Symbol.asyncIterator]: () => arrayItems<T>(file, range, validated, onBytes) };
}

/** An own property even when the name is "__proto__", as JSON.parse would make it. */
function setMember(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Progress of the validation passes, in MB of the file (the shape of loadDataset's onProgress). */
export type ScanProgress = (event: { phase: string; done: number; total: number; unit: string }) => void;

export async function scanDatasetFile(file: string, onProgress?: ScanProgress): Promise<DatasetScan> {
  const started = performance.now();
  const validated = await version(file);
  const size = validated.size;
  let read = 0;
  let phase = 'leyendo';
  let total = size;
  const progress = (n: number): void => {
    read += n;
    onProgress?.({ phase, done: Math.round(read / 1e6), total: Math.max(1, Math.round(total / 1e6)), unit: 'MB' });
  };
  const shellProblems = new ProblemList();
  const itemProblems = new ProblemList();
  const schema = new SchemaCheck(itemProblems);
  let root: unknown;
  let tenants: unknown[] | undefined;
  const ranges: Partial<Record<BulkField, Range>>[] = [];
  const totals = { lineasNomina: 0, lineasVenta: 0 };
  const isBulk = (key: PathSegment): key is BulkField => (BULK_FIELDS as readonly PathSegment[]).includes(key);
  // Uniqueness of the bulk uuids without a set of all of them (see UuidPrefilter).
  const prefilter = new UuidPrefilter(size);
  const tenantShell = (i: number): Record<string, unknown> => tenants![i] as Record<string, unknown>;

  const splitter = new JsonSplitter({
    // The spine: root object, its "tenants" list, each tenant object, each tenant's pagos and ventas lists.
    descend: (path, kind) =>
      (path.length === 0 && kind === '{') ||
      (path.length === 1 && path[0] === 'tenants' && kind === '[') ||
      (path.length === 2 && kind === '{') ||
      (path.length === 3 && isBulk(path[2]) && kind === '['),
    open: (path, _kind, offset) => {
      if (path.length === 0) root = {};
      else if (path.length === 1) setMember(root as Record<string, unknown>, 'tenants', (tenants = []));
      else if (path.length === 2) tenants![path[1] as number] = {};
      else {
        // Left empty in the shell (its schema only asks for a list); the items are checked as they come.
        setMember(tenantShell(path[1] as number), path[2] as string, []);
        (ranges[path[1] as number] ??= {})[path[2] as BulkField] = { start: offset, end: offset };
      }
    },
    close: (path, offset) => {
      if (path.length === 3) ranges[path[1] as number][path[2] as BulkField]!.end = offset;
    },
    value: (path, value) => {
      switch (path.length) {
        case 0:
          root = value;
          return;
        case 1:
          setMember(root as Record<string, unknown>, path[0] as string, value);
          if (path[0] === 'tenants') tenants = undefined; // not a list: the shell's schema says so
          return;
        case 2:
          tenants![path[1] as number] = value;
          return;
        case 3:
          setMember(tenantShell(path[1] as number), path[2] as string, value);
          if (isBulk(path[2])) delete ranges[path[1] as number]?.[path[2]];
          return;
        default: {
          const field = path[2] as BulkField;
          if (!schema.item(field, value, path[1] as number, path[3] as number)) return;
          if (field === 'pagos') {
            for (const pe of (value as PagoInput).empleados) {
              prefilter.add(PAYSLIP, pe.uuid);
              for (const d of pe.detalles) prefilter.add(LINE, d.uuid);
              totals.lineasNomina += pe.detalles.length;
            }
          } else {
            prefilter.add(SALE, (value as VentaInput).uuid);
            totals.lineasVenta += (value as VentaInput).lineas.length;
          }
        }
      }
    },
  });
  for await (const chunk of chunks(file, 0, undefined, progress)) splitter.write(chunk);
  splitter.end();

  // The shell is checked with the shell's validator, whose errors come first as for a parsed file.
  const shellCheck = new SchemaCheck(shellProblems);
  shellCheck.shell(root);
  const broken = new Set([...shellCheck.result.brokenTenants, ...schema.result.brokenTenants]);
  const rootBroken = shellCheck.result.rootBroken || schema.result.rootBroken;
  const readAt = performance.now();

  const streamed: StreamedTenant[] = (tenants ?? []).map((t, i) => {
    const shell = { ...(t as object) } as StreamedTenant;
    for (const field of BULK_FIELDS) {
      const range = ranges[i]?.[field];
      if (range) (shell as Record<string, unknown>)[field] = fileCollection(file, range, validated, (n) => progress(n));
    }
    return shell;
  });
  // The second pass reads the payments' and sales' ranges (and the load a third time: no progress then, loadDataset has its own).
  phase = 'validando';
  read = 0;
  total = ranges.reduce((sum, r) => sum + BULK_FIELDS.reduce((s, f) => s + (r?.[f] ? r[f].end - r[f].start + 1 : 0), 0), 0);
  const problems = new ProblemList();
  problems.addAll(shellProblems);
  problems.addAll(itemProblems);
  if (!rootBroken) await checkReferencesStreamed(streamed, broken, problems, prefilter);
  onProgress = undefined;
  return {
    problems: problems.toArray(),
    dataset: { tenants: streamed },
    totals,
    timings: { read: (readAt - started) / 1000, validate: (performance.now() - readAt) / 1000 },
  };
}

/** Line and column (1-based, in characters, as an editor counts them) of a byte offset of the file. */
export async function locate(file: string, offset: number): Promise<{ line: number; column: number }> {
  let line = 1;
  let column = 1;
  let at = 0;
  for await (const chunk of chunks(file, 0, offset > 0 ? offset - 1 : 0)) {
    for (let i = 0; i < chunk.length && at < offset; i++, at++) {
      const b = chunk[i];
      if (b === 0x0a) {
        line++;
        column = 1;
      } else if ((b & 0xc0) !== 0x80) column += b >= 0xf0 ? 2 : 1; // a 4-byte character is two UTF-16 units
    }
  }
  return { line, column };
}

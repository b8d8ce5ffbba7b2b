import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { BULK_KIND_NUMBER } from '../bulk-uuids';
import { NUL_MESSAGE } from '../json-syntax';
import type { PagoEmpleadoInput, PagoStreamInput, ProveedorInput, VentaInput } from '../dataset.types';
import { ProblemList, type ImportProblem } from '../problems';
import type { Client } from 'pg';
import type { StoredTenant } from '../merge/stored-check';
import { checkReferencesStreamed, ReferencesWhileLoading, SUPPLIER_KIND, supplierUniqueKey, type StreamedTenant } from '../reference-rules';
import { BULK_FIELDS, type BulkField, isListField, type ListField, SchemaCheck } from '../schema-validation';
import type { PasswordHasher } from '../password-hasher';
import { UuidPrefilter } from '../uuid-prefilter';
import { JsonSplitter, type PathSegment } from './json-splitter';

/**
 * An import file validated without holding it (CONTRACT §6), in streaming passes over the bytes:
 *
 * 1. syntax, strict UTF-8, lone surrogates and texts holding U+0000 (JsonSplitter), the JSON schema of every payment
 *    (its own members, then each payslip) and sale as it is read, and everything else of each
 *    tenant kept (catalogs, employees, suppliers: small next to the payroll lines, read item by
 *    item) together with where its `pagos` and `ventas` lists lie in the file; then the schema of
 *    that shell;
 * 2. the reference and uniqueness rules, in the same order as for a parsed document, reading each
 *    tenant's payments and sales again from their byte ranges (in memory: the tenants' catalogs,
 *    and for the bulk uuids a Bloom filter from pass 1 plus the exact set of its candidates);
 * and the load reads those ranges a third time (loadDataset iterates them); a plain import instead
 * checks the rules of pass 2 as its load reads the ranges (checkWhileLoading), two reads in all. Each read holds one
 * chunk and what was parsed from it: payslips one by one, never a whole payment (one payment may
 * hold any number of them), and whole sales.
 */

export const CHUNK_BYTES = 1 << 20;
const { nómina: PAYSLIP, detalle: LINE, venta: SALE } = BULK_KIND_NUMBER;

interface Range {
  start: number;
  end: number;
}

export interface StreamedDataset {
  tenants: StreamedTenant[];
  /** What the reads held at most, over every pass so far (the memory bound, checked by the tests). */
  readStats: ReadStats;
}

export interface ReadStats {
  /** Bytes of the largest payroll or sales value parsed at once (a payslip, a sale, a payment's own member). */
  largestValue: number;
  /** Most payslips or sales parsed and waiting to be handed out at one time (one chunk's worth). */
  mostQueued: number;
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
async function* arrayItems<T>(
  file: string,
  range: Range,
  validated: FileVersion,
  stats: ReadStats,
  onBytes?: (n: number) => void,
): AsyncGenerator<T> {
  await checkUnchanged(file, validated);
  const items: T[] = [];
  const splitter = new JsonSplitter({
    descend: (path) => path.length === 0,
    value: (_path, v, bytes) => {
      noteLargest(stats, bytes);
      items.push(v as T);
    },
  });
  splitter.startAt(range.start);
  const source = chunks(file, range.start, range.end, onBytes);
  try {
    for await (const chunk of source) {
      splitter.write(chunk);
      noteQueued(stats, items.length);
      for (let i = 0; i < items.length; i++) yield items[i];
      items.length = 0;
    }
    splitter.end();
    yield* items;
  } finally {
    await source.return(undefined);
  }
}

async function checkUnchanged(file: string, validated: FileVersion): Promise<void> {
  const now = await version(file);
  if (now.size !== validated.size || now.mtimeMs !== validated.mtimeMs) throw new FileChangedError(file);
}

const noteQueued = (stats: ReadStats, n: number): void => void (n > stats.mostQueued && (stats.mostQueued = n));
const noteLargest = (stats: ReadStats, n: number): void => void (n > stats.largestValue && (stats.largestValue = n));

/** What a payments list yields, in file order: a payment (its own members), its payslips, the end of its payslips. */
type PagoEvent = { kind: 'pago'; value: PagoStreamInput } | { kind: 'payslip'; value: PagoEmpleadoInput } | { kind: 'end' };

/**
 * The payments of the JSON array at `range`, each handed out when its `empleados` list opens, with
 * its payslips read on from the same stream as they are iterated. A payment's members must then
 * be known: those written after `empleados` (any order is valid JSON) were kept by the first pass
 * (`late`, by payment index) and are taken from there.
 */
async function* pagoItems(
  file: string,
  range: Range,
  validated: FileVersion,
  late: ReadonlyMap<number, Record<string, unknown>> | undefined,
  stats: ReadStats,
  onBytes?: (n: number) => void,
): AsyncGenerator<PagoStreamInput> {
  await checkUnchanged(file, validated);
  let events: PagoEvent[] = [];
  let at = 0;
  let header: Record<string, unknown> = {};
  let inPayslips = false;
  const splitter = new JsonSplitter({
    descend: (path, kind) =>
      path.length === 0 || (path.length === 1 && kind === '{') || (path.length === 2 && path[1] === 'empleados' && kind === '['),
    open: (path) => {
      if (path.length === 1) header = {};
      else if (path.length === 2) {
        inPayslips = true;
        const value = (late?.get(path[0] as number) ?? header) as unknown as PagoStreamInput;
        events.push({ kind: 'pago', value });
      }
    },
    close: (path) => {
      if (path.length === 2) {
        inPayslips = false;
        events.push({ kind: 'end' });
      }
    },
    value: (path, v, bytes) => {
      noteLargest(stats, bytes);
      if (path.length === 3) events.push({ kind: 'payslip', value: v as PagoEmpleadoInput });
      else if (path.length === 2 && !inPayslips) setMember(header, path[1] as string, v);
    },
  });
  splitter.startAt(range.start);
  const source = chunks(file, range.start, range.end, onBytes);
  let finished = false;
  const next = async (): Promise<PagoEvent | undefined> => {
    while (at >= events.length) {
      if (finished) return undefined;
      events = [];
      at = 0;
      const chunk = await source.next();
      if (chunk.done) {
        finished = true;
        splitter.end();
      } else splitter.write(chunk.value);
      noteQueued(stats, events.length);
    }
    return events[at++];
  };
  try {
    for (;;) {
      let event = await next();
      // Payslips the consumer left unread (it may stop early) are skipped up to the next payment.
      while (event && event.kind !== 'pago') event = await next();
      if (!event) return;
      let ended = false;
      const payslips = async function* (): AsyncGenerator<PagoEmpleadoInput> {
        while (!ended) {
          const e = await next();
          if (!e || e.kind !== 'payslip') ended = true;
          else yield e.value;
        }
      };
      yield { ...event.value, empleados: { [Symbol.asyncIterator]: payslips } };
      ended = true;
    }
  } finally {
    await source.return(undefined);
  }
}

/** A collection read again from the file every time it is iterated. */
function fileCollection<T>(iterate: () => AsyncIterator<T>): AsyncIterable<T> {
  return { [Symbol.asyncIterator]: iterate };
}

/** An own property even when the name is "__proto__", as JSON.parse would make it. */
function setMember(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Progress of the validation passes, in MB of the file (the shape of loadDataset's onProgress). */
export type ScanProgress = (event: { phase: string; done: number; total: number; unit: string }) => void;

/** Both validation passes of a file on its own (CONTRACT §6): what a plain or a replacing import checks before it opens its transaction. */
export async function scanDatasetFile(file: string, onProgress?: ScanProgress, hasher?: PasswordHasher): Promise<DatasetScan> {
  const read = await readDatasetFile(file, onProgress, hasher);
  return { ...read, problems: (await read.checkReferences()).problems };
}

/** The first pass's result, with the second pass still to run: a merge runs it on its connection, the stored tenant counting too. */
export interface DatasetRead {
  /** Syntax, NUL and schema problems (the second pass adds the references'). */
  problems: ImportProblem[];
  dataset: StreamedDataset;
  totals: { lineasNomina: number; lineasVenta: number };
  timings: { read: number; validate: number };
  /**
   * The reference and uniqueness rules (pass 2), reported after the first pass's problems. With
   * `merge`, against the file and the stored tenants on that connection; `stored` holds each
   * tenant's StoredTenant (by tenant index) for the load.
   */
  checkReferences(merge?: { client: Client }): Promise<{ problems: ImportProblem[]; stored: StoredTenant[] }>;
  /**
   * Pass 2 fused into a plain load (two reads of the file instead of three): the rules checked as
   * the load reads each tenant. When they fail the load, checkReferences (still possible) lists the problems.
   */
  checkWhileLoading(): ReferencesWhileLoading;
}

/** With `hasher`, each user's password is queued for hashing as the user is read (see PasswordHasher). */
export async function readDatasetFile(file: string, onProgress?: ScanProgress, hasher?: PasswordHasher): Promise<DatasetRead> {
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
  // Texts holding U+0000, in file order, reported before everything else (as validateDataset does).
  const textProblems = new ProblemList();
  const shellProblems = new ProblemList();
  const itemProblems = new ProblemList();
  const schema = new SchemaCheck(itemProblems);
  let root: unknown;
  let tenants: unknown[] | undefined;
  // Per tenant, where each of its long lists lies: read again for the rules and the load (see below).
  const ranges: Partial<Record<ListField, Range>>[] = [];
  // Per tenant, the members of each payment that has some after its `empleados` list (see pagoItems).
  const lateMembers: Map<number, Record<string, unknown>>[] = [];
  const totals = { lineasNomina: 0, lineasVenta: 0 };
  const isBulk = (key: PathSegment): key is BulkField => (BULK_FIELDS as readonly PathSegment[]).includes(key);
  const listOf = (path: readonly PathSegment[]): Partial<Record<ListField, Range>> => (ranges[path[1] as number] ??= {});
  // Uniqueness of the bulk uuids without a set of all of them (see UuidPrefilter).
  let prefilter: UuidPrefilter | undefined = new UuidPrefilter(size);
  const tenantShell = (i: number): Record<string, unknown> => tenants![i] as Record<string, unknown>;
  const readStats: ReadStats = { largestValue: 0, mostQueued: 0 };
  const isPagos = (path: readonly PathSegment[]): boolean => path[2] === 'pagos';

  // The payment being read in parts: its members, and its payslips' schema problems, reported after
  // the payment's own ones as for a whole payment (see SchemaCheck.pagoHeader).
  let pago: Record<string, unknown> = {};
  let pagoPayslips = 0;
  let payslipProblems: ProblemList | undefined;
  let afterPayslips = false;
  let late = false;

  /**
   * An item of a catalog list (employees, contributor types, concepts, payment groups, categories,
   * products, suppliers): checked against its schema as it is read and not kept — the rules and
   * the load read the list again from the file (a list of 3 million suppliers never sits in
   * memory). Suppliers leave their key in the prefilter, for their uniqueness.
   */
  const catalogItem = (field: ListField, value: unknown, path: readonly PathSegment[]): void => {
    if (!schema.item(field, value, path[1] as number, path[3] as number) || field !== 'proveedores') return;
    const p = value as ProveedorInput;
    prefilter!.addKey(SUPPLIER_KIND, supplierUniqueKey(path[1] as number, p));
  };

  const payslip = (value: unknown, path: readonly PathSegment[]): void => {
    const problems = (payslipProblems ??= new ProblemList());
    if (!schema.payslip(value, path[1] as number, path[3] as number, path[5] as number, problems)) return;
    const pe = value as PagoEmpleadoInput;
    prefilter!.add(PAYSLIP, pe.uuid);
    for (const d of pe.detalles) prefilter!.add(LINE, d.uuid);
    totals.lineasNomina += pe.detalles.length;
  };

  const splitter = new JsonSplitter({
    nul: (path) => textProblems.add(path, NUL_MESSAGE),
    // The spine: root object, its "tenants" list, each tenant object, each tenant's pagos and
    // ventas lists, each payment object and its empleados list.
    // A tenant's catalog lists (employees...) are walked too: built item by item, so a list of
    // 100,000 employees never sits in memory as text next to its parsed copy.
    descend: (path, kind) =>
      (path.length === 0 && kind === '{') ||
      (path.length === 1 && path[0] === 'tenants' && kind === '[') ||
      (path.length === 2 && kind === '{') ||
      (path.length === 3 && kind === '[') ||
      (path.length === 4 && isPagos(path) && kind === '{') ||
      (path.length === 5 && isPagos(path) && path[4] === 'empleados' && kind === '['),
    open: (path, _kind, offset) => {
      if (path.length === 0) root = {};
      else if (path.length === 1) setMember(root as Record<string, unknown>, 'tenants', (tenants = []));
      else if (path.length === 2) tenants![path[1] as number] = {};
      else if (path.length === 3) {
        // The long lists are left empty in the shell (its schema only asks for a list); their items are checked as they come.
        setMember(tenantShell(path[1] as number), path[2] as string, []);
        if (isListField(path[2])) listOf(path)[path[2]] = { start: offset, end: offset };
      } else if (path.length === 4) {
        pago = {};
        pagoPayslips = 0;
        afterPayslips = late = false;
      } else {
        if (pagoPayslips++) schema.repeated(path[1] as number, path[3] as number, 'empleados');
        setMember(pago, 'empleados', []);
      }
    },
    close: (path, offset) => {
      if (path.length === 3) {
        if (isListField(path[2])) listOf(path)[path[2]]!.end = offset;
      } else if (path.length === 5) afterPayslips = true;
      else if (path.length === 4) {
        const [, t, , j] = path as [string, number, string, number];
        schema.pagoHeader(pago, t, j);
        if (payslipProblems) itemProblems.addAll(payslipProblems);
        payslipProblems = undefined;
        if (late) {
          const { empleados: _payslips, ...members } = pago;
          (lateMembers[t] ??= new Map()).set(j, members);
        }
      }
    },
    value: (path, value, bytes) => {
      if (path.length > 3 && !isBulk(path[2])) {
        // An item of a catalog list (see descend), or of a short list kept in the shell (businesses, users).
        if (isListField(path[2])) catalogItem(path[2], value, path);
        else {
          (tenantShell(path[1] as number)[path[2] as string] as unknown[])[path[3] as number] = value;
          if (path[2] === 'usuarios' && path.length === 4) hasher?.add(value);
        }
        return;
      }
      if (path.length > 3) noteLargest(readStats, bytes);
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
          if (isListField(path[2])) delete ranges[path[1] as number]?.[path[2]];
          return;
        case 5:
          // A member of a payment read in parts (a payment that is no object arrives whole, below).
          setMember(pago, path[4] as string, value);
          if (afterPayslips) late = true;
          return;
        case 6:
          payslip(value, path);
          return;
        default: {
          const field = path[2] as BulkField;
          if (!schema.item(field, value, path[1] as number, path[3] as number)) return;
          if (field === 'pagos') return; // not an object: the schema has said so
          prefilter!.add(SALE, (value as VentaInput).uuid);
          totals.lineasVenta += (value as VentaInput).lineas.length;
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
    const onBytes = (n: number): void => progress(n);
    // The rules and the load read every long list again from the file, one chunk's worth at a time.
    // The catalogs have their own stats: readStats bounds the payroll and sales values.
    for (const [field, range] of Object.entries(ranges[i] ?? {}) as [ListField, Range][]) {
      const lists = shell as unknown as Record<ListField, unknown>;
      if (field === 'pagos') lists.pagos = fileCollection(() => pagoItems(file, range, validated, lateMembers[i], readStats, onBytes));
      else if (field === 'ventas') lists.ventas = fileCollection(() => arrayItems(file, range, validated, readStats, onBytes));
      else lists[field] = fileCollection(() => arrayItems(file, range, validated, { largestValue: 0, mostQueued: 0 }, onBytes));
    }
    return shell;
  });
  // Nothing may keep the parsed shell (the callbacks above still see these variables).
  root = tenants = undefined;
  const firstPass = new ProblemList();
  firstPass.addAll(textProblems);
  firstPass.addAll(shellProblems);
  firstPass.addAll(itemProblems);
  const result: DatasetRead = {
    problems: firstPass.toArray(),
    dataset: { tenants: streamed, readStats },
    totals,
    timings: { read: (readAt - started) / 1000, validate: 0 },
    checkReferences: async (merge) => {
      // The second pass reads the long lists' ranges (and the load a third time: no progress then, loadDataset has its own).
      const checkStarted = performance.now();
      phase = 'validando';
      read = 0;
      total = ranges.reduce((sum, r) => sum + Object.values(r ?? {}).reduce((s, range) => s + range.end - range.start + 1, 0), 0);
      const problems = new ProblemList();
      problems.addAll(firstPass);
      // Its bits (up to 32 MB for a large file) are not needed by the load: released once the rules have run.
      const filter = prefilter;
      prefilter = undefined;
      if (!filter) throw new Error('checkReferences runs once per read');
      const stored = rootBroken ? [] : await checkReferencesStreamed(streamed, broken, problems, filter, merge);
      onProgress = undefined;
      result.timings.validate = (performance.now() - checkStarted) / 1000;
      return { problems: problems.toArray(), stored };
    },
    checkWhileLoading: () => {
      if (!prefilter || firstPass.count) throw new Error('checkWhileLoading needs a first pass without problems');
      // The load reports its own progress.
      onProgress = undefined;
      return new ReferencesWhileLoading(prefilter);
    },
  };
  return result;
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

import type { Client } from 'pg';
import {
  BinaryCopy,
  BinaryRows,
  centsText,
  copyBinary,
  copyEncoded,
  copyText,
  dateDays,
  FIELD_BYTES,
  ImportError,
  loadInBatches,
  SAFE,
  TABLES,
  type TableTarget,
  toCents,
  toUnits,
  unitsText,
  uuidBytes,
  uuidKey,
} from '@nomina-api/platform/bulk';
import { type PagoFrame, type PagoEmpleadoSums, AcumuladoAnual } from './acumulado-anual';
import { type ConceptoAno, ConceptoAnual } from './concepto-anual';
import type { DetalleInput, PagoEmpleadoInput, PagoStreamInput } from './dataset.types';
import type { ConceptoInfo, NominaRefs } from './load-catalogos';
import { NOMINA_COLUMNS as COLUMNS } from './tables';

/**
 * Payments, payslips and concept lines, with every total derived here while the lines stream by
 * (nothing in the file is a total, CONTRACT §3): per payslip the DEVENGADO / DEDUCCION sums and
 * the same over baseAportes concepts; per payment the sums of its payslips; per payment and
 * concept the summed quantity and value and how many payslips have it; per bond and calendar year
 * the sums of its definitive payslips (vinculacion_acumulado_anual, see AcumuladoAnual); per bond,
 * concept and calendar year the sums of its definitive lines (vinculacion_concepto_anual, see
 * ConceptoAnual).
 * Lines and payslips travel in binary COPY format (see binary-copy.ts); payments and their
 * concept totals, a few rows per batch, as text; the yearly rollups, as text at the end.
 */

export interface PagosCounts {
  pagos: number;
  pagosEmpleado: number;
  lineas: number;
}

export interface PagosContext {
  client: Client;
  tenantKey: string;
  refs: NominaRefs;
  /** Called now and then with the number of lines written by this call so far. */
  onLines: (lines: number) => void;
  /** The tables written (a merge stages its rows first); the real ones by default. */
  into?: TableTarget;
  /** False: no yearly rollup rows (a merge rebuilds the rows it changes, merge-pagos.ts). */
  rollup?: boolean;
}

const BATCH_LINES = 200_000;

/**
 * Payslips are written in uuid order within runs of about this many lines (a whole payment, unless
 * it is bigger): enough for the index sweep keyOrder buys, while a payment of a million payslips
 * never sits in memory.
 */
export const SORT_RUN_LINES = 50_000;

/** A batch holding this many payslip rows is sent even in the middle of a payment (~250 bytes each). */
export const BATCH_PAGOS_EMPLEADO = 40_000;

/** Upper bounds of one binary row, so a row never straddles two chunks. */
const detailRowBytes = (code: string): number => 4 * FIELD_BYTES.uuid + FIELD_BYTES.text(code) + 2 * FIELD_BYTES.numeric;
const PAYSLIP_ROW_BYTES = 5 * FIELD_BYTES.uuid + 7 * FIELD_BYTES.numeric + FIELD_BYTES.int32 + 2 * FIELD_BYTES.date + FIELD_BYTES.bool;

/** Per concept of one payment, indexed by ConceptoInfo.index. */
interface ConceptSums {
  units: number[];
  cents: number[];
  payslips: number[];
  lastPayslip: number[];
  used: boolean[];
}

interface Batch {
  pagoRows: string[];
  conceptRows: string[];
  payslips: BinaryRows;
  /** Totals of payments whose row was written early (see writePago): [pago key, dev, ded, payslips]. */
  lateTotals: [string, number, number, number][];
}

const newBatch = (): Batch => ({ pagoRows: [], conceptRows: [], payslips: new BinaryRows(), lateTotals: [] });

export async function loadPagos(
  ctx: PagosContext,
  pagos: Iterable<PagoStreamInput> | AsyncIterable<PagoStreamInput>,
): Promise<PagosCounts> {
  const counts: PagosCounts = { pagos: 0, pagosEmpleado: 0, lineas: 0 };
  const tenantBytes = uuidBytes(ctx.tenantKey);
  const into = ctx.into ?? TABLES;
  let batch = newBatch();
  const bonds = ctx.refs.vinculaciones;
  const rollup = new AcumuladoAnual(bonds.size, (n) => bonds.key(n));
  const codes: string[] = [];
  for (const [codigo, c] of ctx.refs.conceptos) codes[c.index] = codigo;
  const conceptRollup = new ConceptoAnual(codes, bonds.size, (n) => bonds.key(n));
  await loadInBatches(pagos, {
    batchLines: BATCH_LINES,
    openLines: () => BinaryCopy.open(ctx.client, into('pago_empleado_detalle'), COLUMNS.pago_empleado_detalle),
    writeItem: async (pago, lines, split) => {
      const written = await writePago(ctx, tenantBytes, pago, { lines, split, batch: () => batch }, counts, rollup, conceptRollup);
      counts.pagos++;
      return written;
    },
    flushBatch: async () => {
      // Parents first: pago_empleado and pago_concepto_total reference pago.
      await copyEncoded(ctx.client, into('pago'), COLUMNS.pago, batch.pagoRows);
      await copyBinary(ctx.client, into('pago_empleado'), COLUMNS.pago_empleado, batch.payslips);
      await copyEncoded(ctx.client, into('pago_concepto_total'), COLUMNS.pago_concepto_total, batch.conceptRows);
      for (const [key, dev, ded, payslips] of batch.lateTotals) {
        await ctx.client.query(
          `update ${into('pago')} set total_devengados = $3, total_deducciones = $4, total_neto = $5, numero_empleados = $6 where tenant_id = $1 and id = $2`,
          [ctx.tenantKey, key, centsText(dev), centsText(ded), centsText(dev - ded), payslips],
        );
      }
      batch = newBatch();
    },
  });
  if (ctx.rollup !== false) {
    await copyEncoded(ctx.client, 'vinculacion_acumulado_anual', COLUMNS.vinculacion_acumulado_anual, rollup.rows(ctx.tenantKey), () =>
      ctx.onLines(counts.lineas),
    );
    await copyEncoded(ctx.client, 'vinculacion_concepto_anual', COLUMNS.vinculacion_concepto_anual, conceptRollup.rows(ctx.tenantKey), () =>
      ctx.onLines(counts.lineas),
    );
  }
  ctx.onLines(counts.lineas);
  return counts;
}

function emptyConceptSums(size: number): ConceptSums {
  return {
    units: new Array<number>(size).fill(0),
    cents: new Array<number>(size).fill(0),
    payslips: new Array<number>(size).fill(0),
    lastPayslip: new Array<number>(size).fill(-1),
    used: new Array<boolean>(size).fill(false),
  };
}

/** Where a payment's rows go: the batch's line COPY (replaced when the batch is split) and its buffered rows. */
interface PagoSink {
  lines: BinaryCopy;
  split: () => Promise<BinaryCopy>;
  batch: () => Batch;
}

/** A payslip waiting in a sort run, with its position in the payment. */
interface Pending {
  pe: PagoEmpleadoInput;
  key: string;
  index: number;
}

async function writePago(
  ctx: PagosContext,
  tenantBytes: Uint8Array,
  pago: PagoStreamInput,
  sink: PagoSink,
  counts: PagosCounts,
  rollup: AcumuladoAnual,
  conceptRollup: ConceptoAnual,
): Promise<number> {
  const key = uuidKey(pago.uuid);
  const frame: PagoFrame = {
    key,
    bytes: uuidBytes(key),
    fechaDesde: dateDays(pago.fechaDesde),
    fechaPago: dateDays(pago.fechaPago),
    definitivo: pago.definitivo,
  };
  // Only definitive payments accumulate (CONTRACT §3.7).
  const year = pago.definitivo && ctx.rollup !== false ? rollup.year(Number(pago.fechaDesde.slice(0, 4))) : undefined;
  const pagoId = year ? rollup.payment(key) : -1;
  const conceptYear = year ? conceptRollup.year(Number(pago.fechaDesde.slice(0, 4))) : undefined;
  const sums = emptyConceptSums(ctx.refs.conceptos.size);
  const total = { dev: 0, ded: 0, abs: 0, unitsAbs: 0 };
  let written = 0;
  let payslips = 0;
  // The payment's row went to the database early (with zero totals) because its payslips filled a batch.
  let provisional = false;
  let run: Pending[] = [];
  let runLines = 0;

  const writeRun = async (): Promise<void> => {
    for (const { pe, index } of keyOrder(run)) {
      const peBytes = uuidBytes(pe.uuid);
      const s = writeLines(ctx, tenantBytes, frame, pe, peBytes, index, sink.lines.rows, sums, total, conceptYear);
      written += pe.detalles.length;
      counts.lineas += pe.detalles.length;
      total.dev += s.dev;
      total.ded += s.ded;
      total.abs += s.abs;
      const bond = writePayslip(ctx, tenantBytes, frame, pe, peBytes, s, sink.batch().payslips);
      if (year) rollup.add(year, bond, frame, pagoId, s);
      // Sending between payslips keeps the line loop synchronous; a chunk holds many payslips.
      if (sink.lines.rows.hasFullChunks) {
        ctx.onLines(counts.lineas);
        await sink.lines.sendFull();
      }
    }
    run = [];
    runLines = 0;
    if (sink.batch().payslips.rows >= BATCH_PAGOS_EMPLEADO) {
      // pago_empleado references pago: the payment's row must be there before its payslips.
      if (!provisional) sink.batch().pagoRows.push(pagoRow(ctx.tenantKey, key, pago, 0, 0, 0));
      provisional = true;
      sink.lines = await sink.split();
    }
  };

  const add = async (pe: PagoEmpleadoInput): Promise<void> => {
    run.push({ pe, key: uuidKey(pe.uuid), index: payslips++ });
    runLines += pe.detalles.length;
    if (runLines >= SORT_RUN_LINES) await writeRun();
  };
  const items = pago.empleados;
  if (Symbol.asyncIterator in items) for await (const pe of items) await add(pe);
  else for (const pe of items) await add(pe);
  await writeRun();
  counts.pagosEmpleado += payslips;

  if (total.abs > SAFE || total.unitsAbs > SAFE) {
    throw new ImportError('TOTAL_OUT_OF_RANGE', `Los totales del pago ${pago.uuid} superan el rango que se puede sumar con exactitud`);
  }
  const batch = sink.batch();
  // The line COPY is still open: an early row's totals are set when the batch is sent.
  if (provisional) batch.lateTotals.push([key, total.dev, total.ded, payslips]);
  else batch.pagoRows.push(pagoRow(ctx.tenantKey, key, pago, total.dev, total.ded, payslips));
  for (const [codigo, c] of ctx.refs.conceptos) {
    if (!sums.used[c.index]) continue;
    batch.conceptRows.push(
      `${ctx.tenantKey}\t${key}\t${copyText(codigo)}\t${unitsText(sums.units[c.index])}\t${centsText(sums.cents[c.index])}\t${sums.payslips[c.index]}\n`,
    );
  }
  return written;
}

/**
 * Payslips in uuid order. The line and payslip keys start with the payslip uuid; random uuids in
 * file order make every insert land on a random index page, while in key order one payment sweeps
 * the index once (measured: ~25% less server time per line).
 */
function keyOrder(run: Pending[]): Pending[] {
  return run.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

function writeLines(
  ctx: PagosContext,
  tenantBytes: Uint8Array,
  pago: PagoFrame,
  pe: PagoEmpleadoInput,
  peBytes: Uint8Array,
  payslipIndex: number,
  rows: BinaryRows,
  sums: ConceptSums,
  total: { unitsAbs: number },
  conceptYear: ConceptoAno | undefined,
): PagoEmpleadoSums {
  const s: PagoEmpleadoSums = { dev: 0, ded: 0, aportesDev: 0, aportesDed: 0, aportesLines: 0, abs: 0 };
  // An unknown bond adds nothing here: writePayslip refuses it right after.
  const bond = conceptYear ? ctx.refs.vinculaciones.number(pe.vinculacion) : -1;
  for (const d of pe.detalles) {
    const c = concept(ctx, d);
    const cents = toCents(d.valor);
    const units = toUnits(d.cantidad ?? 0);
    if (c.devengado) s.dev += cents;
    else s.ded += cents;
    if (c.baseAportes) {
      if (c.devengado) s.aportesDev += cents;
      else s.aportesDed += cents;
      s.aportesLines++;
    }
    s.abs += cents < 0 ? -cents : cents;
    total.unitsAbs += units < 0 ? -units : units;
    const i = c.index;
    sums.cents[i] += cents;
    sums.units[i] += units;
    sums.used[i] = true;
    if (bond >= 0) conceptYear!.add(bond, i, units, cents);
    if (sums.lastPayslip[i] !== payslipIndex) {
      sums.lastPayslip[i] = payslipIndex;
      sums.payslips[i]++;
    }
    rows
      .row(7, detailRowBytes(d.concepto))
      .uuid(tenantBytes)
      .uuid(peBytes)
      .uuidText(d.uuid)
      .uuid(pago.bytes)
      .text(d.concepto)
      .numeric(units, 4)
      .numeric(cents, 2);
  }
  return s;
}

function concept(ctx: PagosContext, d: DetalleInput): ConceptoInfo {
  const c = ctx.refs.conceptos.get(d.concepto);
  if (!c) throw new ImportError('INVALID_REFERENCE', `El concepto ${d.concepto} del detalle ${d.uuid} no existe en el tenant`);
  return c;
}

function writePayslip(
  ctx: PagosContext,
  tenantBytes: Uint8Array,
  pago: PagoFrame,
  pe: PagoEmpleadoInput,
  peBytes: Uint8Array,
  s: PagoEmpleadoSums,
  rows: BinaryRows,
): number {
  const bond = ctx.refs.vinculaciones.number(pe.vinculacion);
  if (bond < 0)
    throw new ImportError('INVALID_REFERENCE', `La vinculación ${pe.vinculacion} de la nómina ${pe.uuid} no existe en el tenant`);
  const refs = ctx.refs.vinculaciones.bytes;
  rows
    .row(16, PAYSLIP_ROW_BYTES)
    .uuid(tenantBytes)
    .uuid(peBytes)
    .uuid(pago.bytes)
    .uuidFrom(refs, bond * 32)
    .uuidFrom(refs, bond * 32 + 16)
    .numeric(toCents(pe.salarioBase), 2)
    .numeric(toUnits(pe.diasTrabajados ?? 30), 4)
    .numeric(s.dev, 2)
    .numeric(s.ded, 2)
    .numeric(s.dev - s.ded, 2)
    .numeric(s.aportesDev, 2)
    .numeric(s.aportesDed, 2)
    .int32(s.aportesLines)
    .date(pago.fechaDesde)
    .date(pago.fechaPago)
    .bool(pago.definitivo);
  return bond;
}

const flag = (value: boolean | undefined): string => (value ? 't' : 'f');
const nullableFlag = (value: boolean | null | undefined): string => (value == null ? '\\N' : value ? 't' : 'f');

function pagoRow(tenantKey: string, pagoKey: string, p: PagoStreamInput, dev: number, ded: number, payslips: number): string {
  return (
    `${tenantKey}\t${pagoKey}\t${p.ano}\t${p.mes}\t${copyText(p.descripcion)}\t${p.fechaDesde}\t${p.fechaHasta}\t${p.fechaPago}` +
    `\t${p.estado}\t${p.tipoPago}\t${flag(p.definitivo)}\t${flag(p.incluirPrima)}\t${flag(p.incluirInteresesCesantias)}` +
    `\t${flag(p.generoPlano)}\t${flag(p.egresoConErrores)}\t${flag(p.pendienteGenerarEgreso)}` +
    `\t${nullableFlag(p.pendienteGenerarIngreso)}\t${nullableFlag(p.ingresoConErrores)}` +
    `\t${p.grupoPago == null ? '\\N' : uuidKey(p.grupoPago)}` +
    `\t${centsText(dev)}\t${centsText(ded)}\t${centsText(dev - ded)}\t${payslips}\n`
  );
}

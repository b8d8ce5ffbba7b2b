/**
 * Micro-benchmark: compiled legacy JSON writer vs JSON.stringify on the same payroll rows.
 *
 *   node tools/run-ts.js bench/legacy-json.bench.ts [--quick]
 *
 * Rows are payment headers shaped like the `/pagos` handler's `PagoView` (uuids and dates as text,
 * `numeric` amounts as decimal strings, ints, booleans, a nullable nested grupoPago) and are written
 * with the endpoint's own schema, PAGO_SCHEMA.
 * "+utf8" variants also encode the result to a Buffer, as sending it on the socket does; that
 * includes flattening the concatenated (rope) string, which JSON.stringify output doesn't need.
 * Goal: writer <= 1.5x the JSON.stringify time. Pass --quick for a shorter run.
 */
import { envelopeWriter } from '@nomina-api/platform/http';
import { PAGO_SCHEMA, type PagoView } from '@nomina-api/nomina/testing';

// Deterministic PRNG so runs are comparable.
let seed = 0x2f6b_1a3d;
function rand(): number {
  seed = (seed * 1_103_515_245 + 12_345) >>> 0;
  return seed / 2 ** 32;
}
function hex(n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += '0123456789abcdef'[Math.floor(rand() * 16)];
  return s;
}
function uuid(): string {
  return `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;
}
function pad(n: number): string {
  return n < 10 ? '0' + n : '' + n;
}
function money(max: number): string {
  // pg numeric(18,2) text: always two decimals.
  const cents = Math.floor(rand() * max * 100);
  return (cents / 100).toFixed(2);
}

const grupos = Array.from({ length: 8 }, (_, i) => ({ uuid: uuid(), codigo: `G${i + 1}`, nombre: `Grupo de pago ${i + 1} – Bogotá` }));
const DESCRIPCIONES = ['Nómina quincenal', 'Prima de servicios', 'Liquidación definitiva', 'Nomina mensual administrativos', 'Vacaciones'];

/** A payment header as the `/pagos` handler hands it to the writer (`PagoView`, real wire schema). */
function pagoRow(i: number): PagoView {
  const ano = 2020 + (i % 5);
  const mes = 1 + (i % 12);
  const devengado = money(250_000_000);
  const deducido = money(20_000_000);
  return {
    uuid: uuid(),
    ano,
    mes,
    descripcion: DESCRIPCIONES[i % DESCRIPCIONES.length],
    fechaDesde: `${ano}-${pad(mes)}-01`,
    fechaHasta: `${ano}-${pad(mes)}-28`,
    fechaPago: `${ano}-${pad(mes)}-30`,
    estado: 'PG',
    tipoPago: 'PE',
    definitivo: rand() < 0.8,
    incluirPrima: rand() < 0.2,
    incluirInteresesCesantias: false,
    generoPlano: 1,
    egresoConErrores: 0,
    pendienteGenerarEgreso: 0,
    pendienteGenerarIngreso: rand() < 0.5 ? null : 0,
    ingresoConErrores: rand() < 0.5 ? null : 0,
    totalDevengados: devengado,
    totalDeducciones: deducido,
    totalNeto: (Number(devengado) - Number(deducido)).toFixed(2),
    numeroEmpleados: 1 + Math.floor(rand() * 400),
    grupoPago: rand() < 0.3 ? null : grupos[i % grupos.length],
  };
}

type Row = PagoView;

const writeCodegen = envelopeWriter<Row>(PAGO_SCHEMA);
const writeClosures = envelopeWriter<Row>(PAGO_SCHEMA, { mode: 'closures' });
const stringifyEnvelope = (rows: Row[], total: number) =>
  JSON.stringify({ contenido: rows, error: null, advertencia: null, metadata: null, total });

interface Variant {
  name: string;
  run: (rows: Row[]) => number;
}

const variants: Variant[] = [
  { name: 'JSON.stringify', run: (rows) => stringifyEnvelope(rows, rows.length).length },
  { name: 'writer (codegen)', run: (rows) => writeCodegen(rows, rows.length).length },
  { name: 'writer (closures)', run: (rows) => writeClosures(rows, rows.length).length },
  { name: 'JSON.stringify +utf8', run: (rows) => Buffer.from(stringifyEnvelope(rows, rows.length)).length },
  { name: 'writer (codegen) +utf8', run: (rows) => Buffer.from(writeCodegen(rows, rows.length)).length },
];

const quick = process.argv.includes('--quick');
const ROUNDS = quick ? 5 : 15;
const SLICE_MS = quick ? 60 : 150;

let sink = 0;

/**
 * Process CPU time (user + system, all threads, so GC helper threads count) rather than wall
 * time: the bench usually shares a small machine with other jobs, and CPU time is far less
 * sensitive to that. Ratios are taken within a round, then the median over rounds is reported.
 */
function cpuMicros(): number {
  const u = process.cpuUsage();
  return u.user + u.system;
}

/** CPU microseconds per op over a slice of roughly SLICE_MS. */
function microsPerOp(v: Variant, rows: Row[]): number {
  let ops = 0;
  const start = cpuMicros();
  let spent = 0;
  while (spent < SLICE_MS * 1000) {
    for (let k = 0; k < 2; k++) sink += v.run(rows);
    ops += 2;
    spent = cpuMicros() - start;
  }
  return spent / ops;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function bench(pageSize: number): void {
  // Several distinct pages so the writer does not see one object shape repeatedly in cache.
  const pages = Array.from({ length: pageSize >= 1000 ? 2 : 50 }, (_, p) =>
    Array.from({ length: pageSize }, (_, i) => pagoRow(p * pageSize + i)),
  );
  let pageIndex = 0;
  const nextPage = () => pages[pageIndex++ % pages.length];

  // Sanity: every generated row is accepted, and both compilers agree byte for byte.
  for (const page of pages) writeCodegen(page, page.length);
  if (writeCodegen(pages[0], pageSize) !== writeClosures(pages[0], pageSize)) throw new Error('codegen and closures disagree');

  const micros = new Map<string, number[]>(variants.map((v) => [v.name, []]));
  const ratios = new Map<string, number[]>(variants.map((v) => [v.name, []]));
  for (const v of variants) microsPerOp(v, nextPage()); // warm-up (JIT)
  for (let r = 0; r < ROUNDS; r++) {
    const round = new Map(variants.map((v) => [v.name, microsPerOp(v, nextPage())]));
    for (const v of variants) {
      const us = round.get(v.name)!;
      micros.get(v.name)!.push(us);
      ratios.get(v.name)!.push(us / round.get(v.name.endsWith('+utf8') ? 'JSON.stringify +utf8' : 'JSON.stringify')!);
    }
  }

  const bytes = Buffer.byteLength(writeCodegen(pages[0], pageSize));
  console.log(`\npage of ${pageSize} rows (${(bytes / 1024).toFixed(1)} KiB), CPU time, median of ${ROUNDS} rounds`);
  console.log('variant                       ops/s       us/op   time vs JSON.stringify');
  for (const v of variants) {
    const us = median(micros.get(v.name)!);
    const ratio = median(ratios.get(v.name)!);
    console.log(`${v.name.padEnd(26)} ${(1e6 / us).toFixed(0).padStart(8)} ${us.toFixed(1).padStart(11)}   ${ratio.toFixed(2)}x`);
  }
}

console.log(`node ${process.version}; goal: writer <= 1.50x JSON.stringify`);
bench(20);
bench(5000);
if (sink === 42) console.log('');

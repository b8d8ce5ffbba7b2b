/**
 * Import throughput and memory.
 *
 *   node tools/run-ts.js bench/import.bench.ts [load] [--lines=1000000] [--lazy]
 *     Builds a dataset with about --lines payslip lines plus sales (in memory like a parsed file;
 *     --lazy streams it from generators instead, timing the generator too), loads it with
 *     loadDataset into a scratch database and prints lines/s and each phase's wall and PostgreSQL
 *     CPU time. --one-payment [--employees=N]: the one-payment shape of the file mode below.
 *   node tools/run-ts.js bench/import.bench.ts demo [--scale=medium]
 *     Loads the demo generator's dataset (libs/importer/src/demo; lazy, 1.66 million payslip lines
 *     at medium scale), the realistic shape: ~12 lines per payslip, three tenants, suppliers.
 *   node tools/run-ts.js bench/import.bench.ts file [--lines=1000000]
 *     Generates an import file of about --lines payslip lines (plus sales) straight to disk in
 *     /tmp (~215 bytes per payslip line), builds (npm run build; --no-build skips it) and runs
 *     the compiled import CLI on it (the streaming read, validation included) as a child process
 *     under /usr/bin/time, and reports wall time, payslip lines/s end to end and peak RSS.
 *   node tools/run-ts.js bench/import.bench.ts file --one-payment [--lines=1000000] [--employees=N]
 *     The same with every line in one payment: N payslips (one employee each; default lines / 6)
 *     of lines / N lines; the file that shows whether a single payment is held whole.
 *   node tools/run-ts.js bench/import.bench.ts files
 *     The same for 1 M and 5 M payslip lines (~215 MB and ~1.1 GB) and for one payment of 1 M
 *     lines, with a table for bench/RESULTS.md.
 *   node tools/run-ts.js bench/import.bench.ts merge [--scale=large] [--payslips=500] [--reuse] [--with-replace] [--no-checkpoint] [--wal-detail]
 *     The demo dataset at --scale loaded in-process (--reuse keeps it from a previous run), then one
 *     new payment of --payslips payslips (12 lines each, on the bonds of the tenant with the most
 *     payslips) merged into that tenant by the compiled CLI (`--merge`, under /usr/bin/time): wall
 *     time end to end, the WAL it wrote (pg_current_wal_lsn() difference, with the full-page images
 *     apart when pg_walinspect is there) against the size of the payment's rows. --with-replace
 *     then replaces that tenant whole (loadDataset in-process) for the same figures. Each merge
 *     follows a checkpoint (every page it changes is imaged); --no-checkpoint measures it right after
 *     the merge before it instead (only the pages that merge changed are not imaged again: a removal
 *     leaves the index pages an insert changes untouched). --wal-detail prints each merge's WAL by
 *     resource manager and by relation.
 *   node tools/run-ts.js bench/import.bench.ts tenants [--tenants=60] [--runs=1] [--keep-file] [--reuse-file] [--cpu-prof]
 *     A file of many tenants of the demo generator's shape (each an active demo tenant at demo
 *     scale from its own seed: 60 tenants give 1.1 M payslip lines, 210 users, 137 MB), imported by
 *     the compiled CLI like the file mode: wall time, the CLI's own summary, lines/s, peak RSS and
 *     the CPU of node and of PostgreSQL. --reuse-file imports the file a --keep-file run left;
 *     --cpu-prof has the CLI write a V8 CPU profile to $IMPORT_BENCH_DIR-prof; --cli=<import.js> runs
 *     another build's CLI on the same file.
 *
 * Always an embedded PostgreSQL in DATA_DIR=/tmp/import-bench ($IMPORT_BENCH_DIR) (database import_bench for the load
 * mode, the CLI's default database for the file mode), emptied first; with DATABASE_URL set, the
 * database import_bench on that server. Goal: >= 100,000 payslip lines/s.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg as osLoadavg } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { Client } from 'pg';
import { acquireDatabase, ensureDatabase, migrateDatabase } from '@nomina-api/platform/persistence';
import type { ConceptoInput, Dataset, PagoInput, TenantInput, VentaInput } from '@nomina-api/importer/dataset.types';
import { DEFAULT_SEED, datasetStats, generateDataset, type Scale } from '@nomina-api/importer/demo/generate-dataset';
import { writeDatasetFile } from '@nomina-api/importer/demo/write-dataset-file';
import { loadDataset } from '@nomina-api/importer/load-dataset';
import { createProgressReporter } from '@nomina-api/importer/progress';
import { ALL_TABLES } from '@nomina-api/importer/tables';
import { APP_SCHEMA } from '../apps/api/src/database/schema';
import { paymentOnStoredBonds } from '../scripts/lib/payroll-run';
import { cpuSplit, processTreeCpu } from './lib/measure';

const ROOT = join(__dirname, '..');
// IMPORT_BENCH_DIR moves the scratch cluster and file, so two checkouts can run this at once.
const DATA_DIR = process.env.IMPORT_BENCH_DIR ?? '/tmp/import-bench';
const DATABASE = 'import_bench';
const FILE = `${DATA_DIR}.json`;

function arg(name: string, fallback: number): number {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.split('=')[1]) : fallback;
}

// ---------------------------------------------------------------- generator

let seed = 0x1234_5678;
function rand(): number {
  seed = (seed * 1_103_515_245 + 12_345) >>> 0;
  return seed / 2 ** 32;
}
const hex8 = (x: number): string => (x >>> 0).toString(16).padStart(8, '0');
function mix(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d);
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b);
  return (x ^ (x >>> 16)) >>> 0;
}
/** Deterministic, unique per (kind, n), and in random order like real v4 uuids (index locality matters). */
function uuid(kind: number, n: number): string {
  const h = hex8(mix(n * 31 + kind)) + hex8(mix(n ^ (kind << 24))) + hex8(kind) + hex8(n);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
const money = (max: number): number => Math.round(rand() * max * 100) / 100;
const pad = (n: number): string => String(n).padStart(2, '0');

const CONCEPTS: ConceptoInput[] = [
  { codigo: '001', nombre: 'Sueldo básico', tipo: 'DEVENGADO', baseAportes: true },
  { codigo: '002', nombre: 'Auxilio de transporte', tipo: 'DEVENGADO' },
  { codigo: '003', nombre: 'Horas extra diurnas', tipo: 'DEVENGADO', baseAportes: true },
  { codigo: '004', nombre: 'Bonificación', tipo: 'DEVENGADO' },
  { codigo: '101', nombre: 'Salud', tipo: 'DEDUCCION', baseAportes: true },
  { codigo: '102', nombre: 'Pensión', tipo: 'DEDUCCION', baseAportes: true },
  { codigo: '103', nombre: 'Préstamo', tipo: 'DEDUCCION' },
];

interface Shape {
  employees: number;
  payments: number;
  /** Lines of each payslip beyond the usual ~6 (concepts repeat). */
  linesPerPayslip?: number;
  products: number;
  sales: number;
}

/**
 * About 6 lines per payslip, every employee in every payment. With `onePayment`, a single payment
 * of all the lines: `employees` payslips (each needs its own bond, so the employee list grows with
 * them) of lines / employees lines each.
 */
export function shapeFor(lines: number, onePayment = false, payslips = Math.ceil(lines / 6)): Shape {
  if (onePayment) {
    return {
      employees: payslips,
      payments: 1,
      linesPerPayslip: Math.round(lines / payslips),
      products: 500,
      sales: Math.round(lines / 10),
    };
  }
  const employees = Math.max(50, Math.round(Math.sqrt(lines / 6) * 4));
  const payments = Math.max(1, Math.ceil(lines / 6 / employees));
  return { employees, payments, products: 500, sales: Math.round(lines / 10) };
}

function* pagos(shape: Shape): Generator<PagoInput> {
  let payslip = 0;
  let line = 0;
  for (let p = 0; p < shape.payments; p++) {
    const ano = 2015 + Math.floor(p / 12);
    const mes = (p % 12) + 1;
    const empleados = [];
    for (let e = 0; e < shape.employees; e++) {
      const detalles = [];
      const codes = [...new Set(['001', '002', '101', '102', rand() < 0.5 ? '003' : '004', rand() < 0.5 ? '103' : '004'])];
      const count = shape.linesPerPayslip ?? codes.length;
      for (let k = 0; k < count; k++) {
        const codigo = codes[k % codes.length];
        detalles.push({
          uuid: uuid(7, line++),
          concepto: codigo,
          cantidad: codigo === '003' ? Math.round(rand() * 400) / 100 : 30,
          valor: money(3_000_000),
        });
      }
      empleados.push({ uuid: uuid(6, payslip++), vinculacion: uuid(5, e), salarioBase: money(9_000_000), diasTrabajados: 30, detalles });
    }
    yield {
      uuid: uuid(4, p),
      ano,
      mes,
      descripcion: `Nómina ${pad(mes)}/${ano}`,
      fechaDesde: `${ano}-${pad(mes)}-01`,
      fechaHasta: `${ano}-${pad(mes)}-28`,
      fechaPago: `${ano}-${pad(mes)}-28`,
      estado: 'PG',
      tipoPago: 'PE',
      definitivo: true,
      empleados,
    };
  }
}

function* ventas(shape: Shape): Generator<VentaInput> {
  for (let v = 0; v < shape.sales; v++) {
    const lineas = [];
    for (let l = 0; l < 3; l++) {
      lineas.push({
        producto: uuid(9, Math.floor(rand() * shape.products)),
        cantidad: 1 + Math.floor(rand() * 10),
        precioUnitario: money(90_000),
        costoPromedio: Math.round(rand() * 500_000_000) / 10000,
      });
    }
    const day = 1 + Math.floor(rand() * 28);
    yield { uuid: uuid(10, v), negocio: uuid(2, 0), fecha: `2023-03-${pad(day)}T12:00:00.000Z`, estado: 'Pagada', lineas };
  }
}

export function benchTenant(shape: Shape): TenantInput {
  return {
    uuid: uuid(1, 0),
    nit: '900000001',
    nombre: 'Bench S.A.S.',
    activo: true,
    nominaElectronica: { prefijo: 'NE', siguienteNumero: 1 },
    negocios: [
      {
        uuid: uuid(2, 0),
        nombre: 'Principal',
        suscripcion: { plan: 'PREMIUM', desde: '2020-01-01T00:00:00Z', hasta: '2099-01-01T00:00:00Z' },
      },
    ],
    usuarios: [
      {
        uuid: uuid(3, 0),
        email: 'bench@bench.example.co',
        password: 'bench-password',
        nombre: 'Bench',
        apellido: 'Mark',
        negocios: [uuid(2, 0)],
      },
    ],
    tiposCotizante: [{ codigo: '01', descripcion: 'Dependiente' }],
    conceptos: CONCEPTS,
    empleados: Array.from({ length: shape.employees }, (_, e) => ({
      uuid: uuid(8, e),
      tipoDocumento: 'CC' as const,
      identificacion: String(10_000_000 + e),
      nombres: `Nombre${e}`,
      apellidos: `Apellido ${e}`,
      vinculaciones: [
        { uuid: uuid(5, e), fechaIngreso: '2014-01-01', salarioBase: money(9_000_000), salarioIntegral: false, tipoCotizante: '01' },
      ],
    })),
    pagos: pagos(shape),
    categorias: [{ uuid: uuid(11, 0), nombre: 'General' }],
    productos: Array.from({ length: shape.products }, (_, i) => ({
      uuid: uuid(9, i),
      negocio: uuid(2, 0),
      categoria: uuid(11, 0),
      codigo: `P${i}`,
      nombre: `Producto ${i}`,
    })),
    ventas: ventas(shape),
    proveedores: [],
  };
}

// ---------------------------------------------------------------- database

/** An emptied, migrated database; never the one DATABASE_URL names (a sibling on its server). */
async function scratchDatabase(database: string, keep = false): Promise<{ url: string; release: () => Promise<void> }> {
  const db = await acquireDatabase(
    { databaseUrl: process.env.DATABASE_URL || undefined, dataDir: DATA_DIR, embeddedPgPort: 0 },
    () => undefined,
    {
      database,
      fastInit: true,
    },
  );
  let url = db.url;
  if (!db.embedded) {
    await ensureDatabase(db.url, DATABASE);
    const u = new URL(db.url);
    u.pathname = `/${DATABASE}`;
    url = u.toString();
  }
  await migrateDatabase(url, APP_SCHEMA);
  const client = new Client({ connectionString: url });
  await client.connect();
  if (!keep) {
    await client.query(`truncate ${ALL_TABLES.join(', ')} cascade`);
    await client.query('vacuum');
  }
  await client.end();
  return { url, release: db.release };
}

// ---------------------------------------------------------------- modes

function syntheticDataset(): Dataset {
  const shape = shapeFor(arg('lines', 1_000_000), process.argv.includes('--one-payment'), arg('employees', 0) || undefined);
  console.log(
    `Dataset: ${shape.employees} empleados x ${shape.payments} pagos (~${shape.employees * shape.payments * 6} líneas de nómina), ${shape.sales} ventas x 3 líneas`,
  );
  const tenant = benchTenant(shape);
  if (!process.argv.includes('--lazy')) {
    // Materialised like a parsed file, so the time measured is the loader's, not the generator's.
    tenant.pagos = [...(tenant.pagos ?? [])];
    tenant.ventas = [...(tenant.ventas ?? [])];
  }
  return { tenants: [tenant] };
}

function demoDataset(): Dataset {
  const scale = (process.argv.find((a) => a.startsWith('--scale='))?.split('=')[1] ?? 'medium') as Scale;
  console.log(`Dataset de demostración, escala ${scale}: ${JSON.stringify(datasetStats({ scale }))}`);
  return generateDataset({ scale });
}

async function benchLoad(dataset: Dataset): Promise<void> {
  const db = await scratchDatabase(DATABASE);
  const client = new Client({ connectionString: db.url });
  await client.connect();
  try {
    const reporter = createProgressReporter();
    const backend = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;
    const pgCpu = processCpuSeconds(backend);
    const cpu = process.cpuUsage();
    const phases: { phase: string; at: number; pg: number }[] = [];
    const summary = await loadDataset(client, dataset, {
      replace: false,
      onProgress: (p) => {
        if (phases[phases.length - 1]?.phase !== p.phase)
          phases.push({ phase: p.phase, at: performance.now(), pg: processCpuSeconds(backend) ?? 0 });
        reporter.update(p);
      },
    });
    reporter.finish();
    phases.push({ phase: 'fin', at: performance.now(), pg: processCpuSeconds(backend) ?? 0 });
    // Phases repeat per tenant: add up each one's wall and server CPU time.
    const byPhase = new Map<string, { wall: number; pg: number }>();
    phases.slice(0, -1).forEach((p, i) => {
      const sum = byPhase.get(p.phase) ?? { wall: 0, pg: 0 };
      sum.wall += (phases[i + 1].at - p.at) / 1000;
      sum.pg += phases[i + 1].pg - p.pg;
      byPhase.set(p.phase, sum);
    });
    console.log(
      `Fases (reloj / CPU de PostgreSQL): ${[...byPhase].map(([name, t]) => `${name} ${t.wall.toFixed(2)} s / ${t.pg.toFixed(2)} s`).join(', ')}`,
    );
    const lines = summary.lineasNomina + summary.lineasVenta;
    console.log(JSON.stringify(summary));
    console.log(`${summary.lineasNomina} líneas de nómina + ${summary.lineasVenta} de venta en ${summary.seconds.toFixed(2)} s`);
    console.log(
      `=> ${Math.round(summary.lineasNomina / summary.seconds)} líneas de nómina/s (${Math.round(lines / summary.seconds)} líneas/s en total)`,
    );
    const payroll = byPhase.get('nómina');
    if (payroll) {
      console.log(
        `   fase de nómina sola: ${Math.round(summary.lineasNomina / payroll.wall)} líneas/s de reloj; ` +
          `PostgreSQL gastó ${((payroll.pg / summary.lineasNomina) * 1e6).toFixed(1)} µs de CPU por línea (tope ≈ ${Math.round(summary.lineasNomina / payroll.pg)} líneas/s con un núcleo libre)`,
      );
    }
    const used = process.cpuUsage(cpu);
    console.log(
      `CPU durante la carga: Node ${((used.user + used.system) / 1e6).toFixed(2)} s, ` +
        `PostgreSQL ${pgCpu === undefined ? '?' : (processCpuSeconds(backend)! - pgCpu).toFixed(2)} s (la máquina tiene 2 núcleos)`,
    );
    console.log(`RSS pico del proceso: ${Math.round(peakRss(process.pid) / 1024)} MB`);
  } finally {
    await client.end();
    await db.release();
  }
}

/** CPU seconds of a local process (the PostgreSQL backend, when the server is on this machine). */
function processCpuSeconds(pid: number): number | undefined {
  const { user, system } = cpuSplit(pid);
  return Number.isNaN(user) ? undefined : user + system;
}

/** Peak resident set size in KiB (VmHWM) of a live process. */
function peakRss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

interface FileRun {
  lines: number;
  onePayment: boolean;
  payslips: number;
  mb: number;
  code: number | string;
  seconds: number;
  /** Seconds of the two validation passes (as the CLI prints them). */
  validation: number;
  rssMb: number;
  /** CPU seconds of the CLI process (user + system), which the machine's load does not inflate much. */
  cpu: number;
  load: number;
}

/** The node flags of package.json's `import` script (`node --max-semi-space-size=16 dist/…`): the bench runs what users run. */
function importScriptFlags(): string[] {
  const script = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.import;
  const flags = /\bnode((?:\s+--\S+)*)\s+dist\/apps\/api\/src\/cli\/import\.js/.exec(script);
  if (!flags) throw new Error(`package.json: the import script does not run node … dist/apps/api/src/cli/import.js: ${script}`);
  return flags[1].trim().split(/\s+/).filter(Boolean);
}

/**
 * Generates a file of about `lines` payslip lines straight to disk (the generator is lazy; the
 * bench never holds the dataset), then runs the import CLI on it (cliOnFile).
 */
async function benchFile(lines: number, onePayment = false, employees?: number): Promise<FileRun> {
  const shape = shapeFor(lines, onePayment, employees);
  const tenant = benchTenant(shape);
  const counter = countedPagos([tenant]);
  const size = await writeDatasetFile({ tenants: [tenant] }, FILE);
  console.log(
    `Archivo ${FILE}: ${(size / 1e6).toFixed(1)} MB, ${counter.lines} líneas de nómina y ${shape.sales * 3} de venta; carga ${loadavg()}`,
  );
  return cliOnFile({ lines: counter.lines, onePayment, payslips: shape.employees * shape.payments, bytes: size });
}

/** Wraps each tenant's (lazy) payments so writing the file counts their payslip lines. */
function countedPagos(tenants: TenantInput[]): { lines: number } {
  const counter = { lines: 0 };
  for (const tenant of tenants) {
    const generated = tenant.pagos;
    if (!generated) continue;
    tenant.pagos = {
      *[Symbol.iterator](): Iterator<PagoInput> {
        for (const p of generated) {
          for (const pe of p.empleados) counter.lines += pe.detalles.length;
          yield p;
        }
      },
    };
  }
  return counter;
}

/**
 * The issue's many-tenant file: --tenants (default 60) tenants of the demo generator's realistic
 * shape (an active demo tenant at demo scale: 60 employees over 24 months, ~12 lines per payslip,
 * sales, suppliers, users), each from its own seed, with the users' e-mails made unique. 60 tenants
 * give ~1.07 M payslip lines in ~139 MB. Imported by the compiled CLI like the file mode.
 */
async function benchTenants(): Promise<void> {
  build();
  const count = arg('tenants', 60);
  const tenants: TenantInput[] = [];
  for (let seed = DEFAULT_SEED; tenants.length < count; seed++) {
    // The demo's two active tenants of each seed (the third is inactive and nearly empty).
    for (const tenant of generateDataset({ scale: 'demo', seed })
      .tenants.filter((t) => t.activo)
      .slice(0, count - tenants.length)) {
      const n = tenants.length + 1;
      tenant.nombre = `${tenant.nombre} ${n}`;
      for (const u of tenant.usuarios ?? []) u.email = u.email.replace('@', `+${n}@`);
      tenants.push(tenant);
    }
  }
  const counter = countedPagos(tenants);
  // --reuse-file: the file a --keep-file run left (its line count beside it), not generated again.
  const sidecar = `${FILE}.lines`;
  let size: number;
  if (process.argv.includes('--reuse-file') && existsSync(sidecar)) {
    counter.lines = Number(readFileSync(sidecar, 'utf8'));
    size = statSync(FILE).size;
  } else {
    // Without indentation, as an export from another system would write it (the issue's 139 MB).
    size = await writeDatasetFile({ tenants }, FILE, { indent: undefined });
    writeFileSync(sidecar, String(counter.lines));
  }
  console.log(`Archivo ${FILE}: ${(size / 1e6).toFixed(1)} MB, ${count} tenants, ${counter.lines} líneas de nómina; carga ${loadavg()}`);
  const runs = arg('runs', 1);
  for (let i = 0; i < runs; i++) await cliOnFile({ lines: counter.lines, onePayment: false, payslips: 0, bytes: size });
  if (!process.argv.includes('--keep-file')) for (const f of [FILE, sidecar]) rmSync(f, { force: true });
}

/**
 * Runs the compiled import CLI on FILE in a child process under /usr/bin/time (whose "maximum
 * resident set size" is the child's true peak RSS) into an emptied database, and reports wall time
 * end to end, the CLI's own summary, payslip lines/s and peak RSS.
 */
async function cliOnFile(file: { lines: number; onePayment: boolean; payslips: number; bytes: number }): Promise<FileRun> {
  const lineasNomina = file.lines;
  // The CLI picks its database like the service does: the embedded cluster's default database
  // ("nomina", here in the scratch DATA_DIR), or DATABASE_URL (pointed at the sibling database).
  const db = await scratchDatabase('nomina');
  const timeFile = `${FILE}.time`;
  try {
    const version = await serverVersion(db.url);
    // The embedded server's CPU (the import's backend is reaped into the postmaster's children's time).
    const postmaster = process.env.DATABASE_URL
      ? undefined
      : Number(readFileSync(join(DATA_DIR, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const pgCpu = postmaster === undefined ? NaN : processTreeCpu(postmaster);
    const started = performance.now();
    // The compiled CLI, as `npm run import` runs it, with its V8 flags (tools/run-ts.js would add the TypeScript compiler's memory).
    const child = spawn(
      '/usr/bin/time',
      ['-f', '%M %U %S', '-o', timeFile, process.execPath, ...importScriptFlags(), ...profileFlags(), cliScript(), FILE],
      {
        env: { ...process.env, DATA_DIR, DATABASE_URL: process.env.DATABASE_URL ? db.url : '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    let stdout = '';
    child.stderr!.on('data', (d: Buffer) => {
      process.stderr.write(d);
      stderr += d.toString();
    });
    child.stdout!.on('data', (d: Buffer) => {
      process.stdout.write(d);
      stdout += d.toString();
    });
    const [code] = (await once(child, 'exit')) as [number];
    const seconds = (performance.now() - started) / 1000;
    const pgUsed = postmaster === undefined ? NaN : processTreeCpu(postmaster) - pgCpu;
    // "Archivo leído en 1,6 s, ..." (a plain import checks the references while it loads), or an
    // older build's "Archivo válido (leído en 1,6 s, validado en 1,3 s)": the validation before the load.
    const [read, validated] = [/leído en ([\d,]+) s/, /validado en ([\d,]+) s/].map((re) =>
      Number(re.exec(stderr)?.[1].replace(',', '.') ?? 0),
    );
    const validation = read + validated;
    const reported = Number(/ en ([\d,]+) s\s*$/.exec(stdout)?.[1].replace(',', '.'));
    const [peakKb, user, sys] = readFileSync(timeFile, 'utf8').trim().split('\n').pop()!.split(' ').map(Number);
    const run = {
      lines: lineasNomina,
      onePayment: file.onePayment,
      payslips: file.payslips,
      mb: file.bytes / 1e6,
      code,
      seconds,
      validation,
      rssMb: Math.round(peakKb / 1024),
      cpu: user + sys,
      load: osLoadavg()[0],
    };
    console.log(
      `CLI (${version}): código ${code}, ${seconds.toFixed(1)} s de reloj (arranque y validación incluidos), ${Math.round(lineasNomina / seconds)} líneas de nómina/s; ` +
        `según la CLI ${reported.toFixed(1)} s = ${Math.round(lineasNomina / reported)} líneas/s; ` +
        `validación ${validation.toFixed(1)} s, carga ${Math.round(lineasNomina / (seconds - validation))} líneas de nómina/s; ` +
        `RSS pico ${run.rssMb} MB (${((peakKb * 1024) / file.bytes).toFixed(2)}× el archivo), CPU de Node ${run.cpu.toFixed(1)} s, de PostgreSQL ${pgUsed.toFixed(1)} s; carga al terminar ${loadavg()}`,
    );
    return run;
  } finally {
    rmSync(timeFile, { force: true });
    await db.release();
  }
}

/** The compiled CLI, or another build's (--cli=path/to/dist/apps/api/src/cli/import.js, to compare two builds on one file). */
const cliScript = (): string =>
  process.argv.find((a) => a.startsWith('--cli='))?.slice('--cli='.length) ?? join(ROOT, 'dist/apps/api/src/cli/import.js');

/** --cpu-prof: the CLI writes a V8 CPU profile to $IMPORT_BENCH_DIR-prof (open it in Chrome DevTools or speedscope). */
const profileFlags = (): string[] => (process.argv.includes('--cpu-prof') ? ['--cpu-prof', `--cpu-prof-dir=${DATA_DIR}-prof`] : []);

async function serverVersion(url: string): Promise<string> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return `PostgreSQL ${(await client.query<{ v: string }>(`select current_setting('server_version') as v`)).rows[0].v}`;
  } finally {
    await client.end();
  }
}

const loadavg = (): string =>
  osLoadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

function build(): void {
  if (process.argv.includes('--no-build')) return;
  const run = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  if (run.status !== 0) throw new Error('npm run build falló');
}

/** The 1 M and 5 M files one after the other; a table row per file for RESULTS.md. */
async function benchFiles(): Promise<void> {
  build();
  const runs: FileRun[] = [];
  for (const lines of [1_000_000, 5_000_000]) runs.push(await benchFile(lines));
  // One payment of 1 M lines: 20,000 payslips of 50 lines (a big employer's catalog), then 166,667 of 6.
  runs.push(await benchFile(1_000_000, true, 20_000));
  runs.push(await benchFile(1_000_000, true));
  rmSync(FILE, { force: true });
  console.log(
    '\n| Archivo | MB | Código | Reloj (s) | Líneas de nómina/s | Validación (s) | Carga sola, líneas/s | RSS pico (MB) | CPU de Node (s) | Carga (1 min) |\n' +
      '|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const r of runs) {
    console.log(
      `| ${r.lines} líneas${r.onePayment ? `, un pago de ${r.payslips} nóminas` : ''} | ${r.mb.toFixed(0)} | ${r.code} | ${r.seconds.toFixed(1)} | ${Math.round(r.lines / r.seconds)} | ${r.validation.toFixed(1)} | ` +
        `${Math.round(r.lines / (r.seconds - r.validation))} | ${r.rssMb} | ${r.cpu.toFixed(1)} | ${r.load.toFixed(1)} |`,
    );
  }
}

// ---------------------------------------------------------------- merge

const CONCEPT_LINES = 12;

interface WalFigures {
  bytes: number;
  /** Full-page images (pg_walinspect), when the extension can be created. */
  fpi?: number;
}

async function walSince(client: Client, start: string): Promise<WalFigures> {
  const { rows } = await client.query<{ end: string; bytes: string }>(
    `select pg_current_wal_lsn()::text as end, pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn)::text as bytes`,
    [start],
  );
  const out: WalFigures = { bytes: Number(rows[0].bytes) };
  try {
    const fpi = await client.query<{ fpi: string }>(
      `select coalesce(sum(fpi_size), 0)::text as fpi from pg_get_wal_stats($1::pg_lsn, $2::pg_lsn)`,
      [start, rows[0].end],
    );
    out.fpi = Number(fpi.rows[0].fpi);
  } catch {
    // pg_walinspect missing: the total only.
  }
  return out;
}

const mb = (bytes: number): string => (bytes / 1e6).toFixed(2);

/**
 * --wal-detail: what a merge's WAL consists of (pg_walinspect, PostgreSQL 16+): bytes by resource
 * manager, then by relation (the records' block data and full-page images; a record of several
 * blocks counts its header once, on its first block).
 */
async function printWalDetail(client: Client, start: string, end: string): Promise<void> {
  try {
    const { rows: managers } = await client.query<{ rm: string; n: string; rec: string; fpi: string }>(
      `select "resource_manager/record_type" as rm, count::text as n, record_size::text as rec, fpi_size::text as fpi
         from pg_get_wal_stats($1::pg_lsn, $2::pg_lsn) where count > 0 order by combined_size desc`,
      [start, end],
    );
    console.log(
      `  WAL por gestor: ${managers.map((m) => `${m.rm} ${mb(Number(m.rec) + Number(m.fpi))} MB (${m.n} registros, imágenes ${mb(Number(m.fpi))})`).join('; ')}`,
    );
    // record_length counts the record's images too: the rest of a record is charged to its first block.
    const { rows: relations } = await client.query<{ rel: string; kinds: string; pages: string; rec: string; fpi: string }>(
      `with b as materialized (select * from pg_get_wal_block_info($1::pg_lsn, $2::pg_lsn)),
            r as (select start_lsn, sum(block_fpi_length) as fpi from b group by 1),
            k as (select b.relfilenode, b.record_type, count(*) as n from b group by 1, 2)
       select coalesce(pg_filenode_relation(0, b.relfilenode)::text, b.relfilenode::text) as rel,
              (select string_agg(k.record_type || ' ' || k.n, ', ' order by k.n desc) from k where k.relfilenode = b.relfilenode) as kinds,
              count(distinct b.relblocknumber)::text as pages,
              sum(case when b.block_id = 0 then b.record_length - r.fpi else 0 end)::text as rec, sum(b.block_fpi_length)::text as fpi
         from b join r using (start_lsn) group by b.relfilenode
        order by sum(case when b.block_id = 0 then b.record_length - r.fpi else 0 end + b.block_fpi_length) desc limit 14`,
      [start, end],
    );
    for (const r of relations) {
      console.log(
        `    ${r.rel}: ${mb(Number(r.rec) + Number(r.fpi))} MB (imágenes ${mb(Number(r.fpi))} MB; ${r.pages} páginas; ${r.kinds})`,
      );
    }
  } catch (err) {
    console.log(`  (sin detalle del WAL: ${(err as Error).message})`);
  }
}

/** The compiled CLI merging `file` into the bench's database, as `npm run import -- file --merge` runs. */
async function mergeCli(url: string, file: string, timeFile?: string): Promise<{ code: number; stdout: string }> {
  const command = [process.execPath, ...importScriptFlags(), join(ROOT, 'dist/apps/api/src/cli/import.js'), file, '--merge'];
  const child = spawn(timeFile ? '/usr/bin/time' : command[0], timeFile ? ['-f', '%M', '-o', timeFile, ...command] : command.slice(1), {
    env: { ...process.env, DATA_DIR, DATABASE_URL: process.env.DATABASE_URL ? url : '' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let stdout = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  const [code] = (await once(child, 'exit')) as [number];
  return { code, stdout };
}

interface MergeRun {
  code: number;
  wall: number;
  /** The time the CLI itself reports ("Fusionado: … en 0,9 s"). */
  reported: string;
  rssMb: number;
  wal: WalFigures;
}

/**
 * A merge after a checkpoint (so every page it changes is imaged), or with --no-checkpoint right
 * after the merge before it (the pages that one changed are not imaged again): wall time, peak RSS
 * and WAL.
 */
async function measuredMerge(client: Client, url: string, file: string): Promise<MergeRun> {
  if (!process.argv.includes('--no-checkpoint')) await client.query('checkpoint');
  const start = (await client.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')).rows[0].lsn;
  const timeFile = `${FILE}.time`;
  const started = performance.now();
  const { code, stdout } = await mergeCli(url, file, timeFile);
  const wall = (performance.now() - started) / 1000;
  const wal = await walSince(client, start);
  if (process.argv.includes('--wal-detail')) {
    const end = (await client.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')).rows[0].lsn;
    await printWalDetail(client, start, end);
  }
  const rssMb = Math.round(Number(readFileSync(timeFile, 'utf8').trim().split('\n').pop()) / 1024);
  rmSync(timeFile, { force: true });
  process.stdout.write(stdout);
  return { code, wall, reported: /en ([\d,]+) s/.exec(stdout)?.[1] ?? '?', rssMb, wal };
}

/** One new payment merged into the largest tenant of the demo dataset (see the header). */
async function benchMerge(): Promise<void> {
  build();
  const scale = (process.argv.find((a) => a.startsWith('--scale='))?.split('=')[1] ?? 'large') as Scale;
  const payslips = arg('payslips', 500);
  const reuse = process.argv.includes('--reuse');
  const db = await scratchDatabase('nomina', reuse);
  const client = new Client({ connectionString: db.url });
  await client.connect();
  try {
    await client.query('create extension if not exists pg_walinspect').catch(() => undefined);
    const present = (await client.query<{ n: number }>('select count(*)::int as n from tenant')).rows[0].n;
    if (!reuse || !present) {
      const started = performance.now();
      const summary = await loadDataset(client, generateDataset({ scale }), { replace: false });
      console.log(
        `Escala ${scale} cargada: ${summary.lineasNomina} líneas de nómina en ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
      await client.query('vacuum analyze');
    }
    const { rows: biggest } = await client.query<{ id: string; nit: string; nombre: string; activo: boolean; n: number }>(
      `select t.id::text, t.nit, t.nombre, t.activo, c.n from tenant t
         join (select tenant_id, count(*)::int as n from pago_empleado group by 1) c on c.tenant_id = t.id order by c.n desc limit 1`,
    );
    const tenant = biggest[0];
    const pagoId = '0e7c1b2a-5d4e-4f60-8a71-000000000500';
    const { pago, bonds, conceptos } = await paymentOnStoredBonds(
      client,
      tenant.id,
      pagoId,
      {
        ano: 2025,
        mes: 12,
        descripcion: 'Bonificación de fin de año (bench de merge)',
        fechaDesde: '2025-12-20',
        fechaHasta: '2025-12-20',
        fechaPago: '2025-12-22',
        estado: 'PG',
        tipoPago: 'PR',
        definitivo: true,
      },
      { payslips, lines: CONCEPT_LINES },
    );
    const size = await writeDatasetFile(
      { tenants: [{ uuid: tenant.id, nit: tenant.nit, nombre: tenant.nombre, activo: tenant.activo, pagos: [pago] }] },
      FILE,
    );
    console.log(
      `Tenant ${tenant.nombre} (${tenant.n} nóminas guardadas): un pago de ${bonds.length} nóminas y ${bonds.length * conceptos.length} líneas, ` +
        `archivo de ${(size / 1e3).toFixed(0)} kB; carga ${loadavg()}`,
    );
    const head = { uuid: tenant.id, nit: tenant.nit, nombre: tenant.nombre, activo: tenant.activo };
    const removal = `${FILE}.eliminar.json`;
    await writeDatasetFile({ tenants: [{ ...head, eliminar: { pagos: [pagoId] } }] }, removal);
    // A payment left by an earlier run (--reuse) goes first, unmeasured.
    await mergeCli(db.url, removal);
    const insert = await measuredMerge(client, db.url, FILE);
    const { rows: sizes } = await client.query<{ pago: string; rollup: string }>(
      `select ((select sum(pg_column_size(p.*)) from pago p where p.tenant_id = $1 and p.id = $2)
             + (select sum(pg_column_size(y.*)) from pago_empleado y where y.tenant_id = $1 and y.pago_id = $2)
             + (select sum(pg_column_size(d.*)) from pago_empleado y join pago_empleado_detalle d
                  on d.tenant_id = y.tenant_id and d.pago_empleado_id = y.id where y.tenant_id = $1 and y.pago_id = $2)
             + (select coalesce(sum(pg_column_size(c.*)), 0) from pago_concepto_total c where c.tenant_id = $1 and c.pago_id = $2))::text as pago,
              (select coalesce(sum(pg_column_size(a.*)), 0) from vinculacion_acumulado_anual a
                where a.tenant_id = $1 and a.ano = 2025 and a.vinculacion_id = any($3::uuid[]))::text as rollup`,
      [tenant.id, pagoId, bonds],
    );
    const rows = Number(sizes[0].pago);
    const again = await measuredMerge(client, db.url, FILE);
    const removed = await measuredMerge(client, db.url, removal);
    rmSync(removal, { force: true });
    console.log(
      `Filas del pago: ${mb(rows)} MB (+ ${mb(Number(sizes[0].rollup))} MB de filas del acumulado anual reescritas); carga ${loadavg()}`,
    );
    for (const [what, m] of [
      ['insertar el pago', insert],
      ['el mismo archivo otra vez (sin cambios)', again],
      ['eliminar el pago', removed],
    ] as const) {
      console.log(
        `merge, ${what}: código ${m.code}, ${m.wall.toFixed(2)} s de punta a punta (arranque de node incluido), ${m.reported} s según la CLI, ` +
          `RSS pico ${m.rssMb} MB; WAL ${mb(m.wal.bytes)} MB` +
          (m.wal.fpi === undefined
            ? ''
            : ` (imágenes de página completas ${mb(m.wal.fpi)} MB, el resto ${mb(m.wal.bytes - m.wal.fpi)} MB)`) +
          ` = ${(m.wal.bytes / rows).toFixed(1)}× las filas del pago` +
          (m.wal.fpi === undefined ? '' : ` (${((m.wal.bytes - m.wal.fpi) / rows).toFixed(1)}× sin las imágenes)`),
      );
    }
    if (process.argv.includes('--with-replace')) {
      const full = generateDataset({ scale }).tenants.find((t) => t.uuid === tenant.id)!;
      await client.query('checkpoint');
      const replaceStart = (await client.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')).rows[0].lsn;
      const began = performance.now();
      const summary = await loadDataset(client, { tenants: [full] }, { replace: true });
      const replaceWal = await walSince(client, replaceStart);
      console.log(
        `--replace del mismo tenant (en el proceso, sin el archivo): ${((performance.now() - began) / 1000).toFixed(1)} s, ` +
          `${summary.lineasNomina} líneas de nómina, WAL ${mb(replaceWal.bytes)} MB; carga ${loadavg()}`,
      );
    }
  } finally {
    rmSync(FILE, { force: true });
    await client.end();
    await db.release();
  }
}

if (require.main === module) {
  const mode = process.argv.includes('merge')
    ? benchMerge()
    : process.argv.includes('tenants')
      ? benchTenants()
      : process.argv.includes('files')
        ? benchFiles()
        : process.argv.includes('file')
          ? Promise.resolve(build())
              .then(() => benchFile(arg('lines', 1_000_000), process.argv.includes('--one-payment'), arg('employees', 0) || undefined))
              .then(() => rmSync(FILE, { force: true }))
          : benchLoad(process.argv.includes('demo') ? demoDataset() : syntheticDataset());
  mode.catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

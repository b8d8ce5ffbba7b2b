import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { generateDataset } from '@nomina-api/importer/demo/generate-dataset';
import { writeDatasetFile } from '@nomina-api/importer/demo/write-dataset-file';
import type { Dataset, EmpleadoInput, PagoInput, ProveedorInput, TenantInput, VentaInput } from '@nomina-api/importer/dataset.types';
import { loadDataset } from '@nomina-api/importer/load-dataset';
import { CHUNK_BYTES, scanDatasetFile } from '@nomina-api/importer/stream/read-dataset';
import { BATCH_PAGOS_EMPLEADO, SORT_RUN_LINES } from '@nomina-api/nomina/persistence';
import { runImport } from '../apps/api/src/cli/import';
import { exampleDataset } from '../scripts/lib/environment';
import { dropDatabase, freshDatabase, runScoped, seedDatabase } from './support/test-database';

/**
 * The streaming import (npm run import reads the file in chunks, libs/importer/src/stream):
 * - the example and demo files give the same database as loading the parsed documents
 *   (loadDataset on arrays, the path before streaming), row for row;
 * - a file far bigger than the process's heap imports: a child with --max-old-space-size=64
 *   loads a ~100 MB file, which that heap cannot even hold as one string (the same child
 *   reading it whole with JSON.parse dies), whose supplier list alone would take twice that heap;
 * - one payment bigger than a load batch and a sort run, its own members after its payslips, is
 *   read one payslip at a time and loads into the same rows as the parsed document.
 */
jest.setTimeout(240_000);

const ROOT = join(__dirname, '..');
const REFERENCE = 'nomina_test_stream_reference';
const STREAMED = 'nomina_test_stream_streamed';
const BIG = 'nomina_test_stream_big';
const ONE_PAGO_REFERENCE = 'nomina_test_stream_one_pago_ref';
const ONE_PAGO = 'nomina_test_stream_one_pago';
const HEAP_MB = 64;
const PAGOS = 450;
const VENTAS = 60_000;
/** About 25 MB of suppliers: held as parsed objects they alone would take twice the heap. */
const PROVEEDORES = 80_000;

let dir: string;

beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'import-streaming-'))));
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  const admin = process.env.TEST_PG_ADMIN_URL;
  if (admin) for (const name of [REFERENCE, STREAMED, BIG, ONE_PAGO_REFERENCE, ONE_PAGO]) await dropDatabase(admin, name);
});

/**
 * Every table's row count and an md5 of its rows; salted password hashes and the moments of
 * import and migration (imported_at, executed_at...) only as present or not.
 */
async function snapshot(url: string): Promise<Record<string, string>> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    const { rows: tables } = await db.query<{ t: string }>(`select tablename as t from pg_tables where schemaname = 'public' order by 1`);
    expect(tables.length).toBeGreaterThan(10);
    const out: Record<string, string> = {};
    for (const { t } of tables) {
      const { rows: cols } = await db.query<{ c: string }>(
        `select column_name as c from information_schema.columns where table_schema = 'public' and table_name = $1 order by ordinal_position`,
        [t],
      );
      // Values two imports of the same file never share: salted hashes, times, and the tenant's data
      // version (a sequence: each import gives a new one, CONTRACT §9) — compared as present only.
      const fields = cols
        .map(({ c }) => (/password|hash|_at$|^version$/.test(c) ? `(x."${c}" is not null)::text` : `x."${c}"::text`))
        .join(`, '|', `);
      const { rows } = await db.query<{ n: string; sum: string | null }>(
        `select count(*)::text as n, md5(coalesce(string_agg(concat(${fields}), ',' order by concat(${fields})), '')) as sum from "${t}" x`,
      );
      out[t] = `${rows[0].n} ${rows[0].sum}`;
    }
    return out;
  } finally {
    await db.end();
  }
}

async function importInProcess(url: string, file: string): Promise<{ code: number; output: string }> {
  const saved = process.env.DATABASE_URL;
  process.env.DATABASE_URL = url;
  let output = '';
  const capture = (chunk: string | Uint8Array): boolean => ((output += String(chunk)), true);
  const err = jest.spyOn(process.stderr, 'write').mockImplementation(capture);
  const out = jest.spyOn(process.stdout, 'write').mockImplementation(capture);
  try {
    return { code: await runImport([file]), output };
  } finally {
    err.mockRestore();
    out.mockRestore();
    if (saved === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = saved;
  }
}

function runNode(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | string; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve({ code: code ?? signal ?? 'unknown', output }));
  });
}

describe('streaming import (e2e, the CLI on a real database)', () => {
  it('imports the example and the demo files into the same rows as loading the parsed documents', async () => {
    const example = exampleDataset();
    const demo = generateDataset({ scale: 'demo' });
    const reference = await seedDatabase(REFERENCE, [example, demo]);

    const exampleFile = join(dir, 'example.json');
    writeFileSync(exampleFile, JSON.stringify(example, null, 2));
    const demoFile = join(dir, 'demo.json');
    await writeDatasetFile(demo, demoFile);
    const streamed = await seedDatabase(STREAMED, []);
    for (const file of [exampleFile, demoFile]) {
      const run = await importInProcess(streamed, file);
      expect(run).toEqual({ code: 0, output: expect.stringMatching(/Archivo válido[\s\S]*Importado: /) });
    }
    expect(await snapshot(streamed)).toEqual(await snapshot(reference));
  });

  it(`imports a file bigger than a ${HEAP_MB} MB heap could hold, in a child process with that heap`, async () => {
    // One tenant of the example with ~100 MB of generated payments and sales, and a supplier list
    // that must be streamed too (CONTRACT §6: bounded memory for every list).
    const base = exampleDataset().tenants[0];
    const tenant: TenantInput = {
      ...base,
      pagos: morePagos(base, PAGOS),
      ventas: moreVentas(base, VENTAS),
      // The file writer takes any iterable list; the dataset type names arrays for suppliers.
      proveedores: moreProveedores(PROVEEDORES) as unknown as ProveedorInput[],
    };
    const file = join(dir, 'big.json');
    await writeDatasetFile({ tenants: [tenant] } as Dataset, file);
    const size = statSync(file).size;
    expect(size).toBeGreaterThan(100 * 1024 * 1024);

    // The whole-file way cannot even start with this heap.
    const whole = await runNode(
      [`--max-old-space-size=${HEAP_MB}`, '-e', `JSON.parse(require('fs').readFileSync(${JSON.stringify(file)}, 'utf8'))`],
      {},
    );
    expect(whole.code).not.toBe(0);

    const url = await freshDatabase(process.env.TEST_PG_ADMIN_URL!, runScoped(BIG));
    const run = await runNode(
      [`--max-old-space-size=${HEAP_MB}`, join(ROOT, 'tools/run-ts.js'), join(ROOT, 'apps/api/src/cli/import.ts'), file],
      {
        DATABASE_URL: url,
        LOG_LEVEL: 'silent',
        NODE_ENV: 'test',
      },
    );
    expect(run).toEqual({ code: 0, output: expect.stringMatching(/Importado: 1 tenants, .* 450 pagos, .* 60\.000 ventas/) });
    const db = new Client({ connectionString: url });
    await db.connect();
    try {
      const { rows } = await db.query<{ lines: number; ventas: number; proveedores: number }>(
        `select (select count(*)::int from pago_empleado_detalle) as lines, (select count(*)::int from venta) as ventas,
                (select count(*)::int from proveedor) + (select count(*)::int from proveedor_entrada) as proveedores`,
      );
      expect(rows[0]).toEqual({ lines: expectedLines(base, PAGOS), ventas: VENTAS, proveedores: PROVEEDORES });
    } finally {
      await db.end();
    }
  });

  it('loads one payment of more payslips than a batch holds, read a payslip at a time, into the same rows as the parsed document', async () => {
    const payslips = BATCH_PAGOS_EMPLEADO + 5000;
    const base = exampleDataset().tenants[0];
    const model = (base.pagos as PagoInput[])[0];
    const employees: EmpleadoInput[] = [];
    const big: Record<string, unknown> = { empleados: [] };
    for (let i = 0; i < payslips; i++) {
      const e = base.empleados![i % base.empleados!.length];
      const bond = fresh(6, i);
      employees.push({ ...e, uuid: fresh(5, i), identificacion: `B${i + 100}`, vinculaciones: [{ ...e.vinculaciones[0], uuid: bond }] });
      const pe = model.empleados[i % model.empleados.length];
      (big.empleados as unknown[]).push({
        ...pe,
        uuid: fresh(7, i),
        vinculacion: bond,
        detalles: pe.detalles.slice(0, 2).map((d, k) => ({ ...d, uuid: fresh(8, i * 2 + k) })),
      });
    }
    // Its own members after its payslips: the reader takes them from the first pass.
    const { empleados: _payslips, ...members } = model;
    Object.assign(big, members, { uuid: fresh(9, 0), definitivo: true });
    const tenant = {
      ...base,
      empleados: [...base.empleados!, ...employees],
      pagos: [...(base.pagos as PagoInput[]), big as unknown as PagoInput],
    };
    const dataset = { tenants: [tenant] } as Dataset;
    expect(payslips * 2).toBeGreaterThan(SORT_RUN_LINES);

    const file = join(dir, 'one-payment.json');
    writeFileSync(file, JSON.stringify(dataset));
    const reference = await seedDatabase(ONE_PAGO_REFERENCE, [dataset]);
    const url = await seedDatabase(ONE_PAGO, []);
    const scan = await scanDatasetFile(file);
    expect(scan.problems).toEqual([]);
    const db = new Client({ connectionString: url });
    await db.connect();
    try {
      const summary = await loadDataset(db, scan.dataset, { replace: false, totals: scan.totals });
      expect(summary).toMatchObject({ pagos: (base.pagos as PagoInput[]).length + 1, lineasNomina: scan.totals.lineasNomina });
      // The payment's row was written before its payslips (a batch was sent mid-payment), its totals at the end.
      const { rows } = await db.query(
        `select p.numero_empleados as n, p.total_devengados = s.dev and p.total_deducciones = s.ded and p.total_neto = s.neto as totals_match
           from pago p, (select sum(total_devengados) dev, sum(total_deducciones) ded, sum(total_neto) neto from pago_empleado where pago_id = $1) s
          where p.id = $1`,
        [big.uuid],
      );
      expect(rows).toEqual([{ n: payslips, totals_match: true }]);
    } finally {
      await db.end();
    }
    expect(await snapshot(url)).toEqual(await snapshot(reference));
    // Never more than a payslip (or a sale) parsed at once, nor more than a chunk's worth waiting.
    const bytes = (v: unknown): number => Buffer.byteLength(JSON.stringify(v));
    const payslipBytes = (big.empleados as unknown[]).map(bytes);
    const largest = Math.max(...tenant.pagos.flatMap((p) => p.empleados.map(bytes)), ...(base.ventas as VentaInput[]).map(bytes));
    expect(largest).toBeLessThan(bytes(big) / 10_000);
    expect(scan.dataset.readStats.largestValue).toBeLessThanOrEqual(largest);
    expect(scan.dataset.readStats.mostQueued).toBeLessThanOrEqual(Math.ceil(CHUNK_BYTES / Math.min(...payslipBytes)) + 1);
  });
});

/** The example's first tenant has 17 payments of 35-37 payslips, then small ones. */
const FULL_PAGOS = 17;

/** `n` copies of the example tenant's payments, each with fresh uuids (the bond references stay valid). */
function* morePagos(t: TenantInput, n: number): Generator<PagoInput> {
  const pagos = t.pagos as PagoInput[];
  for (let i = 0; i < n; i++) {
    const p = pagos[i % FULL_PAGOS];
    yield {
      ...p,
      uuid: fresh(1, i),
      empleados: p.empleados.map((pe, j) => ({
        ...pe,
        uuid: fresh(2, i * 10_000 + j),
        detalles: Array.from({ length: 40 }, (_, k) => ({
          ...pe.detalles[k % pe.detalles.length],
          uuid: fresh(3, (i * 10_000 + j) * 100 + k),
        })),
      })),
    };
  }
}

/** `n` suppliers, each with texts of its own (held as parsed objects, 80,000 take about 130 MB of heap). */
function* moreProveedores(n: number): Generator<ProveedorInput> {
  for (let i = 0; i < n; i++) {
    yield {
      identificacion: `SX${i.toString().padStart(9, '0')}`,
      tipoIdentificacion: 'NIT',
      razonSocial: `Proveedor generado número ${i} S.A.S.`,
      ubicacion: i % 2 ? 'DEFINITIVA' : 'ENTRADA',
      establecimientos: [
        { codigo: '011', nombre: `Sede principal ${i}` },
        {
          codigo: 'B02',
          nombre: `Sede norte ${i}`,
          direccion: `Calle ${i} # 12-34`,
          ciudad: 'Medellín',
          email: `compras${i}@proveedor.com.co`,
        },
      ],
    };
  }
}

function* moreVentas(t: TenantInput, n: number): Generator<VentaInput> {
  const ventas = t.ventas as VentaInput[];
  for (let i = 0; i < n; i++) yield { ...ventas[i % ventas.length], uuid: fresh(4, i) };
}

function expectedLines(t: TenantInput, n: number): number {
  const pagos = t.pagos as PagoInput[];
  let lines = 0;
  for (let i = 0; i < n; i++) lines += pagos[i % FULL_PAGOS].empleados.length * 40;
  return lines;
}

const fresh = (kind: number, n: number): string => {
  const h = kind.toString(16).padStart(8, '0') + n.toString(16).padStart(24, '0');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20)}`;
};

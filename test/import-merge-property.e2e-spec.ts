import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { Client } from 'pg';
import type { EmpleadoInput, PagoInput, ProveedorInput, TenantInput, VentaInput } from '@nomina-api/importer/dataset.types';
import { loadDataset } from '@nomina-api/importer/load-dataset';
import { mergeDataset } from '@nomina-api/importer/merge/merge-dataset';
import { readDatasetFile } from '@nomina-api/importer/stream/read-dataset';
import { exampleDataset } from '../scripts/lib/environment';
import { tenantRows } from './support/merge-compare';
import { dropDatabase, seedDatabase } from './support/test-database';

/**
 * Random sequences of merges (CONTRACT §6) on a tenant of the fixture — payments replaced with
 * other states, lines, payslips, years or definitiveness, added and removed; sales replaced, added
 * and removed; a concept's tipo or baseAportes flipped (stored payslips' totals derive from it);
 * suppliers replaced and removed; a bond retired — each applied to a model as well. After each
 * sequence the model is imported whole (--replace) into a second database, and the merged tenant
 * must hold exactly the same rows: every total, the yearly rollup per bond, the concept totals per
 * payment, the sales rollups per month and year. fast-check prints the seed and the shrunk
 * sequence of a failure.
 */
jest.setTimeout(300_000);

const NAME = 'nomina_test_merge_property';
const FRESH = 'nomina_test_merge_property_fresh';
const PACIFICO = 'eefc7a24-ca77-4617-a19b-5632192302e1';

let merged: Client;
let fresh: Client;
let dir: string;
let files = 0;
let serial = 0;
const fixture = (): TenantInput => exampleDataset().tenants[2];
const newUuid = (): string => `00000000-0000-4000-8000-${(++serial).toString(16).padStart(12, '0')}`;

type Op =
  | { kind: 'replacePago'; i: number; change: 'estado' | 'valor' | 'zero' | 'dropPayslip' | 'definitivo' | 'year'; n: number }
  | { kind: 'addPago'; n: number; definitivo: boolean; year: number }
  | { kind: 'removePago'; i: number }
  | { kind: 'replaceVenta'; i: number; change: 'estado' | 'cantidad' | 'dropLine' | 'month'; n: number }
  | { kind: 'addVenta'; n: number }
  | { kind: 'removeVenta'; i: number }
  | { kind: 'concepto'; n: number; flip: 'tipo' | 'baseAportes' }
  | { kind: 'replaceProveedor'; i: number; n: number }
  | { kind: 'removeProveedor'; i: number }
  | { kind: 'retire'; i: number };

const nat = fc.nat({ max: 1000 });
const OP: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('replacePago' as const),
    i: nat,
    change: fc.constantFrom('estado', 'valor', 'zero', 'dropPayslip', 'definitivo', 'year'),
    n: nat,
  }),
  fc.record({ kind: fc.constant('addPago' as const), n: nat, definitivo: fc.boolean(), year: fc.integer({ min: 2022, max: 2024 }) }),
  fc.record({ kind: fc.constant('removePago' as const), i: nat }),
  fc.record({
    kind: fc.constant('replaceVenta' as const),
    i: nat,
    change: fc.constantFrom('estado', 'cantidad', 'dropLine', 'month'),
    n: nat,
  }),
  fc.record({ kind: fc.constant('addVenta' as const), n: nat }),
  fc.record({ kind: fc.constant('removeVenta' as const), i: nat }),
  fc.record({ kind: fc.constant('concepto' as const), n: nat, flip: fc.constantFrom('tipo', 'baseAportes') }),
  fc.record({ kind: fc.constant('replaceProveedor' as const), i: nat, n: nat }),
  fc.record({ kind: fc.constant('removeProveedor' as const), i: nat }),
  fc.record({ kind: fc.constant('retire' as const), i: nat }),
);

const money = (n: number): number => Math.round(((n * 7919) % 5_000_000) + 100) / 100;

/** Applies one operation to the model and returns the merge file's tenant that does the same. */
function apply(model: TenantInput, op: Op): TenantInput {
  const file: TenantInput = { uuid: model.uuid, nit: model.nit, nombre: model.nombre, activo: model.activo };
  const pagos = model.pagos as PagoInput[];
  const ventas = model.ventas as VentaInput[];
  const proveedores = model.proveedores!;
  const empleados = model.empleados as EmpleadoInput[];
  const conceptos = model.conceptos!;
  switch (op.kind) {
    case 'replacePago': {
      if (!pagos.length) return file;
      const p = structuredClone(pagos[op.i % pagos.length]);
      const payslip = p.empleados[op.n % Math.max(1, p.empleados.length)];
      if (op.change === 'estado') p.estado = (['EP', 'PA', 'PP', 'PG', 'RE', 'AN'] as const)[op.n % 6];
      else if (op.change === 'valor' && payslip?.detalles.length) payslip.detalles[op.n % payslip.detalles.length].valor = money(op.n);
      // A line worth nothing: its per-concept rollup row may sum to zero and must stay while the line does.
      else if (op.change === 'zero' && payslip?.detalles.length)
        Object.assign(payslip.detalles[op.n % payslip.detalles.length], { valor: 0, cantidad: 0 });
      else if (op.change === 'dropPayslip' && payslip) p.empleados = p.empleados.filter((x) => x !== payslip);
      else if (op.change === 'definitivo') p.definitivo = !p.definitivo;
      else {
        const year = 2022 + (op.n % 3);
        // A 29 February moved to a year without one becomes the 28th.
        const inYear = (date: string): string => `${year}${date.slice(4) === '-02-29' ? '-02-28' : date.slice(4)}`;
        p.fechaDesde = inYear(p.fechaDesde);
        p.fechaHasta = inYear(p.fechaHasta);
        p.ano = year;
      }
      pagos[op.i % pagos.length] = p;
      file.pagos = [p];
      return file;
    }
    case 'addPago': {
      const bonds = empleados.flatMap((e) => e.vinculaciones.map((v) => v.uuid));
      const count = 1 + (op.n % 3);
      const p: PagoInput = {
        uuid: newUuid(),
        ano: op.year,
        mes: 1 + (op.n % 12),
        descripcion: `Pago ${op.n}`,
        fechaDesde: `${op.year}-${String(1 + (op.n % 12)).padStart(2, '0')}-01`,
        fechaHasta: `${op.year}-${String(1 + (op.n % 12)).padStart(2, '0')}-28`,
        fechaPago: `${op.year}-${String(1 + (op.n % 12)).padStart(2, '0')}-28`,
        estado: 'PG',
        tipoPago: 'PR',
        definitivo: op.definitivo,
        empleados: Array.from({ length: count }, (_, k) => ({
          uuid: newUuid(),
          vinculacion: bonds[(op.n + k) % bonds.length],
          salarioBase: 1_500_000 + k,
          detalles: [0, 1].map((d) => ({
            uuid: newUuid(),
            concepto: conceptos[(op.n + k + d * 7) % conceptos.length].codigo,
            cantidad: d,
            valor: money(op.n + k + d),
          })),
        })),
      };
      pagos.push(p);
      file.pagos = [p];
      return file;
    }
    case 'removePago': {
      if (!pagos.length) return file;
      const [p] = pagos.splice(op.i % pagos.length, 1);
      file.eliminar = { pagos: [p.uuid] };
      return file;
    }
    case 'replaceVenta': {
      if (!ventas.length) return file;
      const v = structuredClone(ventas[op.i % ventas.length]);
      if (op.change === 'estado') v.estado = (['Pagada', 'Pendiente', 'Anulada'] as const)[op.n % 3];
      else if (op.change === 'cantidad') v.lineas[op.n % v.lineas.length].cantidad = [0.125, 2.5, 3, 17.75][op.n % 4];
      else if (op.change === 'dropLine' && v.lineas.length > 1) v.lineas.splice(op.n % v.lineas.length, 1);
      // The day is kept up to the 28th, so the new month has it (a 30th moved to February is no date).
      else
        v.fecha = `2023-${String(1 + (op.n % 12)).padStart(2, '0')}-${String(Math.min(Number(v.fecha.slice(8, 10)), 28)).padStart(2, '0')}${v.fecha.slice(10)}`;
      ventas[op.i % ventas.length] = v;
      file.ventas = [v];
      return file;
    }
    case 'addVenta': {
      const productos = model.productos!;
      const v: VentaInput = {
        uuid: newUuid(),
        negocio: model.negocios![0].uuid,
        fecha: `2023-${String(1 + (op.n % 12)).padStart(2, '0')}-15T10:00:00.000Z`,
        estado: (['Pagada', 'Pendiente', 'Anulada'] as const)[op.n % 3],
        lineas: [0, 1].map((k) => ({
          producto: productos[(op.n + k) % productos.length].uuid,
          cantidad: [1, 0.5, 2.25][(op.n + k) % 3],
          precioUnitario: money(op.n + k),
          costoPromedio: [1000.1234, 250, 3.5][(op.n + k) % 3],
        })),
      };
      ventas.push(v);
      file.ventas = [v];
      return file;
    }
    case 'removeVenta': {
      if (!ventas.length) return file;
      const [v] = ventas.splice(op.i % ventas.length, 1);
      file.eliminar = { ventas: [v.uuid] };
      return file;
    }
    case 'concepto': {
      const c = conceptos[op.n % conceptos.length];
      if (op.flip === 'tipo') c.tipo = c.tipo === 'DEVENGADO' ? 'DEDUCCION' : 'DEVENGADO';
      else c.baseAportes = !c.baseAportes;
      file.conceptos = [c];
      return file;
    }
    case 'replaceProveedor': {
      if (!proveedores.length) return file;
      const p: ProveedorInput = structuredClone(proveedores[op.i % proveedores.length]);
      p.razonSocial = `${p.razonSocial} ${op.n}`;
      p.establecimientos = [...p.establecimientos.slice(0, op.n % 2 ? 1 : 2), { codigo: `N${op.n}`, nombre: `Nuevo ${op.n}` }];
      proveedores[op.i % proveedores.length] = p;
      file.proveedores = [p];
      return file;
    }
    case 'removeProveedor': {
      if (!proveedores.length) return file;
      const [p] = proveedores.splice(op.i % proveedores.length, 1);
      file.eliminar = { proveedores: [{ identificacion: p.identificacion, ubicacion: p.ubicacion }] };
      return file;
    }
    case 'retire': {
      const e = empleados[op.i % empleados.length];
      e.vinculaciones[0].fechaRetiro = e.vinculaciones[0].fechaRetiro ? null : '2024-06-30';
      file.empleados = [e];
      return file;
    }
  }
}

async function merge(tenant: TenantInput): Promise<void> {
  const file = join(dir, `${files++}.json`);
  writeFileSync(file, JSON.stringify({ tenants: [tenant] }));
  const read = await readDatasetFile(file);
  const result = await mergeDataset(merged, read, { dryRun: false });
  if (result.problems.length) throw new Error(`merge refused: ${JSON.stringify(result.problems.slice(0, 3))}`);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'merge-property-'));
  const [a, b] = await Promise.all([seedDatabase(NAME, [exampleDataset()]), seedDatabase(FRESH, [exampleDataset()])]);
  merged = new Client({ connectionString: a });
  fresh = new Client({ connectionString: b });
  await merged.connect();
  await fresh.connect();
});

afterAll(async () => {
  await merged?.end();
  await fresh?.end();
  if (process.env.TEST_PG_ADMIN_URL) {
    await dropDatabase(process.env.TEST_PG_ADMIN_URL, NAME);
    await dropDatabase(process.env.TEST_PG_ADMIN_URL, FRESH);
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('merge property (e2e)', () => {
  it('after any sequence of merges every row, total and rollup equals a full import of the final state', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(OP, { minLength: 2, maxLength: 5 }), async (ops) => {
        const model = fixture();
        await loadDataset(merged, { tenants: [fixture()] }, { replace: true });
        for (const op of ops) await merge(apply(model, op));
        await loadDataset(fresh, { tenants: [model] }, { replace: true });
        expect(await tenantRows(merged, PACIFICO)).toEqual(await tenantRows(fresh, PACIFICO));
      }),
      {
        numRuns: 8,
        // Always tried first: a line worth nothing alone in its bond's year and concept (the rollup row sums to zero and stays).
        examples: [
          [
            [
              { kind: 'addPago', n: 0, definitivo: true, year: 2022 },
              { kind: 'replacePago', i: 4, change: 'zero', n: 0 },
            ],
          ],
        ],
      },
    );
  });
});

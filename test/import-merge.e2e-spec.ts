import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Client } from 'pg';
import type { Dataset, EmpleadoInput, PagoInput, ProveedorInput, TenantInput, VentaInput } from '@nomina-api/importer/dataset.types';
import { loadDataset } from '@nomina-api/importer/load-dataset';
import { mergeDataset } from '@nomina-api/importer/merge/merge-dataset';
import { readDatasetFile } from '@nomina-api/importer/stream/read-dataset';
import { lockTenants } from '@nomina-api/importer/tenant-row';
import { uuidKey } from '@nomina-api/platform/bulk';
import { exampleDataset } from '../scripts/lib/environment';
import { importInProcess, snapshot } from './support/import-cli';
import { ROLLUP_DIFF, tenantRows } from './support/merge-compare';
import { createTestApp, get, login } from './support/test-app';
import { dropDatabase, seedDatabase } from './support/test-database';

/**
 * `npm run import -- <file> --merge` (CONTRACT §6) through the CLI's entry point, on a database
 * loaded with the example dataset: a day's changes of every kind merged into Andina, shown by the
 * reads, and the whole tenant (every table, every rollup) and those reads compared with a fresh
 * plain import of the same final state; the same file again is "sin cambios" with the same ETag;
 * each refusal located by its JSON path with nothing written; --dry-run writes nothing.
 */
jest.setTimeout(120_000);

const NAME = 'nomina_test_import_merge';
const FRESH = 'nomina_test_import_merge_fresh';
const ANDINA = '0ee9a9bb-2b87-43f0-82f5-d431917734f8';
// Norte and Centro, both premium: the report over all of the user's businesses.
const JORGE = { email: 'jorge.munoz@andina.example.co', password: 'Scr6SxoBkj#86' };
const u = (n: number): string => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

let url: string;
let db: Client;
let dir: string;
let app: NestFastifyApplication;
let token: string;
let files = 0;
/** The model: what the database should hold after the merges so far (a fresh import of it must write the same rows). */
const state: Dataset = exampleDataset();
const andina = (): TenantInput => state.tenants[0];

function write(data: unknown): string {
  const file = join(dir, `${files++}.json`);
  writeFileSync(file, JSON.stringify(data));
  return file;
}

const head = (t: TenantInput): TenantInput => ({ uuid: t.uuid, nit: t.nit, nombre: t.nombre, activo: t.activo });
const find = <T extends { uuid: string }>(items: Iterable<T> | undefined, prefix: string): T =>
  [...(items ?? [])].find((x) => x.uuid.toLowerCase().startsWith(prefix))!;

/** Every read that shows a change of the day, as a client sees it. */
const READS = [
  '/pagos?params[estados]=EP,PA,PP,PG,RE,AN&size=1000',
  '/pagoEmpleados?params[pago]=2c2f7004-7f27-475d-be5a-b2f35cee0a3f&size=1000',
  `/pagoEmpleados?params[pago]=${u(1)}&size=1000`,
  '/pagoEmpleadoDetalles/detallePago/2c2f7004-7f27-475d-be5a-b2f35cee0a3f',
  '/pagoEmpleadoDetalles/conceptosacumulados/2022-01-01/2023-12-31/false?size=1000',
  '/pagoEmpleadoDetalles/conceptosacumulados/2022-01-01/2023-12-31/true?size=1000',
  '/pagoEmpleadoDetalles/conceptosacumulados/2023-02-15/2023-12-20/false?size=1000',
  '/reports/reportUtility?dateInitISO=2023-01-01T00:00:00.000Z&dateEndISO=2023-12-31T23:59:59.999Z&allBusiness=true&groupResult=true',
  '/reports/reportUtility?dateInitISO=2023-11-20T00:00:00.000Z&dateEndISO=2023-12-31T23:59:59.999Z&allBusiness=true',
  '/proveedor/4205751812',
  '/empleados?size=1000',
];

async function readAll(target: NestFastifyApplication): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const path of READS) {
    const res = await get(target, path, token);
    out[path] = res.status === 200 ? res.json() : `${res.status} ${res.body}`;
  }
  return out;
}

const version = async (tenant: string): Promise<string | undefined> =>
  (await db.query<{ v: string }>('select version::text as v from tenant_data_version where tenant_id = $1', [uuidKey(tenant)])).rows[0]?.v;

async function versionsOf(tenants: TenantInput[]): Promise<(string | undefined)[]> {
  const out = [];
  for (const t of tenants) out.push(await version(t.uuid));
  return out;
}

/**
 * A day of Andina: a payment moves to PG, a payslip is recalculated, a payment is added (its payslips
 * on stored bonds) and one removed, a bond is retired, a sale added and one removed, a supplier's
 * establishments change, a concept and a category are renamed. Returns the merge file's tenant and
 * applies the same to the model.
 */
function dayOfChanges(): TenantInput {
  const t = structuredClone(andina());
  const pagos = [...(t.pagos as PagoInput[])];
  const paid = find(pagos, '085ec3fe');
  paid.estado = 'PG';
  const recalculated = find(pagos, '2c2f7004');
  recalculated.empleados[0].detalles[0].valor += 1000;
  const removed = find(pagos, '0bfa492d');
  const empleados = t.empleados as EmpleadoInput[];
  const retired = empleados[0];
  retired.vinculaciones[0].fechaRetiro = '2023-12-31';
  const added: PagoInput = {
    uuid: u(1),
    ano: 2023,
    mes: 12,
    descripcion: 'Bonificación de fin de año',
    fechaDesde: '2023-12-15',
    fechaHasta: '2023-12-15',
    fechaPago: '2023-12-20',
    estado: 'PG',
    tipoPago: 'PR',
    definitivo: true,
    empleados: [0, 1].map((i) => ({
      uuid: u(10 + i),
      vinculacion: empleados[i].vinculaciones[0].uuid,
      salarioBase: 2_000_000,
      detalles: [
        { uuid: u(20 + i), concepto: '001', cantidad: 1, valor: 750_000.25 },
        { uuid: u(30 + i), concepto: '101', valor: 30_000 },
      ],
    })),
  };
  const ventas = t.ventas as VentaInput[];
  const goneSale = ventas[1];
  const newSale: VentaInput = {
    uuid: u(2),
    negocio: '3a2b51cd-ba4b-4dc8-8437-d3cfa4b48f6f',
    fecha: '2023-12-05T15:30:00.000Z',
    estado: 'Pagada',
    lineas: [{ producto: ventas[0].lineas[0].producto, cantidad: 2.5, precioUnitario: 1999.99, descuento: 10, costoPromedio: 1234.5678 }],
  };
  const proveedor = (t.proveedores as ProveedorInput[])[0];
  proveedor.establecimientos = [
    { codigo: '011', nombre: 'Sede Bogotá Norte' },
    { codigo: 'C03', nombre: 'Sede Cali', ciudad: 'Cali', direccion: 'Cl 5 # 38-25' },
  ];
  const concepto = t.conceptos!.find((c) => c.codigo === '001')!;
  concepto.nombre = `${concepto.nombre} (renombrado)`;
  t.categorias![0].nombre = `${t.categorias![0].nombre} (renombrada)`;

  state.tenants[0] = {
    ...t,
    pagos: [...pagos.filter((p) => p !== removed), added],
    ventas: [...ventas.filter((v) => v !== goneSale), newSale],
  };
  return {
    ...head(t),
    conceptos: [concepto],
    categorias: [t.categorias![0]],
    empleados: [retired],
    pagos: [paid, recalculated, added],
    ventas: [newSale],
    proveedores: [proveedor],
    eliminar: { pagos: [removed.uuid], ventas: [goneSale.uuid] },
  };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'import-merge-'));
  url = await seedDatabase(NAME, [exampleDataset()]);
  db = new Client({ connectionString: url });
  await db.connect();
  app = await createTestApp({}, url);
  token = await login(app, JORGE.email, JORGE.password);
});

afterAll(async () => {
  await app?.close();
  await db?.end();
  if (process.env.TEST_PG_ADMIN_URL) {
    await dropDatabase(process.env.TEST_PG_ADMIN_URL, NAME);
    await dropDatabase(process.env.TEST_PG_ADMIN_URL, FRESH);
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('import --merge (e2e)', () => {
  it('refuses with JSON paths, writing nothing: a bond neither stored nor in the file, an employee with payslips removed, uuids of stored rows, eliminar without --merge', async () => {
    const before = await snapshot(db);
    const stored = andina();
    const storedPago = (stored.pagos as PagoInput[])[1];
    const pago = (over: Partial<PagoInput['empleados'][number]>): PagoInput => ({
      ...structuredClone(storedPago),
      uuid: u(900),
      empleados: [{ ...structuredClone(storedPago.empleados[0]), uuid: u(901), detalles: [], ...over }],
    });
    const otherBond = (stored.empleados as EmpleadoInput[])[1].vinculaciones[0].uuid;
    const cases: [string, TenantInput, string[], RegExp][] = [
      [
        'a bond neither stored nor in the file',
        { ...head(stored), pagos: [pago({ vinculacion: u(999) })] },
        ['--merge'],
        /\$\.tenants\[0\]\.pagos\[0\]\.empleados\[0\]\.vinculacion: no corresponde a ninguna vinculación de este tenant/,
      ],
      [
        'the removal of an employee who has payslips',
        { ...head(stored), eliminar: { empleados: [(stored.empleados as EmpleadoInput[])[2].uuid] } },
        ['--merge'],
        /\$\.tenants\[0\]\.eliminar\.empleados\[0\]: el empleado tiene nóminas guardadas/,
      ],
      [
        "a payslip uuid of another stored payment's payslip",
        { ...head(stored), pagos: [pago({ uuid: storedPago.empleados[0].uuid })] },
        ['--merge'],
        /\$\.tenants\[0\]\.pagos\[0\]\.empleados\[0\]\.uuid: uuid de nómina ya usado por una nómina guardada del pago/,
      ],
      [
        "a bond uuid of another stored employee's bond",
        {
          ...head(stored),
          empleados: [
            {
              ...structuredClone((stored.empleados as EmpleadoInput[])[0]),
              vinculaciones: [{ ...(stored.empleados as EmpleadoInput[])[0].vinculaciones[0], uuid: otherBond }],
            },
          ],
        },
        ['--merge'],
        /\$\.tenants\[0\]\.empleados\[0\]\.vinculaciones\[0\]\.uuid: uuid de vinculación ya usado por una vinculación del empleado guardado/,
      ],
      [
        'eliminar without --merge',
        { ...head(stored), uuid: u(77), eliminar: { ventas: [u(1)] } },
        [],
        /\$\.tenants\[0\]\.eliminar: solo se admite al importar con --merge/,
      ],
    ];
    for (const [name, tenant, args, expected] of cases) {
      const run = await importInProcess(url, write({ tenants: [tenant] }), args);
      expect({ name, code: run.code }).toEqual({ name, code: 1 });
      expect(run.stderr).toMatch(expected);
      expect(run.stderr).toMatch(/no se importó nada/);
      expect(run.stderr).not.toMatch(/Archivo válido/);
    }
    expect(await snapshot(db)).toEqual(before);
  });

  it('a day of changes: --dry-run says what would change and writes nothing; the merge writes it, the reads show it, and all of it equals a fresh import of the final state', async () => {
    const reads = await readAll(app);
    const before = await snapshot(db);
    const versions = await versionsOf(state.tenants);
    const file = write({ tenants: [dayOfChanges()] });
    const expected =
      'Comercializadora Andina S.A.S. (0ee9a9bb-2b87-43f0-82f5-d431917734f8): insertados 1 pago, 1 venta; ' +
      'reemplazados 1 concepto, 1 empleado, 2 pagos, 1 categoría, 1 proveedor; eliminados 1 pago, 1 venta\n';

    const dry = await importInProcess(url, file, ['--merge', '--dry-run']);
    expect({ code: dry.code, out: dry.stdout }).toEqual({
      code: 0,
      out: `${expected}Simulación (--dry-run): 1 tenant (1 con cambios, 0 sin cambios); no se escribió nada\n`,
    });
    expect(await snapshot(db)).toEqual(before);

    const run = await importInProcess(url, file, ['--merge']);
    expect({ code: run.code, out: run.stdout }).toEqual({
      code: 0,
      out: expect.stringMatching(
        new RegExp(`^${expected.replace(/[()]/g, '\\$&')}Fusionado: 1 tenant \\(1 con cambios, 0 sin cambios\\) en [\\d,]+ s\\n$`),
      ),
    });
    // Only Andina's data version moved.
    expect(await versionsOf(state.tenants)).toEqual([expect.not.stringMatching(`^${versions[0]}$`), versions[1], versions[2]]);

    const after = await readAll(app);
    const pagos = after[READS[0]] as { contenido: { uuid: string; estado: string }[] };
    const byId = new Map(pagos.contenido.map((p) => [uuidKey(p.uuid), p]));
    expect(byId.get('085ec3fe-4939-499f-9f7c-ac719df57488')?.estado).toBe('PG');
    expect(byId.has('0bfa492d-e789-4826-a04f-2cde01af33b7')).toBe(false);
    expect(byId.has(u(1))).toBe(true);
    for (const changed of READS.slice(1, 9)) expect({ changed, body: after[changed] }).not.toEqual({ changed, body: reads[changed] });
    expect(JSON.stringify(after['/proveedor/4205751812'])).toContain('Sede Cali');

    // The same final state, imported whole into a fresh database: the same rows and the same reads.
    const freshUrl = await seedDatabase(FRESH, [state]);
    const fresh = new Client({ connectionString: freshUrl });
    await fresh.connect();
    const freshApp = await createTestApp({}, freshUrl);
    try {
      expect(await tenantRows(db, ANDINA)).toEqual(await tenantRows(fresh, ANDINA));
      expect(after).toEqual(await readAll(freshApp));
    } finally {
      await freshApp.close();
      await fresh.end();
    }
  });

  it('the same file merged twice: the second time "sin cambios", nothing written, the same ETag (304)', async () => {
    const file = write({ tenants: [{ ...head(andina()), pagos: [find(andina().pagos, '085ec3fe')], eliminar: { pagos: [u(404)] } }] });
    await importInProcess(url, file, ['--merge']);
    // Past the data-version cache of the app (DATA_VERSION_CACHE_MS, 2 s): the ETag now is the stored version's.
    await new Promise((r) => setTimeout(r, 2100));
    const first = await get(app, READS[0], token);
    const before = await snapshot(db);
    const again = await importInProcess(url, file, ['--merge']);
    expect({ code: again.code, out: again.stdout }).toEqual({
      code: 0,
      out: expect.stringMatching(
        /^Comercializadora Andina S\.A\.S\. \(0ee9a9bb-2b87-43f0-82f5-d431917734f8\): sin cambios\nFusionado: 1 tenant \(0 con cambios, 1 sin cambios\)/,
      ),
    });
    expect(await snapshot(db)).toEqual(before);
    await new Promise((r) => setTimeout(r, 2100));
    const revalidated = await get(app, READS[0], token, { 'if-none-match': String(first.headers.etag) });
    expect(revalidated.status).toBe(304);
  });

  it('--dry-run of a plain import or a --replace says what it would do and writes nothing', async () => {
    const before = await snapshot(db);
    const file = write({
      tenants: [
        { ...head(andina()), negocios: andina().negocios },
        { ...head(andina()), uuid: u(501), nit: '900501501' },
      ],
    });
    const plain = await importInProcess(url, file, ['--dry-run']);
    expect({ code: plain.code, out: plain.stdout }).toEqual({
      code: 1,
      out: expect.stringMatching(
        /Comercializadora Andina S\.A\.S\. \(0ee9a9bb[^)]*\): ya existe; la importación se rechazaría \(use --replace o --merge\)\n.*: se crearía\n/,
      ),
    });
    const replace = await importInProcess(url, file, ['--replace', '--dry-run']);
    expect({ code: replace.code, out: replace.stdout }).toEqual({
      code: 0,
      out: expect.stringContaining('): se reemplazarían todos sus datos\n'),
    });
    expect(replace.stdout).toMatch(/Simulación \(--dry-run\): .*no se escribió nada\n$/);
    expect(await snapshot(db)).toEqual(before);
  });

  it('a tenant absent from the database is created as by a plain import', async () => {
    const nuevo = { ...structuredClone(state.tenants[2]), uuid: u(500), nit: '900500500', nombre: 'Nuevo por merge', usuarios: [] };
    const run = await importInProcess(url, write({ tenants: [nuevo] }), ['--merge']);
    expect({ code: run.code, out: run.stdout }).toEqual({
      code: 0,
      out: expect.stringContaining(`Nuevo por merge (${u(500)}): tenant nuevo, importado completo`),
    });
    const freshUrl = await seedDatabase(FRESH, [{ tenants: [nuevo] }]);
    const fresh = new Client({ connectionString: freshUrl });
    await fresh.connect();
    try {
      expect(await tenantRows(db, u(500))).toEqual(await tenantRows(fresh, u(500)));
    } finally {
      await fresh.end();
    }
  });

  describe('concurrency: one tenant, one import at a time', () => {
    const PACIFICO = 'eefc7a24-ca77-4617-a19b-5632192302e1';
    const pacifico = (): TenantInput => exampleDataset().tenants[2];
    const bonds = (pacifico().empleados as EmpleadoInput[]).map((e) => e.vinculaciones[0].uuid);
    /** A payment on the same bonds and year as the others: their rollup rows are the ones both merges rebuild. */
    const payment = (n: number): TenantInput => ({
      ...head(pacifico()),
      pagos: [
        {
          uuid: u(600 + n),
          ano: 2023,
          mes: 12,
          descripcion: `Extra ${n}`,
          fechaDesde: '2023-12-10',
          fechaHasta: '2023-12-10',
          fechaPago: '2023-12-10',
          estado: 'PG',
          tipoPago: 'PR',
          definitivo: true,
          empleados: bonds.slice(0, 3).map((vinculacion, k) => ({
            uuid: u(700 + n * 10 + k),
            vinculacion,
            salarioBase: 1_000_000,
            detalles: [{ uuid: u(800 + n * 10 + k), concepto: '001', valor: 1000 * (n + 1) + k }],
          })),
        },
      ],
    });

    /** Runs `imports` on their own connections while a transaction holds the tenant's import lock, then lets them go together. */
    async function together(imports: ((client: Client) => Promise<unknown>)[]): Promise<PromiseSettledResult<unknown>[]> {
      const holder = new Client({ connectionString: url });
      const clients = imports.map(() => new Client({ connectionString: url }));
      await Promise.all([holder, ...clients].map((c) => c.connect()));
      try {
        await holder.query('begin');
        await lockTenants(holder, [PACIFICO]);
        const running = Promise.allSettled(imports.map((run, i) => run(clients[i])));
        for (let i = 0; i < 400; i++) {
          const { rows } = await db.query<{ n: number }>(
            `select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`,
          );
          if (rows[0].n === imports.length) break;
          await new Promise((r) => setTimeout(r, 25));
        }
        const { rows } = await db.query<{ n: number }>(
          `select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`,
        );
        expect(rows[0].n).toBe(imports.length);
        await holder.query('commit');
        return await running;
      } finally {
        await Promise.all([holder, ...clients].map((c) => c.end()));
      }
    }

    const mergeOn = (tenant: TenantInput) => async (client: Client) => {
      const result = await mergeDataset(client, await readDatasetFile(write({ tenants: [tenant] })), { dryRun: false });
      expect(result.problems).toEqual([]);
    };

    it('two merges at once: both wait, then run one after the other (no deadlock, no lost update)', async () => {
      const results = await together([mergeOn(payment(1)), mergeOn(payment(2))]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
      const { rows } = await db.query<{ n: number }>('select count(*)::int as n from pago where tenant_id = $1 and id = any($2::uuid[])', [
        PACIFICO,
        [u(601), u(602)],
      ]);
      expect(rows[0].n).toBe(2);
      expect((await db.query<{ n: number }>(ROLLUP_DIFF, [PACIFICO])).rows[0].n).toBe(0);
    });

    it('a merge and a --replace at once: one after the other, either order leaves a consistent tenant', async () => {
      const results = await together([mergeOn(payment(3)), (client) => loadDataset(client, { tenants: [pacifico()] }, { replace: true })]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
      expect((await db.query<{ n: number }>(ROLLUP_DIFF, [PACIFICO])).rows[0].n).toBe(0);
      const { rows } = await db.query<{ n: number }>('select count(*)::int as n from pago where tenant_id = $1', [PACIFICO]);
      // The replace first (then the merge adds one payment) or the merge first (the replace removes it).
      expect([4, 5]).toContain(rows[0].n);
    });
  });
});

import { Readable } from 'node:stream';
import { isDeepStrictEqual } from 'node:util';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Client } from 'pg';
import type { Dataset, EstadoVenta, TenantInput, VentaInput } from '@nomina-api/importer/dataset.types';
import { loadDataset } from '@nomina-api/importer/load-dataset';
import { groupedFromLinesSql, jsonWriter, reportUtilitySql, toItem } from '@nomina-api/reportes/testing';
import { createTestApp, get, login } from './support/test-app';
import { seedDatabase } from './support/test-database';
import { prng } from './support/prng';

// Seeding (migrations, scrypt hashes, a few thousand sales) takes longer than jest's default 5 s.
jest.setTimeout(120_000);

/**
 * The grouped profitability report reads whole UTC years and months from the sales rollups the
 * importer writes (venta_producto_ano / venta_producto_mes) and only the partial months at the
 * edges from the lines. Here it is compared row by row, as text, with the same report computed
 * from the lines alone (groupedFromLinesSql, the statement before the rollups) over seeded random
 * ranges: millisecond bounds, ranges inside one day, around month and year starts, several months,
 * whole years; every estado set; one business and all businesses; a tenant whose rollups the
 * importer sums in JavaScript and one whose quantities send it to the SQL fallback; and again
 * after a --replace import. A stale rollup or a wrong split of the range fails here.
 */

const PASSWORD = 'Clave-Segura#2024';
const TENANT_A = '7e7e0000-0000-4000-8000-00000000000a';
const TENANT_B = '7e7e0000-0000-4000-8000-00000000000b';
const NORTE = '7e7e1111-0000-4000-8000-000000000001';
const SUR = '7e7e1111-0000-4000-8000-000000000002';
const OESTE = '7e7e1111-0000-4000-8000-000000000003';
const premium = { plan: 'PREMIUM' as const, desde: '2020-01-01T00:00:00Z', hasta: '2099-12-31T23:59:59Z' };

/** Sales from FIRST to LAST: 2024 and 2025 are whole years, late 2023 and early 2026 partial ones. */
const FIRST = Date.parse('2023-10-20T00:00:00.000Z');
const LAST = Date.parse('2026-02-10T00:00:00.000Z');
const DAY = 86_400_000;
const ESTADOS: EstadoVenta[] = ['Pagada', 'Pendiente', 'Anulada'];
/** Every non-empty estado set. */
const ESTADO_SETS: EstadoVenta[][] = [1, 2, 3, 4, 5, 6, 7].map((m) => ESTADOS.filter((_, k) => m & (1 << k)));

/** A uuid from 8 hex characters (tenant and kind) and a number. */
const hexId = (head: string, n: number): string => `${head}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const iso = (ms: number): string => new Date(ms).toISOString();

/** UTC month starts from FIRST to LAST: where sales are placed 1 ms before, at and 1 ms after. */
function monthStarts(): number[] {
  const out: number[] = [];
  for (let d = new Date(FIRST); d.getTime() <= LAST; d.setUTCMonth(d.getUTCMonth() + 1, 1))
    out.push(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
  return out.filter((t) => t > FIRST);
}

interface TenantShape {
  uuid: string;
  /** 4 hex characters, the start of the tenant's uuids. */
  prefix: string;
  negocios: string[];
  email: string;
  sales: number;
  seed: number;
  /** A quantity with more than 4 decimals: the importer cannot sum it exactly and leaves the rollups to SQL. */
  oddQuantity?: boolean;
}

function tenant(shape: TenantShape, keep: (n: number) => boolean = () => true): TenantInput {
  const random = prng(shape.seed);
  const productos = shape.negocios.flatMap((negocio, b) =>
    Array.from({ length: 12 }, (_, k) => ({
      uuid: hexId(`${shape.prefix}0001`, b * 100 + k),
      negocio,
      codigo: `P-${b}${String(k).padStart(2, '0')}`,
      nombre: `Producto ${b}-${k}`,
    })),
  );
  const cents = (max: number): number => Math.round(random() * max * 100) / 100;
  const sale = (n: number, fecha: number): VentaInput => {
    const negocio = shape.negocios[Math.floor(random() * shape.negocios.length)];
    const own = productos.filter((p) => p.negocio === negocio);
    return {
      uuid: hexId(`${shape.prefix}0005`, n),
      negocio,
      fecha: iso(fecha),
      estado: ESTADOS[random() < 0.7 ? 0 : random() < 0.6 ? 1 : 2],
      lineas: Array.from({ length: 1 + Math.floor(random() * 4) }, () => ({
        producto: own[Math.floor(random() * own.length)].uuid,
        // Whole units or up to 4 decimals (weighed goods).
        cantidad: random() < 0.5 ? 1 + Math.floor(random() * 9) : Math.max(1, Math.round(random() * 90_000)) / 10_000,
        precioUnitario: cents(90_000),
        descuento: random() < 0.7 ? 0 : cents(500),
        impuestos: random() < 0.4 ? 0 : cents(9_000),
        costoPromedio: Math.round(random() * 500_000_000) / 10_000,
      })),
    };
  };
  const ventas: VentaInput[] = [];
  for (let n = 0; n < shape.sales; n++) ventas.push(sale(n, FIRST + Math.floor(random() * (LAST - FIRST))));
  // Wholesale lines whose products and sums outgrow 2^53 in the importer's units (it carries them into BigInts).
  for (const v of ventas.filter((_, n) => n % 40 === 0)) {
    v.lineas.push({
      ...v.lineas[0],
      cantidad: 12_345.6789,
      precioUnitario: 987_654_321.99,
      descuento: 1_234_567.89,
      impuestos: 9_876_543.21,
      costoPromedio: 87_654_321.1234,
    });
  }
  monthStarts().forEach((t, k) => [-1, 0, 1].forEach((delta, j) => ventas.push(sale(shape.sales + 3 * k + j, t + delta))));
  if (shape.oddQuantity) ventas[0].lineas[0].cantidad = 1.234567;
  return {
    uuid: shape.uuid,
    nit: shape.prefix,
    nombre: `Tenant ${shape.prefix}`,
    activo: true,
    negocios: shape.negocios.map((uuid, k) => ({ uuid, nombre: `Negocio ${k}`, suscripcion: premium })),
    usuarios: [
      {
        uuid: hexId(`${shape.prefix}000e`, 1),
        email: shape.email,
        password: PASSWORD,
        nombre: 'Ana',
        apellido: 'Prueba',
        negocios: shape.negocios,
      },
    ],
    productos,
    ventas: ventas.filter((_, n) => keep(n)),
  };
}

const A: TenantShape = { uuid: TENANT_A, prefix: '7e7a', negocios: [NORTE, SUR], email: 'ana@rollup.co', sales: 2_500, seed: 11 };
const B: TenantShape = {
  uuid: TENANT_B,
  prefix: '7e7b',
  negocios: [OESTE],
  email: 'beto@rollup.co',
  sales: 600,
  seed: 12,
  oddQuantity: true,
};
const DATASET: Dataset = { tenants: [tenant(A), tenant(B)] };

interface Range {
  init: string;
  end: string;
}

/** Seeded ranges of every kind; each starts and ends at a millisecond. */
function randomRanges(count: number, seed: number): Range[] {
  const random = prng(seed);
  const edges = monthStarts();
  const lo = FIRST - 5 * DAY;
  const span = LAST + 5 * DAY - lo;
  const at = (): number => lo + Math.floor(random() * span);
  const edge = (): number => edges[Math.floor(random() * edges.length)] + Math.floor((random() - 0.5) * 6);
  const ranges: Range[] = [];
  for (let n = 0; n < count; n++) {
    let a: number;
    let b: number;
    switch (n % 6) {
      case 0: // inside about a day
        a = at();
        b = a + Math.floor(random() * DAY);
        break;
      case 1: // from or to a few ms around a month start
        a = edge();
        b = random() < 0.5 ? edge() : a + Math.floor(random() * 90 * DAY);
        break;
      case 2: // several months
        a = at();
        b = a + Math.floor(random() * 200 * DAY);
        break;
      case 3: // whole UTC years, as a UI sends them
        a = Date.UTC(2023 + Math.floor(random() * 3), 0, 1);
        b = Date.UTC(new Date(a).getUTCFullYear() + 1 + Math.floor(random() * 2), 0, 1) - 1;
        break;
      case 4: // whole months
        a = edges[Math.floor(random() * edges.length)];
        b = Date.UTC(new Date(a).getUTCFullYear(), new Date(a).getUTCMonth() + 1 + Math.floor(random() * 14), 1) - 1;
        break;
      default: // anything
        a = at();
        b = at();
    }
    if (b < a) [a, b] = [b, a];
    ranges.push({ init: iso(a), end: iso(b) });
  }
  return ranges;
}

/** What the rollup statement reads for a range: whole years, other whole months, partial months. */
function tiers({ init, end }: Range): { years: boolean; months: boolean } {
  const a = new Date(init);
  const e = new Date(Date.parse(end) + 1);
  const m0 = Date.UTC(a.getUTCFullYear(), a.getUTCMonth() + (a.getTime() === Date.UTC(a.getUTCFullYear(), a.getUTCMonth(), 1) ? 0 : 1), 1);
  const m1 = Date.UTC(e.getUTCFullYear(), e.getUTCMonth(), 1);
  const y0 = Date.UTC(new Date(m0).getUTCFullYear() + (new Date(m0).getUTCMonth() === 0 ? 0 : 1), 0, 1);
  const y1 = Date.UTC(new Date(m1).getUTCFullYear(), 0, 1);
  return { years: y0 < y1 && m0 < m1, months: m0 < m1 };
}

/** Both rollup tables equal a GROUP BY of the lines (the definition in resumen-ventas.ts). */
const STALE_ROLLUP_ROWS = `
  with lineas as (
    select l.tenant_id, l.negocio_id, l.fecha at time zone 'UTC' as t, l.estado, l.producto_id,
           l.cantidad as q, l.cantidad * l.precio_unitario as b, l.descuento as d, l.impuestos as i, l.cantidad * l.costo_promedio as c
      from venta_linea l where l.tenant_id = $1
  ),
  esperado as (
    select 'mes' as tabla, negocio_id, date_trunc('month', t)::date as periodo, estado, producto_id, sum(q) q, sum(b) b, sum(d) d, sum(i) i, sum(c) c
      from lineas group by 2, 3, 4, 5
    union all
    select 'ano', negocio_id, date_trunc('year', t)::date, estado, producto_id, sum(q), sum(b), sum(d), sum(i), sum(c)
      from lineas group by 2, 3, 4, 5
  ),
  guardado as (
    select 'mes' as tabla, negocio_id, mes as periodo, estado, producto_id, cantidad, total_bruto, descuento, impuestos, costo_total
      from venta_producto_mes where tenant_id = $1
    union all
    select 'ano', negocio_id, ano, estado, producto_id, cantidad, total_bruto, descuento, impuestos, costo_total
      from venta_producto_ano where tenant_id = $1
  )
  select count(*)::int as n from ((select * from esperado except all select * from guardado) union all (select * from guardado except all select * from esperado)) x`;

describe('grouped report from the sales rollups = from the lines (e2e)', () => {
  let url: string;
  let app: NestFastifyApplication;
  let client: Client;

  /** Both statements on the same range, rows as text; returns the rollup statement's rows. */
  async function compare(tenantId: string, businesses: string[], estados: string[], range: Range): Promise<unknown[][]> {
    const one = businesses.length === 1;
    const values = [tenantId, one ? businesses[0] : businesses, range.init, range.end, estados];
    const naive = await client.query({ text: groupedFromLinesSql(one), values, rowMode: 'array' });
    const fast = await client.query({ text: reportUtilitySql({ grouped: true, oneBusiness: one }), values, rowMode: 'array' });
    if (!isDeepStrictEqual(fast.rows, naive.rows)) {
      // The first differing row, for the failure message.
      const k = fast.rows.findIndex((row, i) => !isDeepStrictEqual(row, naive.rows[i]));
      expect({ range, businesses, estados, row: fast.rows[k] ?? null }).toEqual({ range, businesses, estados, row: naive.rows[k] ?? null });
    }
    return fast.rows as unknown[][];
  }

  async function compareMany(shape: TenantShape, ranges: Range[]): Promise<number> {
    let rows = 0;
    for (const [n, range] of ranges.entries()) {
      const businesses = shape.negocios.length > 1 && n % 3 === 0 ? shape.negocios : [shape.negocios[n % shape.negocios.length]];
      rows += (await compare(shape.uuid, businesses, ESTADO_SETS[n % ESTADO_SETS.length], range)).length;
    }
    return rows;
  }

  beforeAll(async () => {
    url = await seedDatabase('nomina_test_report_rollup', [DATASET]);
    client = new Client({ connectionString: url });
    await client.connect();
    await client.query(`set timezone = 'UTC'`);
    app = await createTestApp({}, url);
  });

  afterAll(async () => {
    await client?.end();
    await app?.close();
  });

  it('the importer wrote rollups equal to a GROUP BY of the lines (JavaScript sums and the SQL fallback)', async () => {
    for (const shape of [A, B]) {
      const { rows } = await client.query<{ n: string }>(`select count(*) as n from venta_producto_mes where tenant_id = $1`, [shape.uuid]);
      expect(Number(rows[0].n)).toBeGreaterThan(100);
      expect((await client.query<{ n: number }>(STALE_ROLLUP_ROWS, [shape.uuid])).rows[0].n).toBe(0);
    }
  });

  it('160 random ranges, every estado set, one business and all businesses: identical rows', async () => {
    const ranges = randomRanges(160, 21);
    // Not vacuous: the ranges use every source, and most return products.
    expect(ranges.filter((r) => tiers(r).years).length).toBeGreaterThanOrEqual(20);
    expect(ranges.filter((r) => tiers(r).months && !tiers(r).years).length).toBeGreaterThanOrEqual(40);
    expect(ranges.filter((r) => !tiers(r).months).length).toBeGreaterThanOrEqual(40);
    expect(await compareMany(A, ranges)).toBeGreaterThan(160 * 5);
  });

  it('40 random ranges of the tenant whose rollups come from the SQL fallback', async () => {
    expect(await compareMany(B, randomRanges(40, 22))).toBeGreaterThan(40 * 3);
  });

  it('the endpoint answers the year, a month and a partial range exactly like the lines (JSON bytes)', async () => {
    const token = await login(app, A.email, PASSWORD);
    const ranges: Range[] = [
      { init: '2025-01-01T00:00:00.000Z', end: '2025-12-31T23:59:59.999Z' },
      { init: '2024-06-01T00:00:00.000Z', end: '2024-06-30T23:59:59.999Z' },
      { init: '2023-12-31T23:59:59.999Z', end: '2025-03-01T00:00:00.000Z' },
    ];
    for (const range of ranges) {
      for (const [query, businesses] of [
        [`businessId=${SUR}`, [SUR]],
        ['allBusiness=true', A.negocios],
      ] as const) {
        const res = await get(
          app,
          `/reports/reportUtility?dateInitISO=${range.init}&dateEndISO=${range.end}&groupResult=true&${query}`,
          token,
        );
        expect(res.status).toBe(200);
        const one = businesses.length === 1;
        const { rows } = await client.query({
          text: groupedFromLinesSql(one),
          values: [TENANT_A, one ? businesses[0] : businesses, range.init, range.end, ['Pagada', 'Pendiente']],
        });
        const expected: string[] = [];
        for await (const chunk of Readable.from([rows.map(toItem)]).pipe(jsonWriter())) expected.push(String(chunk));
        expect(res.body).toBe(expected.join(''));
      }
    }
  });

  it('a --replace import refreshes the rollups in the same transaction', async () => {
    const replaced = tenant({ ...A, seed: 31 }, (n) => n % 3 !== 0);
    const loader = new Client({ connectionString: url });
    await loader.connect();
    try {
      await loadDataset(loader, { tenants: [replaced] }, { replace: true });
    } finally {
      await loader.end();
    }
    expect((await client.query<{ n: number }>(STALE_ROLLUP_ROWS, [TENANT_A])).rows[0].n).toBe(0);
    await compareMany(A, randomRanges(40, 23));
  });
});

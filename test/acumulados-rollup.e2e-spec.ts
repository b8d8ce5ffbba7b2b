import { Client } from 'pg';
import { generateDataset, materializeDataset } from '@nomina-api/importer/demo/generate-dataset';
import type { Dataset, PagoInput, TenantInput } from '@nomina-api/importer/dataset.types';
import { conceptosAcumuladosSql, type FuenteAcumulado } from '@nomina-api/nomina/testing';
import { ROLLUP_DIFF } from './support/merge-compare';
import { seedDatabase } from './support/test-database';
import { prng } from './support/prng';

/**
 * The accumulated concepts read whole calendar years from the per-bond yearly rollup
 * (vinculacion_acumulado_anual, filled by the importer) and the partial years from the payslips.
 * Here that statement is compared, exactly (amounts as decimal text), with a naive aggregation
 * of the raw payslip lines over seeded-random ranges — year-aligned, partial years, multi-year,
 * single days — for both sources, and with the same statement reading every payslip
 * (`yearly: false`) page by page in several orders. A stale or wrong rollup row fails here: the
 * last case corrupts one and expects the comparison to see it.
 */
const ADMIN_EMAIL = 'admin@andina.demo.co';

/** Every bond's totals and latest salary, from the lines (no stored total is read). */
const NAIVE = `
  with considered as (
    select pe.id, pe.vinculacion_id, pe.salario_base, p.fecha_desde, p.fecha_pago, p.id as pago_id
      from pago p
      join pago_empleado pe on pe.tenant_id = p.tenant_id and pe.pago_id = p.id
     where p.tenant_id = $1 and p.definitivo and p.fecha_desde between $2::date and $3::date
  ),
  sums as (
    select c.vinculacion_id,
           coalesce(sum(d.valor) filter (where k.tipo = 'DEVENGADO' and ($4 = false or k.base_aportes)), 0.00) as dev,
           coalesce(sum(d.valor) filter (where k.tipo = 'DEDUCCION' and ($4 = false or k.base_aportes)), 0.00) as ded,
           count(d.id) filter (where k.base_aportes) as base_lines
      from considered c
      left join pago_empleado_detalle d on d.tenant_id = $1 and d.pago_empleado_id = c.id
      left join concepto k on k.tenant_id = $1 and k.codigo = d.concepto_codigo
     group by c.vinculacion_id
  )
  select s.vinculacion_id::text as id, s.dev::text as dev, s.ded::text as ded, (s.dev - s.ded)::text as neto,
         (select c.salario_base from considered c where c.vinculacion_id = s.vinculacion_id
           order by c.fecha_desde desc, c.fecha_pago desc, c.pago_id desc limit 1)::text as salario
    from sums s
   where not $4 or s.base_lines > 0
   order by 1`;

const DAY = 86_400_000;
const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

type Range = [string, string];

/** Ranges of every kind the split at calendar years distinguishes, over the data's years ± 1. */
function randomRanges(count: number, random: () => number, paymentDays: string[], years: [number, number]): Range[] {
  const [first, last] = years;
  const year = (): number => first - 1 + Math.floor(random() * (last - first + 3));
  const dayIn = (y: number): number => Date.UTC(y, 0, 1) + Math.floor(random() * 365) * DAY;
  const ranges: Range[] = [];
  for (let i = 0; i < count; i++) {
    const a = year();
    const b = a + Math.floor(random() * 3);
    switch (i % 6) {
      case 0: // whole years
        ranges.push([`${a}-01-01`, `${b}-12-31`]);
        break;
      case 1: // partial years at both ends (often with whole years between)
        ranges.push([isoDay(dayIn(a)), isoDay(dayIn(b + 1))].sort() as Range);
        break;
      case 2: // one aligned end
        ranges.push(random() < 0.5 ? [`${a}-01-01`, isoDay(dayIn(b))] : [isoDay(dayIn(a)), `${b}-12-31`]);
        break;
      case 3: {
        // a single day: a payment's fechaDesde (or the day before / after it)
        const d = Date.parse(`${paymentDays[Math.floor(random() * paymentDays.length)]}T00:00:00Z`) + (Math.floor(random() * 3) - 1) * DAY;
        ranges.push([isoDay(d), isoDay(d)]);
        break;
      }
      case 4: // within one year, up to a few months
        {
          const d = dayIn(a);
          ranges.push([isoDay(d), isoDay(Math.min(d + Math.floor(random() * 120) * DAY, Date.UTC(a, 11, 31)))]);
        }
        break;
      default: // year edges: Dec 31 / Jan 1 boundaries
        ranges.push([`${a - 1}-12-31`, random() < 0.5 ? `${b}-12-31` : `${b + 1}-01-01`]);
    }
  }
  return ranges;
}

/**
 * The demo dataset with a different salary on every payslip (the generator repeats a bond's salary
 * all year), so a latest-payment mistake changes salarioBase.
 */
function datasetWithDistinctSalaries(): Dataset {
  const data = materializeDataset(generateDataset({ scale: 'demo' }));
  let n = 0;
  for (const t of data.tenants) for (const p of (t.pagos ?? []) as PagoInput[]) for (const pe of p.empleados) pe.salarioBase += ++n;
  return data;
}

/**
 * A bond whose year adds up to more than 2^53 cents (payments of 9 × 10^13 each, about the most one
 * payment may hold, then one cent): the importer's sums must leave plain numbers and stay exact.
 */
const HUGE_TENANT = '00000000-0000-4000-8000-00000000e001';
const huge = (n: number): string => `00000000-0000-4000-8000-${(0xe100 + n).toString(16).padStart(12, '0')}`;
function hugeAmountsTenant(): TenantInput {
  const lines = (payslip: number) =>
    payslip === 4
      ? [{ uuid: huge(0x1ff), concepto: '001', valor: 0.01 }]
      : Array.from({ length: 9 }, (_, i) => ({
          uuid: huge(0x100 + payslip * 16 + i),
          concepto: i < 8 ? '001' : '101',
          valor: 9_999_999_999_999.99,
        }));
  const pago = (n: number, fechaDesde: string): PagoInput => ({
    uuid: huge(n),
    ano: Number(fechaDesde.slice(0, 4)),
    mes: Number(fechaDesde.slice(5, 7)),
    descripcion: `Pago ${n}`,
    fechaDesde,
    fechaHasta: fechaDesde,
    fechaPago: fechaDesde,
    estado: 'PG',
    tipoPago: 'PE',
    definitivo: true,
    empleados: [{ uuid: huge(0x10 + n), vinculacion: huge(3), salarioBase: 1000 + n, detalles: lines(n) }],
  });
  return {
    uuid: HUGE_TENANT,
    nit: '900000999',
    nombre: 'Montos enormes',
    activo: true,
    tiposCotizante: [{ codigo: '01', descripcion: 'Dependiente' }],
    conceptos: [
      { codigo: '001', nombre: 'Sueldo', tipo: 'DEVENGADO', baseAportes: true },
      { codigo: '101', nombre: 'Salud', tipo: 'DEDUCCION', baseAportes: true },
    ],
    empleados: [
      {
        uuid: huge(2),
        tipoDocumento: 'CC',
        identificacion: '999',
        nombres: 'Rica',
        apellidos: 'Mente',
        vinculaciones: [{ uuid: huge(3), fechaIngreso: '2020-01-01', salarioBase: 1, salarioIntegral: false, tipoCotizante: '01' }],
      },
    ],
    pagos: [pago(1, '2024-03-01'), pago(2, '2024-04-01'), pago(3, '2024-05-01'), pago(4, '2024-06-01')],
  };
}

interface Row {
  id: string;
  dev: string;
  ded: string;
  neto: string;
  salario: string;
}

describe('accumulated concepts: yearly rollup + partial years equal the naive aggregation (e2e)', () => {
  let client: Client;
  let tenant: string;
  let ranges: Range[];

  beforeAll(async () => {
    const url = await seedDatabase('nomina_test_acumulado_anual', [datasetWithDistinctSalaries(), { tenants: [hugeAmountsTenant()] }]);
    client = new Client({ connectionString: url });
    await client.connect();
    tenant = (await client.query<{ t: string }>(`select tenant_id::text as t from usuario where email = $1`, [ADMIN_EMAIL])).rows[0].t;
    const days = await client.query<{ d: string }>(
      `select distinct to_char(fecha_desde, 'YYYY-MM-DD') as d from pago where tenant_id = $1 order by 1`,
      [tenant],
    );
    const paymentDays = days.rows.map((r) => r.d);
    const years: [number, number] = [Number(paymentDays[0].slice(0, 4)), Number(paymentDays[paymentDays.length - 1].slice(0, 4))];
    ranges = randomRanges(120, prng(20261122), paymentDays, years);
  });

  afterAll(async () => {
    await client?.end();
  });

  async function fast(
    fuente: FuenteAcumulado,
    [desde, hasta]: Range,
    page: { offset: number; size: number; sort: string; direction: 'asc' | 'desc' },
    yearly = true,
  ) {
    const { text, values } = conceptosAcumuladosSql({
      tenantId: tenant,
      fechaDesde: desde,
      fechaHasta: hasta,
      fuente,
      offset: page.offset,
      size: page.size,
      sort: [{ field: page.sort, direction: page.direction }],
      yearly,
    });
    return (await client.query({ text, values, rowMode: 'array' })).rows as unknown[][];
  }

  async function naive(fuente: FuenteAcumulado, [desde, hasta]: Range): Promise<Row[]> {
    return (await client.query<Row>(NAIVE, [tenant, desde, hasta, fuente === 'aportes'])).rows;
  }

  /**
   * Every element of the fast statement (one page of 1000), as the naive rows, by bond. Ordered by
   * salarioBase, the statement ranks every bond's latest payment (the rollup's ultimo_pago_id);
   * otherwise it probes the payslips for the page's salaries.
   */
  async function fastRows(fuente: FuenteAcumulado, range: Range, sort = 'totalNeto'): Promise<{ total: number; rows: Row[] }> {
    const { text, values } = conceptosAcumuladosSql({
      tenantId: tenant,
      fechaDesde: range[0],
      fechaHasta: range[1],
      fuente,
      offset: 0,
      size: 1000,
      sort: [{ field: sort, direction: 'desc' }],
    });
    const result = (await client.query<Record<string, string | number | null>>(text, values)).rows;
    const rows = result
      .filter((r) => r.uuidVinculado !== null)
      .map((r) => ({
        id: String(r.uuidVinculado),
        dev: String(r.totalDevengados),
        ded: String(r.totalDeducciones),
        neto: String(r.totalNeto),
        salario: String(r.salarioBase),
      }))
      .sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
    return { total: result.length ? Number(result[0].total) : 0, rows };
  }

  it('the importer filled the rollup exactly as its SQL definition (the migration backfill) does', async () => {
    const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from vinculacion_acumulado_anual where tenant_id = $1`, [
      tenant,
    ]);
    expect(rows[0].n).toBeGreaterThan(0);
    expect((await client.query<{ n: number }>(ROLLUP_DIFF, [tenant])).rows[0].n).toBe(0);
  });

  it('a year beyond 2^53 cents is summed exactly', async () => {
    expect((await client.query<{ n: number }>(ROLLUP_DIFF, [HUGE_TENANT])).rows[0].n).toBe(0);
    const { rows } = await client.query<{ dev: string }>(
      `select total_devengados::text as dev from vinculacion_acumulado_anual where tenant_id = $1`,
      [HUGE_TENANT],
    );
    expect(rows).toEqual([{ dev: '239999999999999.77' }]);
    const { text, values } = conceptosAcumuladosSql({
      tenantId: HUGE_TENANT,
      fechaDesde: '2024-01-01',
      fechaHasta: '2024-12-31',
      fuente: 'aportes',
      offset: 0,
      size: 10,
      sort: [{ field: 'totalNeto', direction: 'asc' }],
    });
    const [row] = (await client.query<Record<string, string>>(text, values)).rows;
    expect([row.totalDevengados, row.totalDeducciones, row.totalNeto, row.salarioBase]).toEqual([
      '239999999999999.77',
      '29999999999999.97',
      '209999999999999.80',
      '1004.00',
    ]);
  });

  it('covers every kind of range, with and without data', () => {
    expect(ranges.filter(([a, b]) => a.endsWith('-01-01') && b.endsWith('-12-31')).length).toBeGreaterThanOrEqual(20);
    expect(ranges.filter(([a, b]) => a === b).length).toBeGreaterThanOrEqual(20);
    expect(ranges.filter(([a, b]) => a.slice(0, 4) !== b.slice(0, 4)).length).toBeGreaterThanOrEqual(40);
  });

  it.each<FuenteAcumulado>(['generica', 'aportes'])(
    '%s: every bond, total and latest salary equal the naive aggregation of the lines over 120 random ranges',
    async (fuente) => {
      let nonEmpty = 0;
      for (const [i, range] of ranges.entries()) {
        const expected = await naive(fuente, range);
        const actual = await fastRows(fuente, range, i % 2 ? 'salarioBase' : 'totalNeto');
        expect({ range, ...actual }).toEqual({ range, total: expected.length, rows: expected });
        if (expected.length) nonEmpty++;
      }
      expect(nonEmpty).toBeGreaterThanOrEqual(60);
    },
  );

  it.each<FuenteAcumulado>(['generica', 'aportes'])(
    '%s: pages in every order equal those of the statement that reads every payslip',
    async (fuente) => {
      const random = prng(fuente === 'aportes' ? 11 : 5);
      const sorts = ['nombreCompleto', 'id', 'tipoCotizante', 'salarioBase', 'totalDevengados', 'totalDeducciones', 'totalNeto'];
      for (const [i, range] of ranges.entries()) {
        const page = {
          offset: Math.floor(random() * 40),
          size: 1 + Math.floor(random() * 15),
          sort: sorts[i % sorts.length],
          direction: random() < 0.5 ? ('asc' as const) : ('desc' as const),
        };
        expect({ range, page, rows: await fast(fuente, range, page) }).toEqual({
          range,
          page,
          rows: await fast(fuente, range, page, false),
        });
      }
    },
  );

  it('a stale rollup row is caught', async () => {
    const { rows } = await client.query<{ ano: number }>(
      `select ano from vinculacion_acumulado_anual where tenant_id = $1 group by ano order by count(*) desc, ano limit 1`,
      [tenant],
    );
    const year = rows[0].ano;
    const range: Range = [`${year}-01-01`, `${year}-12-31`];
    const before = await fastRows('generica', range);
    expect(before.rows.length).toBeGreaterThan(0);
    await client.query('begin');
    try {
      await client.query(
        `update vinculacion_acumulado_anual set total_devengados = total_devengados + 0.01
          where tenant_id = $1 and ano = $2 and vinculacion_id = $3`,
        [tenant, year, before.rows[0].id],
      );
      expect((await fastRows('generica', range)).rows).not.toEqual(await naive('generica', range));
      expect((await client.query<{ n: number }>(ROLLUP_DIFF, [tenant])).rows[0].n).toBe(2);
    } finally {
      await client.query('rollback');
    }
  });
});

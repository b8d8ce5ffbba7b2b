/**
 * Proposed fast path for the grouped profitability report (CONTRACT §4, groupResult=true), measured
 * and checked for equality against the service's own statement on the bench data.
 *
 *   node bench/run-ts.js bench/report-rollup.bench.ts [--scale medium|large] [--random 200] [--rebuild]
 *
 * libs/reportes is another engineer's (not committed yet), so the rollups live here in a scratch
 * schema `bench_rollup` of the bench database (never in `public`, where a migration will create
 * them): per product and month, and per product and day, of the sale lines, by tenant, business
 * and estado, with the exact sums the report needs (Σcantidad, Σcantidad×precio, Σdescuento,
 * Σimpuestos, Σcantidad×costoPromedio). The fast statement reads, for the range
 * [dateInit, dateEnd + 1 ms):
 *   - whole UTC months inside it from the monthly rollup,
 *   - the remaining whole UTC days from the daily rollup (at most ~2 months of days),
 *   - the partial first/last day from the raw lines (covering index, as today),
 * and aggregates them exactly like reportUtilitySql (grouping sets, same rounding, same joins and
 * order). numeric sums are exact, so sums of partial sums equal the sums of the lines: the check
 * compares every row of both statements as text over the bench scenarios plus random ranges with
 * random start/end instants (milliseconds, partial days, ranges within one day, month edges) and
 * random estado sets.
 */
import { Client } from 'pg';
import { isDeepStrictEqual } from 'node:util';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '@app/platform/persistence/embedded-postgres';
import { reportUtilitySql } from '@app/reportes/queries/report-utility/report-utility.sql';
import { serviceTypes, withDatabase } from './lib/pg';
import { sequential } from './lib/measure';

function opt(name: string, fallback: string): string {
  const a = process.argv.find((x) => x.startsWith(`--${name}=`));
  const i = process.argv.indexOf(`--${name}`);
  return a ? a.split('=')[1] : i >= 0 ? process.argv[i + 1] : fallback;
}

/** Rollup tables (scratch schema here; the proposed migration creates the same in public). */
export const ROLLUP_DDL = `
create schema if not exists bench_rollup;
create table if not exists bench_rollup.venta_producto_mes (
  tenant_id uuid not null, negocio_id uuid not null, mes date not null, estado varchar not null, producto_id uuid not null,
  cantidad numeric not null, total_bruto numeric not null, descuento numeric not null, impuestos numeric not null, costo_total numeric not null,
  primary key (tenant_id, negocio_id, mes, estado, producto_id));
create table if not exists bench_rollup.venta_producto_dia (
  tenant_id uuid not null, negocio_id uuid not null, dia date not null, estado varchar not null, producto_id uuid not null,
  cantidad numeric not null, total_bruto numeric not null, descuento numeric not null, impuestos numeric not null, costo_total numeric not null,
  primary key (tenant_id, negocio_id, dia, estado, producto_id));`;

/** What the importer would run at the end of a tenant's sales load ($1 tenant), inside its transaction. */
export const ROLLUP_FILL = [
  `insert into bench_rollup.venta_producto_dia
   select l.tenant_id, l.negocio_id, (l.fecha at time zone 'UTC')::date, l.estado, l.producto_id,
          sum(l.cantidad), sum(l.cantidad * l.precio_unitario), sum(l.descuento), sum(l.impuestos), sum(l.cantidad * l.costo_promedio)
     from venta_linea l where l.tenant_id = $1
    group by 1, 2, 3, 4, 5`,
  `insert into bench_rollup.venta_producto_mes
   select d.tenant_id, d.negocio_id, date_trunc('month', d.dia)::date, d.estado, d.producto_id,
          sum(d.cantidad), sum(d.total_bruto), sum(d.descuento), sum(d.impuestos), sum(d.costo_total)
     from bench_rollup.venta_producto_dia d where d.tenant_id = $1
    group by 1, 2, 3, 4, 5`,
];

/**
 * The proposed grouped statement; same parameters and result as reportUtilitySql({ grouped: true,
 * oneBusiness }). Bounds (UTC): a = dateInit, e = dateEnd + 1 ms (exclusive); d0 = first midnight
 * ≥ a, d1 = last midnight ≤ e (whole days are [d0, d1)); m0/m1 likewise for months inside
 * [d0, d1). Each source is read as two index ranges whose formulas stay correct when a tier is
 * empty (d0 ≥ d1, or m0 ≥ m1): raw [a, least(d0, e)) and [greatest(d1, least(d0, e)), e); days
 * [d0, least(m0, d1)) and [greatest(m1, least(m0, d1)), d1); months [m0, m1).
 */
export function groupedRollupSql(oneBusiness: boolean, schema = 'bench_rollup'): string {
  const biz = (alias: string): string => (oneBusiness ? `${alias}.negocio_id = $2::uuid` : `${alias}.negocio_id = any($2::uuid[])`);
  const rollup = (table: string, col: string, from: string, to: string): string => `
      select r.producto_id, r.cantidad as q, r.total_bruto as b, r.descuento as d, r.impuestos as i, r.costo_total as c
        from ${schema}.${table} r, k
       where r.tenant_id = $1::uuid and ${biz('r')} and r.estado = any($5::text[])
         and r.${col} >= (${from})::date and r.${col} < (${to})::date`;
  const raw = (from: string, to: string): string => `
      select l.producto_id, l.cantidad, l.cantidad * l.precio_unitario, l.descuento, l.impuestos, l.cantidad * l.costo_promedio
        from venta_linea l, k
       where l.tenant_id = $1::uuid and ${biz('l')} and l.estado = any($5::text[])
         and l.fecha >= ${from} and l.fecha < ${to}`;
  return `
  with k as materialized (
    select x.a, x.e, y.d0, y.d1, z.m0, z.m1,
           y.d0 at time zone 'UTC' as d0z, y.d1 at time zone 'UTC' as d1z
      from (select $3::timestamptz as a, $4::timestamptz + interval '1 millisecond' as e) x,
           lateral (select date_trunc('day', (x.a at time zone 'UTC') - interval '1 microsecond') + interval '1 day' as d0,
                           date_trunc('day', x.e at time zone 'UTC') as d1) y,
           lateral (select date_trunc('month', y.d0 - interval '1 microsecond') + interval '1 month' as m0,
                           date_trunc('month', y.d1) as m1) z
  ),
  src as (${rollup('venta_producto_mes', 'mes', 'k.m0', 'k.m1')}
      union all${rollup('venta_producto_dia', 'dia', 'k.d0', 'least(k.m0, k.d1)')}
      union all${rollup('venta_producto_dia', 'dia', 'greatest(k.m1, least(k.m0, k.d1))', 'k.d1')}
      union all${raw('k.a', 'least(k.d0z, k.e)')}
      union all${raw('greatest(k.d1z, least(k.d0z, k.e))', 'k.e')}
  ),
  g as (
    select grouping(s.producto_id) = 1 as is_total, s.producto_id,
           coalesce(sum(s.q), 0) as q, coalesce(sum(s.b), 0) as b, coalesce(sum(s.d), 0) as d,
           coalesce(sum(s.i), 0) as i, coalesce(sum(s.c), 0) as c
      from src s
     group by grouping sets ((s.producto_id), ())
  )
  select g.is_total as "isTotal", null::text as "saleId", null::text as "date",
         g.producto_id::text as "productId", p.codigo as "code", p.nombre as "name", p.categoria as "categoryName",
         trim_scale(g.q) as "quantity",
         round(g.b, 2) as "totalBruto",
         round(g.d, 2) as "totalDiscount",
         round(g.i, 2) as "totalTaxes",
         round(g.b - g.d + g.i, 2) as "total",
         case when not g.is_total and g.q > 0 then div(g.c * 20000 + g.q, g.q * 2) * 0.0001 end as "avgCost",
         round(g.c, 2) as "cost",
         round(g.b - g.c, 2) as "grossProfit"
    from g
    left join (select p.id, p.codigo, p.nombre, cat.nombre as categoria
                 from producto p
                 left join categoria cat on cat.tenant_id = p.tenant_id and cat.id = p.categoria_id
                where p.tenant_id = $1::uuid) p on p.id = g.producto_id
   order by g.is_total, g.b desc, p.codigo collate "C", g.producto_id`;
}

// ------------------------------------------------------------------------------------------------

let seed = 0x5eed_1234;
function rand(): number {
  seed = (seed * 1_103_515_245 + 12_345) >>> 0;
  return seed / 2 ** 32;
}
const iso = (ms: number): string => new Date(ms).toISOString();

async function main(): Promise<void> {
  const scale = opt('scale', 'medium');
  const randomRanges = Number(opt('random', '200'));
  let url: string;
  let release = async (): Promise<void> => undefined;
  if (process.env.DATABASE_URL) url = withDatabase(process.env.DATABASE_URL, `nomina_${scale}`);
  else {
    const db = await startEmbeddedPostgres({ dataDir: join(__dirname, '../.data/bench'), port: 0, database: `nomina_${scale}`, log: () => undefined });
    url = db.url;
    release = db.release;
  }
  const c = new Client({ connectionString: url, types: serviceTypes() });
  await c.connect();
  try {
    await c.query(`set timezone = 'UTC'`);
    const built = (await c.query(`select to_regclass('bench_rollup.venta_producto_mes') is not null as ok`)).rows[0].ok as boolean;
    if (!built || process.argv.includes('--rebuild')) {
      await c.query('drop schema if exists bench_rollup cascade');
      await c.query(ROLLUP_DDL);
      const t = performance.now();
      const tenants = (await c.query('select distinct tenant_id from venta')).rows.map((r) => r.tenant_id as string);
      for (const tenant of tenants) for (const q of ROLLUP_FILL) await c.query(q, [tenant]);
      await c.query('analyze bench_rollup.venta_producto_dia, bench_rollup.venta_producto_mes');
      console.log(`rollups built in ${((performance.now() - t) / 1000).toFixed(2)} s (importer cost, all tenants)`);
    }
    const counts = (await c.query(`select (select count(*) from venta_linea) as lineas, (select count(*) from bench_rollup.venta_producto_dia) as dias, (select count(*) from bench_rollup.venta_producto_mes) as meses`)).rows[0];
    console.log(`sale lines ${counts.lineas}, daily rollup rows ${counts.dias}, monthly rollup rows ${counts.meses}`);

    // The bench's business: the premium one with the most sales.
    const { tenant_id: tenant, negocio_id: negocio, lo, hi } = (
      await c.query(`select tenant_id, negocio_id, min(fecha) as lo, max(fecha) as hi from venta_linea group by 1, 2 order by count(*) desc limit 1`)
    ).rows[0];
    const naive = reportUtilitySql({ grouped: true, oneBusiness: true });
    const fast = groupedRollupSql(true);
    const run = async (text: string, init: string, end: string, estados: string[]): Promise<unknown[]> =>
      (await c.query({ text, values: [tenant, negocio, init, end, estados], rowMode: 'array' })).rows;

    // Equality over random ranges.
    const loMs = Date.parse(lo) - 3 * 86_400_000;
    const hiMs = Date.parse(hi) + 3 * 86_400_000;
    const ESTADOS = [['Pagada', 'Pendiente'], ['Pagada'], ['Pendiente'], ['Anulada'], ['Pagada', 'Pendiente', 'Anulada']];
    let compared = 0;
    for (let n = 0; n < randomRanges; n++) {
      const kind = n % 4;
      let a = loMs + Math.floor(rand() * (hiMs - loMs));
      let b: number;
      if (kind === 0) b = a + Math.floor(rand() * 86_400_000); // inside about a day
      else if (kind === 1) b = a + Math.floor(rand() * 70 * 86_400_000); // up to ~2 months
      else if (kind === 2) b = a + Math.floor(rand() * (hiMs - a)); // long
      else {
        // aligned to UTC days / months, as a UI would send
        const d = new Date(a);
        a = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), rand() < 0.5 ? 1 : d.getUTCDate());
        b = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1 + Math.floor(rand() * 12), 0, 23, 59, 59, 999);
      }
      if (b < a) [a, b] = [b, a];
      const estados = ESTADOS[n % ESTADOS.length];
      const x = await run(naive, iso(a), iso(b), estados);
      const y = await run(fast, iso(a), iso(b), estados);
      if (!isDeepStrictEqual(x, y)) {
        console.error(`DIFFERENT for ${iso(a)} .. ${iso(b)} ${estados}:`, JSON.stringify(x).slice(0, 500), JSON.stringify(y).slice(0, 500));
        process.exitCode = 1;
        return;
      }
      compared++;
    }
    console.log(`equal results on ${compared} random ranges`);

    // Timing of the bench scenarios (same ranges as bench/lib/scenarios.ts).
    const ys = new Date(Date.parse(hi) - 182 * 86_400_000).getUTCFullYear();
    const cases: [string, string, string][] = [
      ['reporte-agrupado-mes', `${ys}-06-01T00:00:00.000Z`, `${ys}-06-30T23:59:59.999Z`],
      ['reporte-agrupado-ano', `${ys}-01-01T00:00:00.000Z`, `${ys}-12-31T23:59:59.999Z`],
      ['año con bordes parciales', `${ys}-01-15T10:30:00.000Z`, `${ys}-12-20T08:00:00.000Z`],
    ];
    const opts = { warmup: 2, seconds: 2, minSamples: 5, maxSamples: 200 };
    console.log('| case | naive median / p95 ms | rollup median / p95 ms | speed-up |');
    console.log('|---|---:|---:|---:|');
    for (const [name, init, end] of cases) {
      const e = ['Pagada', 'Pendiente'];
      if (!isDeepStrictEqual(await run(naive, init, end, e), await run(fast, init, end, e))) throw new Error(`${name}: different`);
      const sn = await sequential(() => run(naive, init, end, e), opts);
      const sf = await sequential(() => run(fast, init, end, e), opts);
      console.log(`| ${name} | ${sn.median.toFixed(1)} / ${sn.p95.toFixed(1)} | ${sf.median.toFixed(1)} / ${sf.p95.toFixed(1)} | ${(sn.median / sf.median).toFixed(1)}× |`);
    }
    if (process.argv.includes('--explain')) {
      const [, init, end] = cases[1];
      const plan = await c.query(`explain (analyze, buffers) ${fast}`, [tenant, negocio, init, end, ['Pagada', 'Pendiente']]);
      console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
    }
  } finally {
    await c.end();
    await release();
  }
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

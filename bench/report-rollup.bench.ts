/**
 * The grouped profitability report (CONTRACT §4, groupResult=true) on the sales rollups
 * (Migration20261122000220_reportes_resumen_ventas), against the same report over the raw lines
 * (groupedFromLinesSql, the statement before the rollups), on the bench data.
 *
 *   node tools/run-ts.js bench/report-rollup.bench.ts [--scale medium|large] [--random 200] [--rounds 15] [--explain]
 *     Equality of both statements, row by row as text, on seeded random ranges (millisecond
 *     bounds, inside one day, month edges, several months, whole years; every estado set; one
 *     business and all the tenant's businesses), then median / p95 of both on June, the calendar
 *     year and a year with partial edges, measured in alternation in the same run.
 *   node tools/run-ts.js bench/report-rollup.bench.ts fill [--scale medium|large]
 *     What the rollups cost at import: the sales of the demo generator at that scale (those of the
 *     bench databases) loaded with loadDataset into a scratch database `rollup_fill_bench` of the
 *     bench server (dropped afterwards), then, apart, the importer's JavaScript aggregation, its
 *     COPY of the rollup rows, and the set-based SQL fill (INSERT … SELECT … GROUP BY) it falls back to.
 *
 * The bench databases must be migrated (the service does it when it starts).
 */
import { isDeepStrictEqual } from 'node:util';
import { Client } from 'pg';
import type { Dataset, TenantInput, VentaInput } from '@nomina-api/importer/dataset.types';
import { generateDataset, type Scale } from '@nomina-api/importer/demo/generate-dataset';
import { loadDataset } from '@nomina-api/importer/load-dataset';
import { RESUMEN_VENTAS, ResumenVentas, resumenVentasFillSql } from '@nomina-api/reportes/persistence';
import { migrateDatabase } from '@nomina-api/platform/persistence';
import { groupedFromLinesSql, reportUtilitySql } from '@nomina-api/reportes/testing';
import { APP_SCHEMA } from '../apps/api/src/database/schema';
import { stats, type Stats } from './lib/measure';
import { benchServer, serviceTypes, withDatabase } from './lib/pg';
import { opt } from './lib/cli';

let seed = 0x5eed_1234;
function rand(): number {
  seed = (seed * 1_103_515_245 + 12_345) >>> 0;
  return seed / 2 ** 32;
}
const iso = (ms: number): string => new Date(ms).toISOString();
const ms = (t: number): string => `${t.toFixed(1)}`;
const seconds = (t: number): string => `${(t / 1000).toFixed(2)} s`;

async function connect(url: string): Promise<Client> {
  const c = new Client({ connectionString: url, types: serviceTypes() });
  await c.connect();
  await c.query(`set timezone = 'UTC'`);
  return c;
}

// ------------------------------------------------------------------------------------ compare

type Run = (text: string, init: string, end: string, estados: string[], businesses?: string[]) => Promise<unknown[]>;

/** Both statements alternately, `rounds` times each after one warm-up of each. */
async function alternate(naive: () => Promise<unknown>, fast: () => Promise<unknown>, rounds: number): Promise<[Stats, Stats]> {
  await naive();
  await fast();
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < rounds; i++) {
    for (const [fn, out] of [
      [naive, a],
      [fast, b],
    ] as const) {
      const t = performance.now();
      await fn();
      out.push(performance.now() - t);
    }
  }
  return [stats(a), stats(b)];
}

async function compareRandom(run: Run, lo: string, hi: string, count: number, all: string[]): Promise<void> {
  const ESTADOS = [
    ['Pagada', 'Pendiente'],
    ['Pagada'],
    ['Pendiente'],
    ['Anulada'],
    ['Pagada', 'Anulada'],
    ['Pendiente', 'Anulada'],
    ['Pagada', 'Pendiente', 'Anulada'],
  ];
  const loMs = Date.parse(lo) - 3 * 86_400_000;
  const hiMs = Date.parse(hi) + 3 * 86_400_000;
  for (let n = 0; n < count; n++) {
    let a = loMs + Math.floor(rand() * (hiMs - loMs));
    let b: number;
    const kind = n % 5;
    if (kind === 0)
      b = a + Math.floor(rand() * 86_400_000); // inside about a day
    else if (kind === 1)
      b = a + Math.floor(rand() * 70 * 86_400_000); // up to ~2 months
    else if (kind === 2)
      b = a + Math.floor(rand() * (hiMs - a)); // long
    else if (kind === 3) {
      // whole UTC months, as a UI sends them
      const d = new Date(a);
      a = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
      b = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1 + Math.floor(rand() * 14), 1) - 1;
    } else {
      // whole UTC years
      a = Date.UTC(new Date(a).getUTCFullYear(), 0, 1);
      b = Date.UTC(new Date(a).getUTCFullYear() + 1 + Math.floor(rand() * 2), 0, 1) - 1;
    }
    if (b < a) [a, b] = [b, a];
    const estados = ESTADOS[n % ESTADOS.length];
    const businesses = n % 4 === 3 ? all : undefined;
    const x = await run(groupedFromLinesSql(!businesses), iso(a), iso(b), estados, businesses);
    const y = await run(reportUtilitySql({ grouped: true, oneBusiness: !businesses }), iso(a), iso(b), estados, businesses);
    if (!isDeepStrictEqual(x, y)) {
      throw new Error(
        `DIFFERENT for ${iso(a)} .. ${iso(b)} ${estados} ${businesses ?? 'one business'}: ${JSON.stringify(x).slice(0, 300)} vs ${JSON.stringify(y).slice(0, 300)}`,
      );
    }
  }
  console.log(`equal results on ${count} random ranges`);
}

async function compare(scale: string): Promise<void> {
  const server = await benchServer(`nomina_${scale}`);
  const c = await connect(server.url);
  try {
    const counts = (
      await c.query(
        `select (select count(*) from venta_linea) as lineas, (select count(*) from ${RESUMEN_VENTAS.month.table}) as meses, (select count(*) from ${RESUMEN_VENTAS.year.table}) as anos`,
      )
    ).rows[0];
    console.log(`sale lines ${counts.lineas}, monthly rollup rows ${counts.meses}, yearly rollup rows ${counts.anos}`);
    // The bench's business: the premium one with the most sales (bench/lib/scenarios.ts), and all of its tenant's.
    const {
      tenant_id: tenant,
      negocio_id: negocio,
      lo,
      hi,
    } = (
      await c.query(
        `select tenant_id, negocio_id, min(fecha) as lo, max(fecha) as hi from venta_linea group by 1, 2 order by count(*) desc limit 1`,
      )
    ).rows[0];
    const all = (await c.query(`select id from negocio where tenant_id = $1 order by orden`, [tenant])).rows.map((r) => r.id as string);
    const run: Run = async (text, init, end, estados, businesses) =>
      (await c.query({ text, values: [tenant, businesses ?? negocio, init, end, estados], rowMode: 'array' })).rows;

    await compareRandom(run, lo, hi, Number(opt('random') ?? '200'), all);

    const ys = new Date(Date.parse(hi) - 182 * 86_400_000).getUTCFullYear();
    const cases: [string, string, string][] = [
      ['reporte-agrupado-mes (June)', `${ys}-06-01T00:00:00.000Z`, `${ys}-06-30T23:59:59.999Z`],
      ['reporte-agrupado-ano (calendar year)', `${ys}-01-01T00:00:00.000Z`, `${ys}-12-31T23:59:59.999Z`],
      ['year with partial edges', `${ys}-01-15T10:30:00.000Z`, `${ys}-12-20T08:00:00.000Z`],
    ];
    const rounds = Number(opt('rounds') ?? '15');
    const e = ['Pagada', 'Pendiente'];
    console.log(
      `\n${scale}, ${rounds} alternated rounds each, load average ${(await import('node:os'))
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
    );
    console.log('| case | lines (previous) median / p95 ms | rollups median / p95 ms | speed-up |');
    console.log('|---|---:|---:|---:|');
    for (const [name, init, end] of cases) {
      const naive = (): Promise<unknown[]> => run(groupedFromLinesSql(true), init, end, e);
      const fast = (): Promise<unknown[]> => run(reportUtilitySql({ grouped: true, oneBusiness: true }), init, end, e);
      if (!isDeepStrictEqual(await naive(), await fast())) throw new Error(`${name}: different`);
      const [sn, sf] = await alternate(naive, fast, rounds);
      console.log(
        `| ${name} | ${ms(sn.median)} / ${ms(sn.p95)} | ${ms(sf.median)} / ${ms(sf.p95)} | ${(sn.median / sf.median).toFixed(1)}× |`,
      );
    }
    console.log(
      `load average after: ${(await import('node:os'))
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
    );
    if (process.argv.includes('--explain')) {
      const [, init, end] = cases[1];
      const plan = await c.query(`explain (analyze, buffers) ${reportUtilitySql({ grouped: true, oneBusiness: true })}`, [
        tenant,
        negocio,
        init,
        end,
        e,
      ]);
      console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
    }
  } finally {
    await c.end();
    await server.release();
  }
}

// ------------------------------------------------------------------------------------ fill

/** The generator's tenants reduced to what the sales need (businesses, catalogue, sales). */
function salesOnly(scale: Scale): TenantInput[] {
  return generateDataset({ scale })
    .tenants.filter((t) => t.ventas !== undefined)
    .map(({ uuid, nit, nombre, activo, negocios, categorias, productos, ventas }) => ({
      uuid,
      nit,
      nombre,
      activo,
      negocios,
      categorias,
      productos,
      ventas,
    }));
}

async function fill(scale: Scale): Promise<void> {
  const database = 'rollup_fill_bench';
  const server = await benchServer(database);
  try {
    await migrateDatabase(server.url, APP_SCHEMA);
    const c = await connect(server.url);
    try {
      const tenants = salesOnly(scale);
      const data: Dataset = { tenants };
      const load = await loadDataset(c, data, { replace: true });
      console.log(
        `${scale}: loadDataset of ${load.lineasVenta} sale lines (${load.ventas} sales), rollups included: ${load.seconds.toFixed(2)} s, ${Math.round(load.lineasVenta / load.seconds)} lines/s`,
      );

      // The JavaScript side alone: one pass over the generator, then the same pass summing.
      const pass = (sum?: (t: TenantInput, v: VentaInput) => void): number => {
        const t0 = performance.now();
        for (const t of tenants) for (const v of t.ventas ?? []) sum?.(t, v);
        return performance.now() - t0;
      };
      const rollups = new Map(tenants.map((t) => [t.uuid, new ResumenVentas()]));
      const generator = pass();
      const summing = pass((t, v) => rollups.get(t.uuid)!.addSale(v));
      console.log(
        `JavaScript aggregation: ${seconds(summing - generator)} (generator alone ${seconds(generator)}, with addSale ${seconds(summing)})`,
      );

      // The database side, each in a transaction rolled back (the tenants' rollups stay as loaded).
      const timed = async (what: string, fn: (tenant: string) => Promise<unknown>): Promise<void> => {
        await c.query('begin');
        try {
          let total = 0;
          for (const t of tenants) {
            for (const { table } of Object.values(RESUMEN_VENTAS)) await c.query(`delete from ${table} where tenant_id = $1`, [t.uuid]);
            const t0 = performance.now();
            await fn(t.uuid);
            total += performance.now() - t0;
          }
          console.log(`${what}: ${seconds(total)}`);
        } finally {
          await c.query('rollback');
        }
      };
      await timed('COPY of the rollup rows (importer)', (tenant) => rollups.get(tenant)!.write(c, tenant));
      await timed('SQL fill (fallback / migration backfill)', async (tenant) => {
        for (const sql of resumenVentasFillSql(true)) await c.query(sql, [tenant]);
      });
      const rows = (
        await c.query(
          `select (select count(*) from ${RESUMEN_VENTAS.month.table}) as m, (select count(*) from ${RESUMEN_VENTAS.year.table}) as y`,
        )
      ).rows[0];
      console.log(
        `rollup rows: ${rows.m} monthly, ${rows.y} yearly; load average ${(await import('node:os'))
          .loadavg()
          .map((x) => x.toFixed(2))
          .join(' ')}`,
      );
    } finally {
      await c.end();
    }
  } finally {
    const admin = new Client({ connectionString: withDatabase(server.url, 'postgres') });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
    await server.release();
  }
}

async function main(): Promise<void> {
  const scale = opt('scale') ?? 'medium';
  if (process.argv[2] === 'fill') await fill(scale as Scale);
  else await compare(scale);
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

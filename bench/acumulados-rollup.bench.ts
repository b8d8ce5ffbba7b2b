/**
 * Accumulated concepts (CONTRACT §3.7) on the bench data: the statement with the per-bond yearly
 * rollup (vinculacion_acumulado_anual: whole calendar years from the rollup, partial years from
 * the payslips) against the same statement reading every considered payslip (`yearly: false`,
 * the plan before the rollup), measured in the same run and checked for identical rows.
 *
 *   node tools/run-ts.js bench/acumulados-rollup.bench.ts [--scale large|medium] [--random 40] [--seconds 4] [--explain]
 *     [--main bench/.out/<before>/apps/api/src/main.js --main bench/.out/<after>/apps/api/src/main.js]
 *
 * Applies the payroll migrations to the bench database first (the rollup's backfill, timed, when
 * it is not there yet). Timings alternate the two statements sample by sample, so both see the
 * same machine load; median / p95 in ms. With --main (service builds, see bench/lib/service.ts)
 * it also times the endpoint itself for one calendar year, both sources, the builds running side
 * by side and called in turn, one request at a time.
 */
import { Client } from 'pg';
import { isDeepStrictEqual } from 'node:util';
import { migrateDatabase } from '@nomina-api/platform/persistence';
import { NOMINA_SCHEMA } from '@nomina-api/nomina';
import { conceptosAcumuladosSql, type FuenteAcumulado, type SortKey } from '@nomina-api/nomina/testing';
import { benchServer, serviceTypes } from './lib/pg';
import { stats } from './lib/measure';
import { type RunningService, startService } from './lib/service';
import { opt, opts } from './lib/cli';

let seed = 0x5eed_0007;
function rand(): number {
  seed = (seed * 1_103_515_245 + 12_345) >>> 0;
  return seed / 2 ** 32;
}

const SORTS: SortKey[][] = [
  [{ field: 'nombreCompleto', direction: 'asc' }],
  [{ field: 'salarioBase', direction: 'desc' }],
  [{ field: 'totalNeto', direction: 'desc' }],
];

interface Case {
  name: string;
  desde: string;
  hasta: string;
  sort?: SortKey[];
}

async function main(): Promise<void> {
  const scale = opt('scale') ?? 'large';
  const random = Number(opt('random') ?? '40');
  const seconds = Number(opt('seconds') ?? '4');
  const { url, release } = await benchServer(`nomina_${scale}`);
  const started = performance.now();
  const applied = await migrateDatabase(url, NOMINA_SCHEMA);
  if (applied.length) console.log(`migrations applied: ${applied.join(', ')} in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const c = new Client({ connectionString: url, types: serviceTypes() });
  await c.connect();
  try {
    await c.query(`set timezone = 'UTC'`);
    // The bench's tenant and year (bench/lib/scenarios.ts: discover).
    const tenantId = (await c.query(`select tenant_id::text as t from usuario where email = 'admin@andina.demo.co'`)).rows[0].t as string;
    const year = (
      await c.query(
        `select max(extract(year from fecha_desde))::int as y from pago
          where tenant_id = $1 and definitivo
            and extract(year from fecha_desde) in (select extract(year from fecha_desde) from pago where tenant_id = $1 group by 1 having count(distinct mes) = 12)`,
        [tenantId],
      )
    ).rows[0].y as number;
    const counts = (await c.query(`select count(*)::int as n from vinculacion_acumulado_anual where tenant_id = $1`, [tenantId])).rows[0];
    console.log(`scale ${scale}, tenant ${tenantId}, year ${year}, rollup rows of the tenant ${counts.n}`);

    const statement = (fuente: FuenteAcumulado, k: Case, yearly: boolean, page = { offset: 0, size: 20 }) =>
      conceptosAcumuladosSql({ tenantId, fechaDesde: k.desde, fechaHasta: k.hasta, fuente, ...page, sort: k.sort ?? SORTS[0], yearly });
    const run = async (q: { text: string; values: unknown[] }): Promise<unknown[]> =>
      (await c.query({ text: q.text, values: q.values, rowMode: 'array' })).rows;

    // Identical rows over random ranges, orders and pages.
    const lo = Date.UTC(year - 10, 0, 1);
    const hi = Date.UTC(year + 1, 0, 1);
    const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
    for (let n = 0; n < random; n++) {
      let a = lo + Math.floor(rand() * (hi - lo));
      let b = n % 3 === 0 ? a : a + Math.floor(rand() * (hi - a));
      if (n % 4 === 1) {
        a = Date.UTC(new Date(a).getUTCFullYear(), 0, 1);
        b = Date.UTC(new Date(b).getUTCFullYear(), 11, 31);
      }
      const k: Case = { name: 'random', desde: day(a), hasta: day(b), sort: SORTS[n % SORTS.length] };
      const page = { offset: Math.floor(rand() * 3000), size: 1 + Math.floor(rand() * 50) };
      for (const fuente of ['generica', 'aportes'] as const) {
        if (!isDeepStrictEqual(await run(statement(fuente, k, false, page)), await run(statement(fuente, k, true, page)))) {
          throw new Error(`different rows: ${fuente} ${k.desde}..${k.hasta} ${JSON.stringify(k.sort)} ${JSON.stringify(page)}`);
        }
      }
    }
    console.log(`identical rows on ${random} random ranges × 2 sources`);

    const cases: Case[] = [
      { name: 'calendar year', desde: `${year}-01-01`, hasta: `${year}-12-31` },
      { name: 'calendar year, by salarioBase', desde: `${year}-01-01`, hasta: `${year}-12-31`, sort: SORTS[1] },
      { name: 'ten years', desde: `${year - 9}-01-01`, hasta: `${year}-12-31` },
      { name: 'year with partial edges', desde: `${year - 1}-07-01`, hasta: `${year}-12-31` },
      { name: 'partial year (no rollup)', desde: `${year}-01-15`, hasta: `${year}-12-20` },
    ];
    console.log(
      `\nload average ${(await import('node:os'))
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
    );
    console.log('| case | source | every payslip median / p95 ms | yearly rollup median / p95 ms | speed-up |');
    console.log('|---|---|---:|---:|---:|');
    for (const k of cases) {
      for (const fuente of ['generica', 'aportes'] as const) {
        const naive = statement(fuente, k, false);
        const fast = statement(fuente, k, true);
        if (!isDeepStrictEqual(await run(naive), await run(fast))) throw new Error(`${k.name} ${fuente}: different rows`);
        const [sn, sf] = await alternate([() => run(naive), () => run(fast)], seconds);
        console.log(
          `| ${k.name} | ${fuente} | ${sn.median.toFixed(1)} / ${sn.p95.toFixed(1)} | ${sf.median.toFixed(1)} / ${sf.p95.toFixed(1)} | ${(sn.median / sf.median).toFixed(1)}× |`,
        );
      }
    }
    const mains = opts('main');
    if (mains.length) await compareServices(mains, url, year, seconds);
    if (process.argv.includes('--explain')) {
      for (const fuente of ['generica', 'aportes'] as const) {
        for (const yearly of [false, true]) {
          const q = statement(fuente, cases[0], yearly);
          const plan = await c.query(`explain (analyze, buffers) ${q.text}`, q.values);
          console.log(`\n${fuente}, yearly ${yearly}:\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
        }
      }
    }
  } finally {
    await c.end();
    await release();
  }
}

/** The endpoint for one calendar year, both sources, on each build (all running), called in turn. */
async function compareServices(mains: string[], url: string, year: number, seconds: number): Promise<void> {
  const services: RunningService[] = [];
  try {
    for (const main of mains) services.push(await startService(main, url, 'acumulados-rollup'));
    console.log(
      `\nservice, one request at a time (load average ${(await import('node:os'))
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')})`,
    );
    console.log(`| request | ${mains.join(' | ')} |`);
    console.log(`|---|${mains.map(() => '---:').join('|')}|`);
    for (const aportes of [false, true]) {
      const path = `/pagoEmpleadoDetalles/conceptosacumulados/${year}-01-01/${year}-12-31/${aportes}`;
      const bodies = new Set<string>();
      const get = (svc: RunningService) => async (): Promise<void> => {
        const res = await fetch(`${svc.origin}${path}`, { headers: svc.auth });
        if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
        bodies.add(await res.text());
      };
      const timings = await alternate(services.map(get), seconds);
      if (bodies.size !== 1) throw new Error(`${path}: the builds answer different bodies`);
      console.log(`| ${path} | ${timings.map((t) => `${t.median.toFixed(1)} / ${t.p95.toFixed(1)}`).join(' | ')} |`);
    }
  } finally {
    for (const svc of services) await svc.stop();
  }
}

/** Runs the functions in turn (after a warm-up) until `seconds` have passed; one Stats per function. */
async function alternate(fns: (() => Promise<unknown>)[], seconds: number) {
  for (const fn of fns) for (let i = 0; i < 2; i++) await fn();
  const samples: number[][] = fns.map(() => []);
  const until = performance.now() + seconds * 1000;
  while (samples[0].length < 5 || (performance.now() < until && samples[0].length < 300)) {
    for (const [i, fn] of fns.entries()) {
      const t = performance.now();
      await fn();
      samples[i].push(performance.now() - t);
    }
  }
  return samples.map(stats);
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

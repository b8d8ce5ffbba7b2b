/**
 * Issue #15's targets, measured on one service build against the bench database:
 *  1. the year's detail report (the largest export) as JSON, CSV and XLSX: time per request,
 *     bytes, and the service's peak RSS while it answers (sampled every 25 ms);
 *  2. revalidation: `If-None-Match` → 304 against `GET /health/live` and against the full 200 of
 *     the same request, for `/pagos`, `detallePago` of the largest payment and the grouped report
 *     of the sales year: sequential median / p95 and, under load, CPU µs per request (live, 304, 200).
 * Rounds interleave the variants so a burst of load on the shared machine hits all alike.
 *
 *   npm run build && node tools/run-ts.js bench/exports-conditional.bench.ts [--scale large] [--rounds 3]
 *     [--main dist/apps/api/src/main.js] [--seconds 3] [--only report|revalidation] [--heap-mb 256]
 *
 * The database `nomina_<scale>` must be seeded (`npm run bench -- --scale <scale>` seeds it).
 */
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { opt } from './lib/cli';
import { httpGet, loadWithCpu, rssSampler, sequential, type Stats } from './lib/measure';
import { benchServer } from './lib/pg';
import { discover } from './lib/scenarios';
import { imageV8Flags, type RunningService, startService } from './lib/service';

const ROOT = join(__dirname, '..');
const la = (): string =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
const ms = (x: number): string => x.toFixed(x < 10 ? 2 : 0);

function claims(auth: Record<string, string>): { tid: string; bid: string } {
  const token = auth.authorization.slice('Bearer '.length);
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

/** One request (fresh connection pool of one socket) with the service's peak RSS while it ran. */
async function timed(
  service: RunningService,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ ms: number; bytes: number; status: number; peakMb: number }> {
  const rss = rssSampler(service.child.pid as number);
  const t = performance.now();
  const r = await httpGet(`${service.origin}${path}`, { ...service.auth, ...headers });
  const elapsed = performance.now() - t;
  return { ms: elapsed, bytes: r.bytes, status: r.status, peakMb: rss.stop() };
}

async function reportExports(service: RunningService, year: number, rounds: number): Promise<void> {
  const base = `/reports/reportUtility?dateInitISO=${year}-01-01T00:00:00.000Z&dateEndISO=${year}-12-31T23:59:59.999Z`;
  const variants = { json: base, csv: `${base}&format=csv`, xlsx: `${base}&format=xlsx` };
  const results: Record<string, { ms: number[]; bytes: number; peakMb: number }> = {};
  const refused: Record<string, number> = {};
  for (let round = 0; round < rounds; round++) {
    for (const [name, path] of Object.entries(variants)) {
      if (refused[name]) continue;
      const r = await timed(service, path);
      if (r.status !== 200) {
        // A build without that format (e.g. before the exports were wired): reported, not measured.
        refused[name] = r.status;
        continue;
      }
      const e = (results[name] ??= { ms: [], bytes: r.bytes, peakMb: 0 });
      e.ms.push(r.ms);
      e.peakMb = Math.max(e.peakMb, r.peakMb);
    }
  }
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`\nDetail report of ${year} (${rounds} rounds), load average ${la()}`);
  console.log('| format | median s | × JSON | × CSV | bytes | service peak RSS MB |');
  console.log('|---|---:|---:|---:|---:|---:|');
  const ratio = (e: { ms: number[] }, base?: { ms: number[] }): string => (base ? (median(e.ms) / median(base.ms)).toFixed(2) : '—');
  for (const [name, e] of Object.entries(results)) {
    console.log(
      `| ${name} | ${(median(e.ms) / 1000).toFixed(2)} | ${ratio(e, results.json)} | ${ratio(e, results.csv)} | ${e.bytes} | ${e.peakMb.toFixed(0)} |`,
    );
  }
  for (const [name, status] of Object.entries(refused))
    console.log(`| ${name} | answered ${status}: not available in this build | | | | |`);
}

async function revalidation(service: RunningService, targets: Record<string, string>, rounds: number, seconds: number): Promise<void> {
  const live = `${service.origin}/health/live`;
  const rows: string[] = [];
  for (const [name, path] of Object.entries(targets)) {
    const url = `${service.origin}${path}`;
    const first = await fetch(url, { headers: service.auth });
    await first.arrayBuffer();
    const etag = first.headers.get('etag');
    if (first.status !== 200 || !etag) {
      rows.push(`| ${name} | ${first.status} without ETag: not wired in this build | | | | | |`);
      continue;
    }
    const conditional = { ...service.auth, 'if-none-match': etag };
    const check = await httpGet(url, conditional);
    if (check.status !== 304) throw new Error(`${path}: If-None-Match gave ${check.status}`);
    const seq: Record<'health' | 'notModified' | 'full', Stats[]> = { health: [], notModified: [], full: [] };
    const cpu: Record<'health' | 'notModified' | 'full', number[]> = { health: [], notModified: [], full: [] };
    const o = { warmup: 3, seconds: 2, minSamples: 30, maxSamples: 2000 };
    for (let round = 0; round < rounds; round++) {
      seq.health.push(await sequential(() => httpGet(live, {}), o));
      seq.notModified.push(await sequential(() => httpGet(url, conditional), o));
      seq.full.push(await sequential(() => httpGet(url, service.auth), { ...o, minSamples: 5 }));
      for (const [k, u, h] of [
        ['health', live, {}],
        ['notModified', url, conditional],
        ['full', url, service.auth],
      ] as const) {
        const r = await loadWithCpu(service.child.pid as number, u, h, 10, seconds);
        // µs: a 304 costs a few tens of them, below what ms with two decimals shows.
        cpu[k].push(r.cpuMsPerReq * 1000);
      }
    }
    const med = (xs: Stats[]): number => [...xs.map((s) => s.median)].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const p95 = (xs: Stats[]): number => [...xs.map((s) => s.p95)].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const medCpu = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    rows.push(
      `| ${name} | ${ms(med(seq.health))} / ${ms(p95(seq.health))} | ${ms(med(seq.notModified))} / ${ms(p95(seq.notModified))} | ${ms(med(seq.full))} / ${ms(p95(seq.full))} | ` +
        `${(med(seq.notModified) / med(seq.health)).toFixed(2)} | ${(med(seq.full) / med(seq.notModified)).toFixed(1)} | ${medCpu(cpu.health).toFixed(0)} / ${medCpu(cpu.notModified).toFixed(0)} / ${medCpu(cpu.full).toFixed(0)} |`,
    );
  }
  console.log(`\nRevalidation (${rounds} rounds; sequential median / p95 ms; load: 10 connections × ${seconds} s), load average ${la()}`);
  console.log('| request | /health/live | 304 | full 200 | 304 ÷ live | 200 ÷ 304 | CPU µs/req live / 304 / 200 |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) console.log(r);
}

async function main(): Promise<void> {
  const scale = opt('scale') ?? 'large';
  const rounds = Number(opt('rounds') ?? '3');
  const seconds = Number(opt('seconds') ?? '3');
  const only = opt('only');
  const mainJs = resolve(opt('main') ?? join(ROOT, 'dist/apps/api/src/main.js'));
  const { url, release } = await benchServer(`nomina_${scale}`);
  let service: RunningService | undefined;
  try {
    // --heap-mb N: the Docker image's V8 flags with an N MB old space (bench/run.ts's default); absent: V8's defaults, the worst case for RSS.
    const heapMb = opt('heap-mb');
    service = await startService(mainJs, url, 'exports-conditional', heapMb ? imageV8Flags(Number(heapMb)) : []);
    const { tid, bid } = claims(service.auth);
    const db = new Client({ connectionString: url });
    await db.connect();
    const ctx = await discover(db, tid, bid).finally(() => db.end());
    console.log(
      `scale ${scale}, build ${mainJs.replace(`${ROOT}/`, '')}, V8 flags ${heapMb ? imageV8Flags(Number(heapMb)).join(' ') : 'V8 defaults'}, load average ${la()}`,
    );
    if (only !== 'revalidation') await reportExports(service, ctx.yearSales, rounds);
    if (only !== 'report') {
      await revalidation(
        service,
        {
          '/pagos': '/pagos?params[estados]=EP,PA,PP,PG,RE,AN',
          detallePago: `/pagoEmpleadoDetalles/detallePago/${ctx.largestPago}`,
          'report grouped (year)': `/reports/reportUtility?dateInitISO=${ctx.yearSales}-01-01T00:00:00.000Z&dateEndISO=${ctx.yearSales}-12-31T23:59:59.999Z&groupResult=true`,
        },
        rounds,
        seconds,
      );
    }
  } finally {
    await service?.stop();
    await release();
  }
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

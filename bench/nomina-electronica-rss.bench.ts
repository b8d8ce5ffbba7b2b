/**
 * Peak RSS of the e-payroll numbering (GET /pagos/nominaelectronica/{ano}/{mes}, CONTRACT §3.8)
 * under concurrent callers, for one or more service builds measured in turn on the bench data.
 *
 *   npm run build && cp -r dist bench/.out/<build>                  # one build per variant
 *   node tools/run-ts.js bench/nomina-electronica-rss.bench.ts --main bench/.out/a/apps/api/src/main.js \
 *     [--main bench/.out/b/apps/api/src/main.js] [--scale large] [--callers 20] [--seconds 20] [--rounds 2]
 *     [--node-arg=--trace-gc …]   # node options of the services
 *
 * Each round starts every build afresh (same env as bench/run.ts: NODE_ENV=production,
 * DB_POOL_MAX=10, LOG_LEVEL=warn), logs in as the bench user, makes two warm-up calls, then runs
 * `--callers` clients that call the busiest month of the last full payroll year back to back for
 * `--seconds`, while the service's VmRSS is sampled every 25 ms. Not read-only: every call consumes
 * ≈ 4 400 numbers of the tenant's sequence (fine on the bench database). The bodies of the builds
 * are compared with the numbers blanked out (each call gets new ones).
 */
import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { DEMO_LOGINS } from '@nomina-api/importer/demo/generate-dataset';
import { rssSampler, stats } from './lib/measure';
import { benchServer } from './lib/pg';
import { startService } from './lib/service';
import { opt, opts } from './lib/cli';

const ROOT = join(__dirname, '..');

interface Result {
  build: string;
  idleMb: number;
  peakMb: number;
  calls: number;
  unavailable: number;
  median: number;
  p95: number;
  bodyDigest: string;
  bodyBytes: number;
}

/** The body with every document number blanked (each call consumes new numbers). */
function digest(body: string): string {
  return createHash('sha256')
    .update(body.replace(/"numero":"[^"]*","prefijo":"[^"]*","consecutivo":\d+/g, '#'))
    .digest('hex')
    .slice(0, 16);
}

async function measure(main: string, dbUrl: string, path: string, callers: number, seconds: number): Promise<Result> {
  const service = await startService(main, dbUrl, 'nomina-electronica-rss', opts('node-arg'));
  try {
    const call = async (): Promise<{ status: number; body: string }> => {
      const r = await fetch(`${service.origin}${path}`, { headers: service.auth });
      const body = await r.text();
      // 503: no pool connection within the acquire timeout while the others queue on the sequence row.
      if ((r.status !== 200 || !body.endsWith('}')) && r.status !== 503) throw new Error(`${path}: ${r.status} ${body.slice(0, 200)}`);
      return { status: r.status, body };
    };
    const { body: sample } = await call();
    await call();
    await new Promise((r) => setTimeout(r, 500));
    const rss = rssSampler(service.child.pid!);
    const idleMb = rss.peak();
    const latencies: number[] = [];
    let unavailable = 0;
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: callers }, async () => {
        while (performance.now() < until) {
          const t = performance.now();
          if ((await call()).status === 503) unavailable++;
          else latencies.push(performance.now() - t);
        }
      }),
    );
    const peakMb = rss.stop();
    const s = stats(latencies);
    return {
      build: main,
      idleMb,
      peakMb,
      calls: latencies.length,
      unavailable,
      median: s.median,
      p95: s.p95,
      bodyDigest: digest(sample),
      bodyBytes: Buffer.byteLength(sample),
    };
  } finally {
    await service.stop();
  }
}

async function main(): Promise<void> {
  const mains = opts('main').map((m) => resolve(m));
  if (!mains.length) throw new Error('usage: --main <build>/apps/api/src/main.js [--main …]');
  const scale = opt('scale') ?? 'large';
  const callers = Number(opt('callers') ?? '20');
  const seconds = Number(opt('seconds') ?? '20');
  const rounds = Number(opt('rounds') ?? '2');
  const { url, release } = await benchServer(`nomina_${scale}`);
  try {
    const c = new Client({ connectionString: url });
    await c.connect();
    // The month of the bench scenario (bench/lib/scenarios.ts: discover).
    const { rows } = await c.query<{ ano: number; mes: number }>(
      `with t as (select tenant_id from usuario where email = $1),
            y as (select max(extract(year from fecha_desde))::int as y from pago
                   where tenant_id = (select tenant_id from t) and definitivo
                     and extract(year from fecha_desde) in (select extract(year from fecha_desde) from pago
                                                             where tenant_id = (select tenant_id from t) group by 1 having count(distinct mes) = 12))
       select ano, mes from pago where tenant_id = (select tenant_id from t) and definitivo and tipo_pago <> 'IN' and estado <> 'AN' and ano = (select y from y)
        group by ano, mes order by sum(numero_empleados) desc, mes limit 1`,
      [DEMO_LOGINS[0].email],
    );
    await c.end();
    const path = `/pagos/nominaelectronica/${rows[0].ano}/${rows[0].mes}`;
    console.log(
      `${path}, ${callers} callers × ${seconds} s, ${rounds} round(s), load average ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
    );
    console.log(
      '| round | build | idle RSS MB | peak RSS MB | 200 calls | 503 | median / p95 ms (200) | body bytes | body digest (numbers blanked) |',
    );
    console.log('|---:|---|---:|---:|---:|---:|---:|---:|---|');
    for (let round = 1; round <= rounds; round++) {
      for (const main of mains) {
        const r = await measure(main, url, path, callers, seconds);
        console.log(
          `| ${round} | ${r.build.replace(`${ROOT}/`, '')} | ${r.idleMb.toFixed(0)} | ${r.peakMb.toFixed(0)} | ${r.calls} | ${r.unavailable} | ${r.median.toFixed(0)} / ${r.p95.toFixed(0)} | ${r.bodyBytes} | ${r.bodyDigest} |`,
        );
      }
    }
    console.log(
      `load average after ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await release();
  }
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

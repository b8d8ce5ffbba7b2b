/**
 * Per-row cost of the report's JSON path, in process (no HTTP, no socket): the year's detail rows
 * of the bench business, read once from `nomina_<scale>` (same statement and pg settings as the
 * service), then written over and over. Reports CPU µs per row (median of the repetitions).
 *
 *   node tools/run-ts.js bench/row-writers.bench.ts [--scale medium] [--reps 15]
 *
 * - `toItem`: SQL row → stream item (record with wire uuids);
 * - `toRowJson`: record → JSON text (what the service writes);
 * - `reference`: `JSON.stringify(toRowView(record))`, the bytes toRowJson must equal (checked first);
 * - `JSON.stringify(row)`: the bare baseline's work per row (bench/baseline-server.ts);
 * - `pipeline`: the rows of each cursor batch mapped and pushed as one array (the SqlReader's
 *   `batches` stream) through the report's jsonWriter into a sink that only counts characters
 *   (no encoding, no socket).
 */
import { pipeline, Readable, Writable } from 'node:stream';
import {
  DEFAULT_ESTADOS,
  jsonWriter,
  type ReportUtilityRow,
  reportUtilityShape,
  reportUtilitySql,
  reportUtilityValues,
  toItem,
  toRowJson,
  toRowView,
} from '@nomina-api/reportes/testing';
import { opt } from './lib/cli';
import { benchServer, serviceClient } from './lib/pg';

const scale = opt('scale') ?? 'medium';
const REPS = Number(opt('reps') ?? 15);

async function loadRows(): Promise<ReportUtilityRow[]> {
  const db = await benchServer(`nomina_${scale}`);
  const client = await serviceClient(db.url);
  try {
    // The business and calendar year with the most sale lines (the bench's year detail report).
    const { rows } = await client.query<{ tenant: string; business: string; year: number }>(
      `select tenant_id as tenant, negocio_id as business, extract(year from fecha at time zone 'UTC')::int as year
         from venta_linea group by 1, 2, 3 order by count(*) desc limit 1`,
    );
    const { tenant, business, year } = rows[0];
    const criteria = {
      businessIds: [business],
      dateInit: `${year}-01-01T00:00:00.000Z`,
      dateEnd: `${year}-12-31T23:59:59.999Z`,
      grouped: false,
      estados: DEFAULT_ESTADOS,
    };
    const result = await client.query<ReportUtilityRow>(
      reportUtilitySql(reportUtilityShape(criteria)),
      reportUtilityValues(tenant, criteria),
    );
    return result.rows;
  } finally {
    await client.end();
    await db.release();
  }
}

async function measure(name: string, rows: number, fn: () => unknown): Promise<void> {
  for (let i = 0; i < 3; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < REPS; i++) {
    const start = process.cpuUsage();
    await fn();
    const used = process.cpuUsage(start);
    samples.push((used.user + used.system) / rows);
  }
  samples.sort((a, b) => a - b);
  process.stdout.write(`| ${name} | ${samples[Math.floor(samples.length / 2)].toFixed(2)} |\n`);
}

/** What SqlReader.stream gives the report: one array of mapped items per fetched batch. */
function cursorLike(rows: readonly ReportUtilityRow[], batch = 1000): Readable {
  let i = 0;
  return new Readable({
    objectMode: true,
    highWaterMark: 1,
    read() {
      setImmediate(() => {
        const end = Math.min(rows.length, i + batch);
        if (end > i) this.push(rows.slice(i, end).map(toItem));
        i = end;
        if (i >= rows.length) this.push(null);
      });
    },
  });
}

async function main(): Promise<void> {
  const rows = await loadRows();
  const items = rows.map(toItem);
  const records = items.flatMap((item) => ('row' in item ? [item.row] : []));
  for (const r of records) {
    if (toRowJson(r) !== JSON.stringify(toRowView(r))) throw new Error(`toRowJson differs from the reference on ${JSON.stringify(r)}`);
  }
  process.stdout.write(
    `${rows.length} rows (scale ${scale}), toRowJson equal to the reference on every row; CPU µs per row:\n\n| step | µs/row |\n|---|---:|\n`,
  );
  let sink = 0;
  await measure('toItem', rows.length, () => rows.forEach((r) => (sink += toItem(r) === undefined ? 1 : 0)));
  await measure('toRowJson', records.length, () => records.forEach((r) => (sink += toRowJson(r).length)));
  await measure('reference JSON.stringify(toRowView(record))', records.length, () =>
    records.forEach((r) => (sink += JSON.stringify(toRowView(r)).length)),
  );
  await measure('JSON.stringify(row) (baseline)', rows.length, () => rows.forEach((r) => (sink += JSON.stringify(r).length)));
  await measure('pipeline: cursor batches (mapped) → jsonWriter → sink', rows.length, () => {
    const out = new Writable({ decodeStrings: false, write: (chunk: string, _e, cb) => ((sink += chunk.length), cb()) });
    return new Promise<void>((resolve, reject) => pipeline(cursorLike(rows), jsonWriter(), out, (err) => (err ? reject(err) : resolve())));
  });
  if (sink < 0) process.stdout.write('');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

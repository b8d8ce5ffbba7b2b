/*
 * XLSX writers compared on one export the size of the year's detail report (issue #15):
 * ~480k rows × 13 columns (uuid, text, numbers as decimal text, a date, a timestamp), written to
 * a sink that counts bytes. Each candidate runs in a child process of its own, so its peak RSS
 * (getrusage maxrss) is its alone; the figures are compared with the CSV writer and with the bare
 * row source measured in the same run.
 *
 *   node tools/run-ts.js bench/xlsx-writers.bench.ts [--rows 480000] [--rounds 3] [--only csv,ours-l1]
 *   node tools/run-ts.js bench/xlsx-writers.bench.ts --split-check [--rows 1100000]   # ours past one sheet, read back
 *
 * exceljs and xlsx-write-stream are not dependencies of the service: for their rows,
 * `npm install --no-save exceljs@4.4.0 xlsx-write-stream@1.0.3` first (absent ones are skipped).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { csvExport, exportColumns, XLSX_MAX_DATA_ROWS, xlsxExport } from '@nomina-api/platform/export';
import { opt } from './lib/cli';

const COLUMNS = exportColumns({
  productId: 'uuid',
  fecha: 'date',
  code: 'text',
  name: 'text',
  categoryName: 'text',
  quantity: 'number',
  totalBruto: 'number',
  totalDiscount: 'number',
  totalTaxes: 'number',
  total: 'number',
  avgCost: 'number',
  grossProfit: 'number',
  creadoEn: 'timestamp',
});

const NAMES = ['Pan de yuca', 'Café especial, tostado', 'Azúcar "morena" 1 kg', 'Arepa de choclo', 'Gaseosa 400 ml', 'Queso campesino'];

/** Deterministic rows shaped like the detail report's (numerics arrive as decimal text from pg). */
async function* rows(count: number): AsyncGenerator<Record<string, unknown>> {
  for (let i = 0; i < count; i++) {
    const hex = (0x10000000 + i).toString(16).toUpperCase();
    const day = 1 + (i % 365);
    const date = new Date(Date.UTC(2024, 0, day));
    yield {
      productId: `C0FFEE00000040008000${hex.padStart(12, '0')}`,
      fecha: date.toISOString().slice(0, 10),
      code: `P-${i % 5000}`,
      name: NAMES[i % NAMES.length],
      categoryName: i % 7 === 0 ? null : `Categoría ${i % 40}`,
      quantity: `${(i % 17) + 1}.${i % 10}`,
      totalBruto: `${(i * 137) % 1_000_000}.${String(i % 100).padStart(2, '0')}`,
      totalDiscount: `${i % 900}.00`,
      totalTaxes: `${(i * 19) % 50_000}.50`,
      total: `${(i * 131) % 1_000_000}.25`,
      avgCost: `${(i * 7) % 90_000}.1234`,
      grossProfit: `${((i * 53) % 200_000) - 50_000}.75`,
      creadoEn: new Date(date.getTime() + (i % 86_400) * 1000).toISOString(),
    };
    // A database cursor hands rows over in batches; yield to the event loop as it would.
    if (i % 1000 === 999) await new Promise(setImmediate);
  }
}

function sink(): { stream: Writable; bytes: () => number } {
  let bytes = 0;
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      bytes += chunk.length;
      cb();
    },
  });
  return { stream, bytes: () => bytes };
}

type Candidate = (n: number, out: Writable) => Promise<void>;

const CANDIDATES: Record<string, Candidate> = {
  source: async (n, out) => {
    for await (const _ of rows(n)) void _;
    out.end();
    await finished(out);
  },
  csv: (n, out) => pipeline(csvExport(COLUMNS, rows(n)), out),
  'ours-l1': (n, out) => pipeline(xlsxExport(COLUMNS, rows(n), { sheetName: 'reportUtility', compressionLevel: 1 }), out),
  'ours-l6': (n, out) => pipeline(xlsxExport(COLUMNS, rows(n), { sheetName: 'reportUtility', compressionLevel: 6 }), out),
  exceljs: async (n, out) => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const ExcelJS = require('exceljs') as {
      stream: { xlsx: { WorkbookWriter: new (o: object) => { addWorksheet(n: string): any; commit(): Promise<void> } } };
    };
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const ws = wb.addWorksheet('reportUtility');
    ws.columns = COLUMNS.map((c) => ({
      header: c.name,
      key: c.name,
      style: c.kind === 'date' ? { numFmt: 'yyyy-mm-dd' } : c.kind === 'timestamp' ? { numFmt: 'yyyy-mm-dd hh:mm:ss' } : {},
    }));
    ws.getRow(1).font = { bold: true };
    for await (const r of rows(n)) {
      ws.addRow(
        COLUMNS.map((c) => {
          const v = r[c.name];
          if (v === null) return null;
          if (c.kind === 'number') return Number(v);
          if (c.kind === 'date' || c.kind === 'timestamp') return new Date(v as string);
          return v;
        }),
      ).commit();
    }
    ws.commit();
    await wb.commit();
    await finished(out);
  },
  'xlsx-write-stream': async (n, out) => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const XLSXTransformStream = require('xlsx-write-stream') as new (o: object) => NodeJS.ReadWriteStream;
    async function* arrays(): AsyncGenerator<unknown[]> {
      yield COLUMNS.map((c) => c.name);
      for await (const r of rows(n)) {
        yield COLUMNS.map((c) => {
          const v = r[c.name];
          if (c.kind === 'number') return Number(v);
          if (c.kind === 'date' || c.kind === 'timestamp') return new Date(v as string);
          return v ?? '';
        });
      }
    }
    await pipeline(Readable.from(arrays()), new XLSXTransformStream({ shouldFormat: true }), out);
  },
};

async function child(name: string, n: number): Promise<void> {
  const out = sink();
  const start = process.hrtime.bigint();
  await CANDIDATES[name](n, out.stream);
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const cpu = process.cpuUsage();
  process.stdout.write(
    JSON.stringify({
      name,
      ms,
      cpuMs: (cpu.user + cpu.system) / 1000,
      maxRssMb: process.resourceUsage().maxRSS / 1024,
      bytes: out.bytes(),
    }) + '\n',
  );
}

function available(name: string): boolean {
  const pkg = name === 'exceljs' ? 'exceljs' : name === 'xlsx-write-stream' ? 'xlsx-write-stream' : undefined;
  if (!pkg) return true;
  try {
    require.resolve(pkg);
    return true;
  } catch {
    return false;
  }
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function compare(): Promise<void> {
  const n = Number(opt('rows') ?? 480_000);
  const rounds = Number(opt('rounds') ?? 3);
  const only = opt('only')?.split(',');
  const names = Object.keys(CANDIDATES).filter((c) => (!only || only.includes(c)) && available(c));
  const results: Record<string, { ms: number[]; cpuMs: number[]; rss: number[]; bytes: number }> = {};
  // Rounds interleave the candidates, so a burst of load from the machine's other users hits all alike.
  for (let r = 0; r < rounds; r++) {
    for (const name of names) {
      const line = execFileSync(
        process.execPath,
        [join(__dirname, '..', 'tools', 'run-ts.js'), __filename, '--child', name, '--rows', String(n)],
        {
          encoding: 'utf8',
          maxBuffer: 1 << 20,
        },
      );
      const m = JSON.parse(line.trim().split('\n').pop() as string);
      const e = (results[name] ??= { ms: [], cpuMs: [], rss: [], bytes: 0 });
      e.ms.push(m.ms);
      e.cpuMs.push(m.cpuMs);
      e.rss.push(m.maxRssMb);
      e.bytes = m.bytes;
    }
  }
  const csv = results.csv ? median(results.csv.ms) : NaN;
  console.log(
    `rows=${n} rounds=${rounds} loadavg=${(await import('node:os'))
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  console.log('| writer | median s | CPU s | × CSV | peak RSS MB (max) | output MB |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const name of names) {
    const e = results[name];
    console.log(
      `| ${name} | ${(median(e.ms) / 1000).toFixed(2)} | ${(median(e.cpuMs) / 1000).toFixed(2)} | ${(median(e.ms) / csv).toFixed(2)} | ${Math.max(...e.rss).toFixed(0)} | ${(e.bytes / 1e6).toFixed(1)} |`,
    );
  }
}

/** Our writer past one sheet: sheet sizes counted back from the file with `unzip -p` (an independent reader). */
async function splitCheck(): Promise<void> {
  const n = Number(opt('rows') ?? XLSX_MAX_DATA_ROWS + 51_425);
  const dir = mkdtempSync(join(tmpdir(), 'xlsx-split-'));
  const file = join(dir, 'split.xlsx');
  try {
    const start = Date.now();
    await pipeline(xlsxExport(COLUMNS, rows(n), { sheetName: 'reportUtility' }), createWriteStream(file));
    console.log(
      `${n} rows written in ${((Date.now() - start) / 1000).toFixed(1)} s, peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
    );
    console.log(execFileSync('unzip', ['-l', file], { encoding: 'utf8' }));
    for (const sheet of ['sheet1', 'sheet2']) {
      const count = execFileSync('sh', ['-c', `unzip -p '${file}' xl/worksheets/${sheet}.xml | grep -o '<row ' | wc -l`], {
        encoding: 'utf8',
      }).trim();
      console.log(`${sheet}: ${count} rows including the header`);
    }
    console.log(execFileSync('unzip', ['-p', file, 'xl/workbook.xml'], { encoding: 'utf8' }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  const name = opt('child');
  const task = name ? child(name, Number(opt('rows'))) : process.argv.includes('--split-check') ? splitCheck() : compare();
  task.catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

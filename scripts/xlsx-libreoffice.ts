/*
 * Opens exports of our XLSX writer in LibreOffice (headless, Debian's `libreoffice-calc-nogui`) and
 * checks what it reads: every sheet's values (converted to CSV, "as shown"), the cell types, and
 * the bold header (converted to flat ODS). CONTRACT §8 "must open in Excel and LibreOffice"; the
 * jest specs read the same files with SheetJS.
 *
 *   apt-get install -y --no-install-recommends libreoffice-calc-nogui
 *   node tools/run-ts.js scripts/xlsx-libreoffice.ts
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { PAGO_LIKE_COLUMNS } from '@nomina-api/platform/testing';
import { xlsxExport } from '@nomina-api/platform/export';
import { log, runScript } from './lib/environment';

const COLUMNS = PAGO_LIKE_COLUMNS;

const ROWS = [
  {
    uuid: 'edb3a93c-c8bc-4be2-a4c5-b8abb2a86588',
    descripcion: 'Nómina "febrero" <b> & más',
    fechaPago: '2023-02-28',
    creado: '2023-02-28 10:00:00-05',
    totalNeto: '138083465.24',
    definitivo: true,
    grupoPago: { codigo: 'ADM' },
  },
  {
    uuid: 'EDB3A93CC8BC4BE2A4C5B8ABB2A86589',
    descripcion: '=HYPERLINK("http://x")',
    fechaPago: null,
    creado: null,
    totalNeto: -1.5e-7,
    definitivo: false,
    grupoPago: null,
  },
  {
    uuid: 'EDB3A93CC8BC4BE2A4C5B8ABB2A8658A',
    descripcion: '  espacios  ',
    fechaPago: '2024-02-29',
    creado: null,
    totalNeto: 18404777,
    definitivo: true,
    grupoPago: { codigo: '_x0041_' },
  },
  {
    uuid: 'EDB3A93CC8BC4BE2A4C5B8ABB2A8658B',
    descripcion: 'Ñandú, "café"',
    fechaPago: '1999-12-31',
    creado: '2024-01-31T23:59:59.000Z',
    totalNeto: '0.00',
    definitivo: false,
    grupoPago: { codigo: '-X' },
  },
  {
    uuid: 'EDB3A93CC8BC4BE2A4C5B8ABB2A8658C',
    descripcion: 'última',
    fechaPago: '2026-11-24',
    creado: null,
    totalNeto: '-2263787.78',
    definitivo: true,
    grupoPago: { codigo: 'OPE' },
  },
];

/** What LibreOffice shows, per sheet (CSV of the formatted values: dates with our formats, booleans TRUE/FALSE). */
const HEADER = 'uuid,descripcion,fechaPago,creado,totalNeto,definitivo,grupoPago.codigo';
const EXPECTED: Record<string, string[]> = {
  pagos: [
    HEADER,
    'EDB3A93CC8BC4BE2A4C5B8ABB2A86588,"Nómina ""febrero"" <b> & más",2023-02-28,2023-02-28 15:00:00,138083465.24,TRUE,ADM',
    'EDB3A93CC8BC4BE2A4C5B8ABB2A86589,"=HYPERLINK(""http://x"")",,,-0.00000015,FALSE,',
  ],
  'pagos (2)': [
    HEADER,
    'EDB3A93CC8BC4BE2A4C5B8ABB2A8658A,  espacios  ,2024-02-29,,18404777,TRUE,_x0041_',
    'EDB3A93CC8BC4BE2A4C5B8ABB2A8658B,"Ñandú, ""café""",1999-12-31,2024-01-31 23:59:59,0,FALSE,-X',
  ],
  'pagos (3)': [HEADER, 'EDB3A93CC8BC4BE2A4C5B8ABB2A8658C,última,2026-11-24,,-2263787.78,TRUE,OPE'],
};
/** office:value-type per column of a data row (LibreOffice keeps booleans as floats with a TRUE() formula). */
const TYPES = ['string', 'string', 'date', 'date', 'float', 'float', 'string'];

function soffice(dir: string, file: string, target: string): void {
  execFileSync(
    'soffice',
    ['--headless', '--norestore', `-env:UserInstallation=file://${dir}/profile`, '--convert-to', target, '--outdir', dir, file],
    {
      stdio: 'pipe',
      timeout: 120_000,
    },
  );
}

async function main(): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'xlsx-lo-'));
  const failures: string[] = [];
  const check = (ok: boolean, what: string): void => {
    log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
    if (!ok) failures.push(what);
  };
  try {
    const file = join(dir, 'pagos.xlsx');
    writeFileSync(file, await buffer(xlsxExport(COLUMNS, ROWS, { sheetName: 'pagos', maxRowsPerSheet: 2 })));
    log(execFileSync('soffice', ['--version'], { encoding: 'utf8' }).trim());
    // Filter options: `,` `"` UTF-8, from line 1, formatted "as shown", every sheet (-1) to its own file.
    soffice(dir, file, 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1');
    const csvs = readdirSync(dir)
      .filter((f) => f.endsWith('.csv'))
      .sort();
    check(
      JSON.stringify(csvs) === JSON.stringify(['pagos-pagos (2).csv', 'pagos-pagos (3).csv', 'pagos-pagos.csv']),
      `sheets ${JSON.stringify(csvs)}`,
    );
    for (const [sheet, lines] of Object.entries(EXPECTED)) {
      const got = readFileSync(join(dir, `pagos-${sheet}.csv`), 'utf8')
        .replace(/^\uFEFF/, '')
        .split(/\r?\n/)
        .filter(Boolean);
      for (let i = 0; i < Math.max(lines.length, got.length); i++)
        check(got[i] === lines[i], `${sheet} line ${i + 1}: ${got[i]}${got[i] === lines[i] ? '' : `  (expected ${lines[i]})`}`);
    }

    soffice(dir, file, 'fods');
    const fods = readFileSync(join(dir, 'pagos.fods'), 'utf8');
    const firstTable = fods.slice(fods.indexOf('<table:table '), fods.indexOf('</table:table>'));
    const rows = firstTable.split('<table:table-row').slice(1);
    const cells = (row: string): string[] => row.match(/<table:table-cell [^>]*office:value-type[^>]*>/g) ?? [];
    const header = cells(rows[0]);
    const headerStyles = new Set(header.map((c) => /table:style-name="([^"]+)"/.exec(c)?.[1]));
    check(header.length === COLUMNS.length && headerStyles.size === 1, `header: ${header.length} cells, one style`);
    const style = [...headerStyles][0];
    const styleXml = new RegExp(`<style:style style:name="${style}"[\\s\\S]*?</style:style>`).exec(fods)?.[0] ?? '';
    check(/fo:font-weight="bold"/.test(styleXml), `header style ${style} is bold`);
    const types = cells(rows[1]).map((c) => /office:value-type="([^"]+)"/.exec(c)?.[1]);
    check(JSON.stringify(types) === JSON.stringify(TYPES), `row 2 cell types ${JSON.stringify(types)}`);
    const dataStyles = cells(rows[1]).map((c) => /table:style-name="([^"]+)"/.exec(c)?.[1]);
    check(!dataStyles.includes(style), 'data cells are not in the bold header style');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  log(failures.length === 0 ? 'LibreOffice reads the workbook as written.' : `${failures.length} check(s) failed.`);
  return failures.length === 0 ? 0 : 1;
}

runScript(main);

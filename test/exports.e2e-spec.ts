import * as XLSX from '@e965/xlsx';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { parse } from 'csv-parse/sync';
import { generateDataset } from '@nomina-api/importer/demo/generate-dataset';
import { XLSX_MAX_DATA_ROWS } from '@nomina-api/platform/export';
import { SqlReader } from '@nomina-api/platform/persistence';
import { createTestApp, expectProblem, get, login } from './support/test-app';
import { seedDatabase } from './support/test-database';

/**
 * Exports (CONTRACT §8) read back with independent readers — csv-parse (RFC 4180) and SheetJS —
 * and compared cell by cell with the JSON answer of the same request, on the contract's example
 * dataset and on the generated demo dataset.
 */
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const LEGACY_DAY = /^(\d{4}-\d{2}-\d{2})T05:00:00\.000\+0000$/;
const LEGACY_INSTANT = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3})\+0000$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const FORMULA_START = /^(?:[\t\r]|[ \t\r\n]*[=+\-@])/;

/** A GET with the body's bytes too (a BOM or a zip must not go through a string). */
interface Raw {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  raw: Buffer;
  json(): any;
}
async function getRaw(app: NestFastifyApplication, url: string, token: string, headers: Record<string, string> = {}): Promise<Raw> {
  const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, ...headers } });
  return { status: res.statusCode, headers: res.headers, body: res.body, raw: res.rawPayload, json: () => JSON.parse(res.body) };
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** The JSON elements of an answer: legacy envelope `contenido`, a report's `reportByProduct` or `reportByCategory`, or an array. */
function elements(body: Json): Record<string, Json>[] {
  if (Array.isArray(body)) return body as Record<string, Json>[];
  const o = body as Record<string, Json>;
  return (o.contenido ?? o.reportByProduct ?? o.reportByCategory) as Record<string, Json>[];
}

/** The value of a dotted column in a JSON element (a null parent gives null). */
function valueAt(el: Record<string, Json>, column: string): Json {
  let v: Json = el;
  for (const key of column.split('.')) {
    if (v === null || v === undefined) return null;
    v = (v as Record<string, Json>)[key];
  }
  return v === undefined ? null : v;
}

/** Dotted names of an element's leaves, in the JSON's order (nested objects flattened). */
function flatKeys(el: Record<string, Json>, prefix = ''): string[] {
  return Object.entries(el).flatMap(([k, v]) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? flatKeys(v as Record<string, Json>, `${prefix}${k}.`) : [prefix + k],
  );
}

function expectHeader(header: string[], els: Record<string, Json>[]): void {
  // The element with the most leaves has every nested object filled.
  const widest = els.map((e) => flatKeys(e)).sort((a, b) => b.length - a.length)[0];
  if (widest) expect(header).toEqual(widest);
}

function expectCsvCell(cell: string, json: Json, where: string): void {
  const at = `${where}: ${JSON.stringify(json)} vs ${JSON.stringify(cell)}`;
  if (json === null) return void expect({ at, cell }).toEqual({ at, cell: '' });
  if (typeof json === 'number') {
    expect({ at, plain: !/[eE]/.test(cell), n: Number(cell) }).toEqual({ at, plain: true, n: json });
  } else if (typeof json === 'boolean') {
    expect({ at, cell }).toEqual({ at, cell: String(json) });
  } else if (typeof json === 'string') {
    const day = LEGACY_DAY.exec(json);
    const instant = LEGACY_INSTANT.exec(json);
    const expected = day
      ? day[1]
      : instant
        ? `${instant[1]}Z`
        : ISO_INSTANT.test(json)
          ? json
          : FORMULA_START.test(json)
            ? `'${json}`
            : json;
    expect({ at, cell }).toEqual({ at, cell: expected });
  } else {
    throw new Error(`${at}: arrays do not export`);
  }
}

function expectXlsxCell(cell: XLSX.CellObject | undefined, json: Json, where: string): void {
  const at = `${where}: ${JSON.stringify(json)}`;
  if (json === null) return void expect({ at, cell }).toEqual({ at, cell: undefined });
  const got = { at, t: cell?.t, v: cell?.v instanceof Date ? cell.v.toISOString() : cell?.v };
  if (typeof json === 'number') expect(got).toEqual({ at, t: 'n', v: json });
  else if (typeof json === 'boolean') expect(got).toEqual({ at, t: 'b', v: json });
  else if (typeof json === 'string') {
    const day = LEGACY_DAY.exec(json);
    const instant = LEGACY_INSTANT.exec(json);
    if (day) expect(got).toEqual({ at, t: 'd', v: `${day[1]}T00:00:00.000Z` });
    else if (instant || ISO_INSTANT.test(json)) {
      const ms = Date.parse(instant ? `${instant[1]}Z` : json);
      // Date-time cells are day fractions: exact to the millisecond within a double.
      expect({ at, t: cell?.t, close: Math.abs((cell?.v as Date).getTime() - ms) <= 1 }).toEqual({ at, t: 'd', close: true });
    } else expect(got).toEqual({ at, t: 's', v: json.replace(/\r\n/g, '\n') });
  }
}

/** CSV read back: BOM, CRLF records, RFC 4180; compared cell by cell with the JSON elements. */
function expectCsvMatches(res: Raw, els: Record<string, Json>[]): string[] {
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  const raw = res.raw;
  expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = raw.toString('utf8');
  expect(text.endsWith('\r\n')).toBe(true);
  const [header, ...records] = parse(text, { bom: true, record_delimiter: '\r\n' }) as string[][];
  expectHeader(header, els);
  expect(records).toHaveLength(els.length);
  records.forEach((record, i) =>
    header.forEach((column, j) => expectCsvCell(record[j], valueAt(els[i], column), `row ${i + 1} ${column}`)),
  );
  return header;
}

/**
 * XLSX read back with SheetJS: sheet names, typed cells compared with JSON. Past `sheetRows` data
 * rows the rows continue on `<sheet> (2)`, `<sheet> (3)`..., each with the header row.
 */
function expectXlsxMatches(res: Raw, els: Record<string, Json>[], sheet: string, sheetRows = XLSX_MAX_DATA_ROWS): void {
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe(XLSX_TYPE);
  const wb = XLSX.read(res.raw, { type: 'buffer', cellDates: true, UTC: true });
  const sheets = Math.max(1, Math.ceil(els.length / sheetRows));
  expect(wb.SheetNames).toEqual(Array.from({ length: sheets }, (_, k) => (k === 0 ? sheet : `${sheet} (${k + 1})`)));
  wb.SheetNames.forEach((name, k) => {
    const ws = wb.Sheets[name];
    const part = els.slice(k * sheetRows, (k + 1) * sheetRows);
    const header = (XLSX.utils.sheet_to_json(ws, { header: 1 })[0] ?? []) as string[];
    expectHeader(header, els);
    const range = XLSX.utils.decode_range(ws['!ref'] as string);
    expect({ name, rows: range.e.r }).toEqual({ name, rows: part.length });
    part.forEach((el, i) =>
      header.forEach((column, j) =>
        expectXlsxCell(ws[XLSX.utils.encode_cell({ r: i + 1, c: j })], valueAt(el, column), `${name} row ${i + 1} ${column}`),
      ),
    );
  });
}

interface Case {
  name: string;
  /** The JSON request giving every element at once (size=1000 where the list pages). */
  json: string;
  /** The same request without paging: the export holds the whole result. */
  exportUrl: string;
  sheet: string;
  file: RegExp;
}

const DAY = '\\d{4}-\\d{2}-\\d{2}';

/** CONTRACT §11.2 and §11.4 lists around one person, a year of payroll and a month of sales (fixture and demo alike). */
function legacyReadCases(empleado: string, year: number, sales: string): Case[] {
  const explorer = `/pagoEmpleadoDetalles/conceptosacumulados/${year}-01-01/${year}-12-31`;
  const salesFile = (name: string): RegExp => new RegExp(`${name}-${sales.replace(/dateInitISO=|dateEndISO=|:/g, '').replace('&', '-')}`);
  return [
    {
      name: 'historialPagos',
      json: `/pagoEmpleados/${empleado}/historialPagos?size=1000`,
      exportUrl: `/pagoEmpleados/${empleado}/historialPagos`,
      sheet: 'historialPagos',
      file: new RegExp(`historialPagos-${empleado}-${DAY}`),
    },
    {
      name: 'explorer porContacto=false',
      json: `${explorer}/false/false`,
      exportUrl: `${explorer}/false/false`,
      sheet: 'conceptosacumuladosPorConcepto',
      file: new RegExp(`conceptosacumuladosPorConcepto-${year}-01-01-${year}-12-31`),
    },
    {
      name: 'explorer porContacto=true',
      json: `${explorer}/true/true`,
      exportUrl: `${explorer}/true/true`,
      sheet: 'conceptosacumuladosPorContacto',
      file: new RegExp(`conceptosacumuladosPorContacto-${year}-01-01-${year}-12-31`),
    },
    {
      name: 'sales by product, grouped',
      json: `/reports/reportSalesByProduct?${sales}&groupResult=true`,
      exportUrl: `/reports/reportSalesByProduct?${sales}&groupResult=true`,
      sheet: 'reportSalesByProduct',
      file: salesFile('reporte-ventas-producto'),
    },
    {
      name: 'sales by product, detail',
      json: `/reports/reportSalesByProduct?${sales}`,
      exportUrl: `/reports/reportSalesByProduct?${sales}`,
      sheet: 'reportSalesByProduct',
      file: salesFile('reporte-ventas-producto'),
    },
    {
      name: 'sales by category',
      json: `/reports/reportSalesByCategory?${sales}`,
      exportUrl: `/reports/reportSalesByCategory?${sales}`,
      sheet: 'reportSalesByCategory',
      file: salesFile('reporte-ventas-categoria'),
    },
  ];
}

/** The payroll operations around one payment and one of its payslips (fixture and demo ids alike). */
function payrollCases(pago: string, slip: string): Case[] {
  return [
    {
      name: 'pagos',
      json: '/pagos?params[estados]=PG,PP,EP,PA,RE,AN&size=1000',
      exportUrl: '/pagos?params[estados]=PG,PP,EP,PA,RE,AN',
      sheet: 'pagos',
      file: new RegExp(`pagos-${DAY}`),
    },
    {
      name: 'pagoEmpleados',
      json: `/pagoEmpleados?params[pago]=${pago}&size=1000`,
      exportUrl: `/pagoEmpleados?params[pago]=${pago}`,
      sheet: 'pagoEmpleados',
      file: new RegExp(`pagoEmpleados-${pago}-${DAY}`),
    },
    {
      name: 'detalles',
      json: `/pagoEmpleadoDetalles/${slip}`,
      exportUrl: `/pagoEmpleadoDetalles/${slip}`,
      sheet: 'pagoEmpleadoDetalles',
      file: new RegExp(`pagoEmpleadoDetalles-${slip}-${DAY}`),
    },
    {
      name: 'detallePago',
      json: `/pagoEmpleadoDetalles/detallePago/${pago}`,
      exportUrl: `/pagoEmpleadoDetalles/detallePago/${pago}`,
      sheet: 'detallePago',
      file: new RegExp(`detallePago-${pago}-${DAY}`),
    },
  ];
}

/** The bond lists (whole without paging) and the catalogs (CONTRACT §11.1, §11.3); `persona` has bonds. */
function bondAndCatalogCases(persona: string): Case[] {
  const whole = (name: string, url: string, sheet = name): Case => ({
    name,
    json: url,
    exportUrl: url,
    sheet,
    file: new RegExp(`${sheet}-${DAY}`),
  });
  return [
    whole('vinculados', '/vinculados'),
    whole('desvinculados', '/vinculados/desvinculados'),
    {
      name: 'vinculadosEmpleado',
      json: `/vinculados/empleado/${persona}`,
      exportUrl: `/vinculados/empleado/${persona}`,
      sheet: 'vinculadosEmpleado',
      file: new RegExp(`vinculadosEmpleado-${persona}-${DAY}`),
    },
    whole('tiposCotizante', '/vinculados/tiposCotizante'),
    {
      name: 'gruposPagos',
      json: '/gruposPagos?size=1000',
      exportUrl: '/gruposPagos',
      sheet: 'gruposPagos',
      file: new RegExp(`gruposPagos-${DAY}`),
    },
    whole('listagrupos', '/gruposPagos/listagrupos'),
    whole('conceptos', '/conceptos'),
  ];
}

const withFormat = (url: string, format: string): string => `${url}${url.includes('?') ? '&' : '?'}format=${format}`;

function exportSuite(cases: () => Case[], token: () => string, app: () => NestFastifyApplication): void {
  it('every export holds the JSON rows, cell by cell (CSV and XLSX)', async () => {
    for (const c of cases()) {
      const jsonRes = await get(app(), c.json, token());
      expect({ c: c.name, status: jsonRes.status }).toEqual({ c: c.name, status: 200 });
      const els = elements(jsonRes.json());
      const csv = await getRaw(app(), withFormat(c.exportUrl, 'csv'), token());
      expectCsvMatches(csv, els);
      expect(csv.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="${c.file.source}\\.csv"$`));
      const xlsx = await getRaw(app(), withFormat(c.exportUrl, 'xlsx'), token());
      expectXlsxMatches(xlsx, els, c.sheet);
      expect(xlsx.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="${c.file.source}\\.xlsx"$`));
    }
  });
}

describe('exports on the example dataset (e2e)', () => {
  let app: NestFastifyApplication;
  let ana: string;
  const PAGO = 'EDB3A93CC8BC4BE2A4C5B8ABB2A86588';
  const PAGO_EMPLEADO = 'AA127C7D70004A55822DE206B914F0E4';

  beforeAll(async () => {
    app = await createTestApp();
    ana = await login(app, 'ana.gomez@andina.example.co', 'a9jJ8y8Tcb#12');
  });
  afterAll(async () => {
    await app?.close();
  });

  const CASES = (): Case[] => [
    ...payrollCases(PAGO, PAGO_EMPLEADO),
    {
      name: 'acumulados',
      json: '/pagoEmpleadoDetalles/conceptosacumulados/2023-01-01/2023-12-31/false?size=1000',
      exportUrl: '/pagoEmpleadoDetalles/conceptosacumulados/2023-01-01/2023-12-31/false',
      sheet: 'conceptosacumulados',
      file: /conceptosacumulados-2023-01-01-2023-12-31/,
    },
    {
      name: 'acumulados aportes',
      json: '/pagoEmpleadoDetalles/conceptosacumulados/2023-01-01/2023-12-31/true?size=1000',
      exportUrl: '/pagoEmpleadoDetalles/conceptosacumulados/2023-01-01/2023-12-31/true',
      sheet: 'conceptosacumulados',
      file: /conceptosacumulados-2023-01-01-2023-12-31/,
    },
    { name: 'empleados', json: '/empleados?size=1000', exportUrl: '/empleados', sheet: 'empleados', file: new RegExp(`empleados-${DAY}`) },
    // Raúl Pablo Hernández Muñoz: a retired bond and a current one.
    ...bondAndCatalogCases('A91AFB5841B846A084D10091C16B0781'),
    { name: 'proveedor', json: '/proveedor', exportUrl: '/proveedor', sheet: 'proveedor', file: new RegExp(`proveedor-${DAY}`) },
    ...legacyReadCases(
      'AC407F7AADF74840B2B6D215AD181AD4',
      2023,
      'dateInitISO=2023-01-01T00:00:00.000Z&dateEndISO=2024-12-31T23:59:59.999Z',
    ),
  ];
  exportSuite(
    CASES,
    () => ana,
    () => app,
  );

  it('a bond list with paging exports that page; without, every bond', async () => {
    const url = '/vinculados?offset=2&size=3&sort=salarioBase,desc';
    const els = elements((await get(app, url, ana)).json());
    expect(els).toHaveLength(3);
    expectCsvMatches(await getRaw(app, withFormat(url, 'csv'), ana), els);
    expectXlsxMatches(await getRaw(app, withFormat(url, 'xlsx'), ana), els, 'vinculados');
  });

  it('paging given: the export holds that page only, in the JSON order', async () => {
    const url = '/pagos?params[estados]=PG,PP&offset=2&size=3&sort=totalNeto,desc';
    const els = elements((await get(app, url, ana)).json());
    expect(els).toHaveLength(3);
    expectCsvMatches(await getRaw(app, withFormat(url, 'csv'), ana), els);
    expectXlsxMatches(await getRaw(app, withFormat(url, 'xlsx'), ana), els, 'pagos');
  });

  it('past the sheet size the rows continue on further sheets, each with the header row (a sheet of 10 rows given to the app)', async () => {
    const url = '/pagos?params[estados]=PG,PP,EP,PA,RE,AN';
    const els = elements((await get(app, `${url}&size=1000`, ana)).json());
    expect(els.length).toBeGreaterThan(20);
    const small = await createTestApp({}, undefined, { export: { xlsxSheetRows: 10 } });
    try {
      // The whole list through the cursor, and a page of exactly two sheets.
      expectXlsxMatches(await getRaw(small, withFormat(url, 'xlsx'), ana), els, 'pagos', 10);
      expectXlsxMatches(await getRaw(small, `${url}&size=20&format=xlsx`, ana), els.slice(0, 20), 'pagos', 10);
    } finally {
      await small.close();
    }
  });

  it('filter and sort apply as in JSON', async () => {
    const url = '/pagoEmpleados?params[pago]=' + PAGO + '&filter=perez&sort=totalNeto,asc';
    const els = elements((await get(app, `${url}&size=1000`, ana)).json());
    expect(els.length).toBeGreaterThan(0);
    expectCsvMatches(await getRaw(app, withFormat(url, 'csv'), ana), els);
  });

  it('an empty result is a file with only the header row', async () => {
    const csv = await get(app, '/pagoEmpleados?params[pago]=00000000000040008000000000000000&format=csv', ana);
    expect(csv.status).toBe(200);
    expect(
      csv.body
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .filter(Boolean),
    ).toHaveLength(1);
    const xlsx = await getRaw(app, '/pagoEmpleados?params[pago]=00000000000040008000000000000000&format=xlsx', ana);
    const wb = XLSX.read(xlsx.raw, { type: 'buffer' });
    expect(XLSX.utils.sheet_to_json(wb.Sheets[wb.SheetNames[0]], { header: 1 })).toHaveLength(1);
  });

  describe('conceptosacumulados without paging', () => {
    const ACUMULADOS = '/pagoEmpleadoDetalles/conceptosacumulados/2023-01-01/2023-12-31';

    // Each order / filter / range shapes the statement differently (people and salaries joined
    // before or after the order; yearly rollup or payslips).
    it.each([
      '2023-01-01/2023-12-31/false?sort=totalNeto,desc',
      '2023-01-01/2023-12-31/true?sort=salarioBase,desc',
      '2023-01-01/2023-12-31/false?sort=id,asc&filter=a',
      '2023-01-01/2023-12-31/true?sort=tipoCotizante,desc',
      '2023-06-01/2023-12-15/false?sort=totalDevengados,asc',
    ])('%s: the whole-result export holds the JSON rows, in its order', async (request) => {
      const url = `/pagoEmpleadoDetalles/conceptosacumulados/${request}`;
      const els = elements((await get(app, `${url}&size=1000`, ana)).json());
      expect(els.length).toBeGreaterThan(1);
      expectCsvMatches(await getRaw(app, withFormat(url, 'csv'), ana), els);
      expectXlsxMatches(await getRaw(app, withFormat(url, 'xlsx'), ana), els, 'conceptosacumulados');
    });

    it('a range without payments: a file with only the header row', async () => {
      const csv = await getRaw(app, '/pagoEmpleadoDetalles/conceptosacumulados/1990-01-01/1990-12-31/false?format=csv', ana);
      // No record: the page form's null row of an empty result must not become an empty line.
      expectCsvMatches(csv, []);
    });

    it('reads the whole result through a cursor; a page through one query', async () => {
      const stream = jest.spyOn(SqlReader.prototype, 'stream');
      const query = jest.spyOn(SqlReader.prototype, 'query');
      /** The accumulation statements each reader method ran. */
      const ran = () => [stream, query].map((spy) => spy.mock.calls.filter(([text]) => String(text).includes('acumulado as (')).length);
      try {
        for (const format of ['csv', 'xlsx']) {
          stream.mockClear();
          query.mockClear();
          expect((await getRaw(app, `${ACUMULADOS}/false?format=${format}`, ana)).status).toBe(200);
          expect({ format, streamed_queried: ran() }).toEqual({ format, streamed_queried: [1, 0] });
          stream.mockClear();
          query.mockClear();
          expect((await getRaw(app, `${ACUMULADOS}/false?format=${format}&size=2`, ana)).status).toBe(200);
          expect({ format, streamed_queried: ran() }).toEqual({ format, streamed_queried: [0, 1] });
        }
      } finally {
        stream.mockRestore();
        query.mockRestore();
      }
    });
  });

  it('Accept selects the export without format; format wins over Accept', async () => {
    expect((await get(app, '/empleados', ana, { accept: 'text/csv' })).headers['content-type']).toBe('text/csv; charset=utf-8');
    expect((await get(app, '/empleados', ana, { accept: XLSX_TYPE })).headers['content-type']).toBe(XLSX_TYPE);
    expect((await get(app, '/empleados?format=json', ana, { accept: 'text/csv' })).headers['content-type']).toMatch(/^application\/json/);
  });

  it.each(['/pagos?params[estados]=PG', '/empleados', '/proveedor', `/pagoEmpleadoDetalles/detallePago/${PAGO}`])(
    '%s: an unknown format → 400 FORMATO_INVALIDO listing the accepted values',
    async (url) => {
      const body = expectProblem(await get(app, withFormat(url, 'pdf'), ana), 400, 'FORMATO_INVALIDO');
      expect(body.errors).toEqual([{ field: 'format', message: expect.stringContaining('json, csv, xlsx') }]);
    },
  );

  it('the e-payroll numbering has no export', async () => {
    const res = await get(app, '/pagos/nominaelectronica/2023/10?format=csv', ana);
    expect(res.headers['content-type']).not.toBe('text/csv; charset=utf-8');
  });
});

describe('exports on the demo dataset (e2e)', () => {
  let app: NestFastifyApplication;
  let admin: string;
  let cases: Case[] = [];

  beforeAll(async () => {
    const url = await seedDatabase('nomina_test_exports_demo', [generateDataset({ scale: 'demo' })]);
    app = await createTestApp({}, url);
    admin = await login(app, 'admin@andina.demo.co', 'Andina#2024');
    const pago = elements((await get(app, '/pagos?params[estados]=PG&size=1', admin)).json())[0].uuid as string;
    const slip = elements((await get(app, `/pagoEmpleados?params[pago]=${pago}&size=1`, admin)).json())[0].uuid as string;
    const report = '/reports/reportUtility?dateInitISO=2025-03-01T00:00:00.000Z&dateEndISO=2025-03-31T23:59:59.999Z';
    cases = [
      ...payrollCases(pago, slip),
      {
        name: 'acumulados',
        json: '/pagoEmpleadoDetalles/conceptosacumulados/2024-01-01/2024-12-31/true?size=1000',
        exportUrl: '/pagoEmpleadoDetalles/conceptosacumulados/2024-01-01/2024-12-31/true',
        sheet: 'conceptosacumulados',
        file: /conceptosacumulados-2024-01-01-2024-12-31/,
      },
      {
        name: 'empleados',
        json: '/empleados?size=1000',
        exportUrl: '/empleados',
        sheet: 'empleados',
        file: new RegExp(`empleados-${DAY}`),
      },
      // Paula Cortés Hernández: a retired bond and a current one.
      ...bondAndCatalogCases('359B0E1C22F0483EA8625B6D16313F2E'),
      {
        name: 'report grouped',
        json: `${report}&groupResult=true`,
        exportUrl: `${report}&groupResult=true`,
        sheet: 'reportUtility',
        file: /reporte-utilidad-2025-03-01T000000\.000Z-2025-03-31T235959\.999Z/,
      },
      {
        name: 'report detail',
        json: report,
        exportUrl: report,
        sheet: 'reportUtility',
        file: /reporte-utilidad-2025-03-01T000000\.000Z-2025-03-31T235959\.999Z/,
      },
      { name: 'proveedor', json: '/proveedor', exportUrl: '/proveedor', sheet: 'proveedor', file: new RegExp(`proveedor-${DAY}`) },
      ...legacyReadCases(
        'FAC65D08FA57471698F63C95E7B7C933',
        2024,
        'dateInitISO=2025-03-01T00:00:00.000Z&dateEndISO=2025-03-31T23:59:59.999Z',
      ),
    ];
  });
  afterAll(async () => {
    await app?.close();
  });

  exportSuite(
    () => cases,
    () => admin,
    () => app,
  );

  it('the report revalidates (304) only after the premium check: a business without PREMIUM gets 402 even with If-None-Match', async () => {
    const report = '/reports/reportUtility?dateInitISO=2025-03-01T00:00:00.000Z&dateEndISO=2025-03-31T23:59:59.999Z&groupResult=true';
    const ok = await get(app, report, admin);
    expect(ok.headers.etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect((await get(app, report, admin, { 'if-none-match': String(ok.headers.etag) })).status).toBe(304);
    const contador = await login(app, 'contador@andina.demo.co', 'Contador#2024');
    expectProblem(await get(app, report, contador, { 'if-none-match': '*' }), 402, 'PREMIUM_REQUIRED');
    expectProblem(await get(app, report, contador, { 'if-none-match': String(ok.headers.etag) }), 402, 'PREMIUM_REQUIRED');
  });
});

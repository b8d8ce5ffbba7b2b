import { buffer } from 'node:stream/consumers';
import * as XLSX from '@e965/xlsx';
import { exportColumns } from './export-column';
import { countingSource, expectHeldBackAndEnded, expectUnreadSourceEnded, failingSource } from './__fixtures__/row-sources';
import { PAGO_LIKE_COLUMNS, ROW_EVERY_KIND, ROW_FORMULA_AND_NULLS } from './__fixtures__/export-rows';
import { columnLetters, sheetName, xlsxExport } from './xlsx-export';

// Read back with SheetJS, an independent implementation (the writer is ours, over yazl).
const COLUMNS = PAGO_LIKE_COLUMNS;

const ROWS = [
  ROW_EVERY_KIND,
  ROW_FORMULA_AND_NULLS,
  {
    uuid: 'EDB3A93CC8BC4BE2A4C5B8ABB2A8658A',
    descripcion: '  espacios  ',
    fechaPago: '2024-02-29',
    creado: null,
    totalNeto: 18404777,
    definitivo: true,
    grupoPago: { codigo: '_x0041_ \u0001 😀' },
  },
];

async function workbook(rows: object[] | AsyncIterable<object>, maxRowsPerSheet?: number): Promise<{ wb: XLSX.WorkBook; raw: Buffer }> {
  const raw = await buffer(xlsxExport(COLUMNS, rows, { sheetName: 'pagos', maxRowsPerSheet }));
  return { raw, wb: XLSX.read(raw, { type: 'buffer', cellDates: true, cellNF: true, UTC: true }) };
}

function zipEntry(raw: Buffer, path: string): string {
  const cfb = XLSX.CFB.read(raw, { type: 'buffer' });
  const i = cfb.FullPaths.findIndex((p: string) => p.endsWith(`/${path}`));
  if (i < 0) throw new Error(`${path} missing`);
  return Buffer.from(cfb.FileIndex[i].content as Uint8Array).toString('utf8');
}

describe('xlsxExport', () => {
  it('one sheet named after the resource; cells read back with their types and values', async () => {
    const { wb } = await workbook(ROWS);
    expect(wb.SheetNames).toEqual(['pagos']);
    const ws = wb.Sheets.pagos;
    expect(ws['!ref']).toBe('A1:G4');
    const header = COLUMNS.map((_, i) => ws[`${columnLetters(i)}1`]);
    expect(header.map((c) => [c.t, c.v])).toEqual(COLUMNS.map((c) => ['s', c.name]));

    // Row 2: every kind.
    expect(ws.A2).toMatchObject({ t: 's', v: 'EDB3A93CC8BC4BE2A4C5B8ABB2A86588' });
    // CR is written as _x000D_ (XML parsers would fold CR LF into LF); SheetJS itself folds CR LF on reading.
    expect(ws.B2).toMatchObject({ t: 's', v: 'Nómina "febrero", 2023 <b> & más\nsegunda línea' });
    expect(ws.C2.t).toBe('d');
    expect((ws.C2.v as Date).toISOString()).toBe('2023-02-28T00:00:00.000Z');
    expect(ws.C2.z).toBe('yyyy-mm-dd');
    expect(ws.D2.t).toBe('d');
    // Date-time cells are day fractions: exact to the second after the float round trip.
    expect(Math.round((ws.D2.v as Date).getTime() / 1000)).toBe(Date.parse('2023-02-28T15:00:00Z') / 1000);
    expect(ws.D2.z).toBe('yyyy-mm-dd hh:mm:ss');
    expect(ws.E2).toMatchObject({ t: 'n', v: 138083465.24 });
    expect(ws.F2).toMatchObject({ t: 'b', v: true });
    expect(ws.G2).toMatchObject({ t: 's', v: 'ADM' });

    // Row 3: nulls are empty cells; text that looks like a formula stays text (never a formula).
    expect(ws.B3).toMatchObject({ t: 's', v: '=HYPERLINK("http://x")' });
    expect(ws.B3.f).toBeUndefined();
    expect(ws.C3).toBeUndefined();
    expect(ws.D3).toBeUndefined();
    expect(ws.E3).toMatchObject({ t: 'n', v: -1.5e-7 });
    expect(ws.F3).toMatchObject({ t: 'b', v: false });
    expect(ws.G3).toBeUndefined();

    // Row 4: spaces kept, escapes and characters XML cannot hold survive the round trip.
    expect(ws.B4.v).toBe('  espacios  ');
    expect(ws.E4).toMatchObject({ t: 'n', v: 18404777 });
    expect(ws.G4.v).toBe('_x0041_ \u0001 😀');
  });

  it('the XML holds numbers as plain decimals (no exponent) and CR as _x000D_', async () => {
    const { raw } = await workbook(ROWS);
    const xml = zipEntry(raw, 'xl/worksheets/sheet1.xml');
    expect(xml).toContain('<v>138083465.24</v>');
    expect(xml).toContain('<v>-0.00000015</v>');
    expect(xml).toContain('<v>18404777</v>');
    expect(xml).not.toMatch(/<v>[^<]*[eE][^<]*<\/v>/);
    expect(xml).toContain('2023 &lt;b&gt; &amp; más_x000D_\nsegunda línea');
  });

  it('the header row is bold and frozen', async () => {
    const { raw } = await workbook(ROWS);
    const sheet = zipEntry(raw, 'xl/worksheets/sheet1.xml');
    const styles = zipEntry(raw, 'xl/styles.xml');
    const headerStyles = [...sheet.matchAll(/<c r="[A-Z]+1" s="(\d+)"/g)].map((m) => Number(m[1]));
    expect(headerStyles).toHaveLength(COLUMNS.length);
    const xfs = [...(/<cellXfs[^>]*>(.*)<\/cellXfs>/.exec(styles) as RegExpExecArray)[1].matchAll(/<xf [^>]*fontId="(\d+)"/g)].map((m) =>
      Number(m[1]),
    );
    const fonts = [...(/<fonts[^>]*>(.*)<\/fonts>/.exec(styles) as RegExpExecArray)[1].matchAll(/<font>(.*?)<\/font>/g)].map((m) => m[1]);
    for (const s of headerStyles) expect(fonts[xfs[s]]).toContain('<b/>');
    // Data cells are not bold.
    const dataStyles = [...sheet.matchAll(/<c r="[A-Z]+[2-9]"(?: s="(\d+)")?/g)].map((m) => Number(m[1] ?? 0));
    for (const s of dataStyles) expect(fonts[xfs[s]]).not.toContain('<b/>');
    expect(sheet).toContain('state="frozen"');
  });

  it('an empty result is a valid workbook with the header row alone', async () => {
    const { wb } = await workbook([]);
    expect(wb.SheetNames).toEqual(['pagos']);
    expect(XLSX.utils.sheet_to_json(wb.Sheets.pagos, { header: 1 })).toEqual([COLUMNS.map((c) => c.name)]);
  });

  it('continues on further sheets past the row limit, each with the header, in order', async () => {
    const rows = Array.from({ length: 7 }, (_, i) => ({ ...ROWS[2], descripcion: `fila ${i + 1}` }));
    const { wb } = await workbook(rows, 3);
    expect(wb.SheetNames).toEqual(['pagos', 'pagos (2)', 'pagos (3)']);
    const read = wb.SheetNames.map((n) => XLSX.utils.sheet_to_json<Record<string, unknown>>(wb.Sheets[n]).map((r) => r.descripcion));
    expect(read).toEqual([['fila 1', 'fila 2', 'fila 3'], ['fila 4', 'fila 5', 'fila 6'], ['fila 7']]);
    for (const n of wb.SheetNames) expect(XLSX.utils.sheet_to_json(wb.Sheets[n], { header: 1 })[0]).toEqual(COLUMNS.map((c) => c.name));
  });

  it('exactly the limit fills one sheet, no empty second one', async () => {
    const { wb } = await workbook([ROWS[0], ROWS[1], ROWS[2]], 3);
    expect(wb.SheetNames).toEqual(['pagos']);
  });

  it('sheet names obey the 31-character and character rules', () => {
    expect(sheetName('conceptos/acumulados:[2023]', 1)).toBe('conceptos_acumulados__2023_');
    expect(sheetName('pagoEmpleadoDetallesDetallePagoXYZ', 12)).toHaveLength(31);
    expect(sheetName('pagoEmpleadoDetallesDetallePagoXYZ', 12).endsWith(' (12)')).toBe(true);
  });

  it('pulls rows only as fast as the reader takes the file, and ends the source when destroyed', async () => {
    const source = countingSource((i) => ({ ...ROWS[2], descripcion: `fila ${i} ${(i * 7919).toString(36)}` }), 2_000_000);
    await expectHeldBackAndEnded(xlsxExport(COLUMNS, source.rows, { sheetName: 'pagos' }), source, 100_000);
  });

  it('destroyed before the first read (HEAD, a client gone at once), it still ends a source stream (its cursor)', async () => {
    await expectUnreadSourceEnded((rows) => xlsxExport(exportColumns({ a: 'number' }), rows, { sheetName: 'x' }));
  });

  it('a failing source fails the stream', async () => {
    await expect(buffer(xlsxExport(COLUMNS, failingSource(ROWS[0]), { sheetName: 'pagos' }))).rejects.toThrow('cursor perdido');
  });

  it('column letters', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
  });
});

import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { parse } from 'csv-parse/sync';
import { csvExport, csvField } from './csv-export';
import { exportColumns } from './export-column';
import { countingSource, expectHeldBackAndEnded, expectUnreadSourceEnded, failingSource } from './__fixtures__/row-sources';
import { PAGO_LIKE_COLUMNS, ROW_EVERY_KIND, ROW_FORMULA_AND_NULLS } from './__fixtures__/export-rows';

const COLUMNS = PAGO_LIKE_COLUMNS;

const ROWS = [
  ROW_EVERY_KIND,
  ROW_FORMULA_AND_NULLS,
  {
    uuid: 'EDB3A93CC8BC4BE2A4C5B8ABB2A8658A',
    descripcion: '+57 300',
    fechaPago: '2024-02-29',
    creado: null,
    totalNeto: 18404777,
    definitivo: true,
    grupoPago: { codigo: '-X' },
  },
  {
    uuid: 'EDB3A93CC8BC4BE2A4C5B8ABB2A8658B',
    descripcion: '@SUMA(A1)',
    fechaPago: null,
    creado: null,
    totalNeto: '0.00',
    definitivo: false,
    grupoPago: { codigo: '\tTAB' },
  },
];

const csvText = async (rows: object[] | AsyncIterable<object>): Promise<string> =>
  (await buffer(csvExport(COLUMNS, rows))).toString('utf8');

describe('csvExport', () => {
  it('UTF-8 with BOM, CRLF records, read back by an RFC 4180 parser cell by cell', async () => {
    const text = await csvText(ROWS);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    // Every record ends in CRLF; the only bare LF is... none: the embedded line break is CRLF inside quotes.
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const records: string[][] = parse(text, { bom: true, relax_column_count: false, record_delimiter: '\r\n' });
    expect(records).toEqual([
      ['uuid', 'descripcion', 'fechaPago', 'creado', 'totalNeto', 'definitivo', 'grupoPago.codigo'],
      [
        'EDB3A93CC8BC4BE2A4C5B8ABB2A86588',
        'Nómina "febrero", 2023 <b> & más\r\nsegunda línea',
        '2023-02-28',
        '2023-02-28T15:00:00.000Z',
        '138083465.24',
        'true',
        'ADM',
      ],
      ['EDB3A93CC8BC4BE2A4C5B8ABB2A86589', `'=HYPERLINK("http://x")`, '', '', '-0.00000015', 'false', ''],
      ['EDB3A93CC8BC4BE2A4C5B8ABB2A8658A', "'+57 300", '2024-02-29', '', '18404777', 'true', "'-X"],
      ['EDB3A93CC8BC4BE2A4C5B8ABB2A8658B', "'@SUMA(A1)", '', '', '0.00', 'false', "'\tTAB"],
    ]);
  });

  it('prefixes text whose first character past spaces and line breaks starts a formula, and text starting with a tab or CR', () => {
    const prefixed = ['=1+1', '\n=1+1', '\r\n+1', '  -1', ' \t@A1', '\tTAB', '\rX', '\t', '\r', '\n \n=x'];
    for (const v of prefixed) expect({ v, csv: csvField(v, true) }).toEqual({ v, csv: csvField(`'${v}`, false) });
    const plain = ['', ' ', '\n', 'a=1', ' a-1', '\nx', '1-2', "'=already"];
    for (const v of plain) expect({ v, csv: csvField(v, true) }).toEqual({ v, csv: csvField(v, false) });
    expect(csvField('\n=1+1', true)).toBe(`"'\n=1+1"`);
  });

  it('numbers are never prefixed, negative ones included', () => {
    expect(csvField('-50.56', false)).toBe('-50.56');
    expect(csvField('-50.56', true)).toBe("'-50.56");
  });

  it('an empty result is the BOM and the header row alone', async () => {
    expect(await csvText([])).toBe('\uFEFFuuid,descripcion,fechaPago,creado,totalNeto,definitivo,grupoPago.codigo\r\n');
  });

  it("writes the report's rows with the same bytes as the report's own CSV writer", async () => {
    const columns = exportColumns({
      productId: 'uuid',
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
    });
    const row = {
      productId: 'C0FFEE00000040008000000000000002',
      code: 'B-200',
      name: 'Azúcar "morena" 1 kg',
      categoryName: null,
      quantity: '3.5',
      totalBruto: '10501.75',
      totalDiscount: '100.00',
      totalTaxes: '0.00',
      total: '10401.75',
      avgCost: '2057.2000',
      grossProfit: '3301.55',
    };
    // Expected bytes copied from libs/reportes/src/http/report-utility.csv.spec.ts.
    expect((await buffer(csvExport(columns, [row]))).toString('utf8')).toBe(
      '\uFEFFproductId,code,name,categoryName,quantity,totalBruto,totalDiscount,totalTaxes,total,avgCost,grossProfit\r\n' +
        'C0FFEE00000040008000000000000002,B-200,"Azúcar ""morena"" 1 kg",,3.5,10501.75,100.00,0.00,10401.75,2057.2000,3301.55\r\n',
    );
  });

  it('hands out its text as strings, not a Buffer copy of each chunk', async () => {
    const chunks: unknown[] = await csvExport(COLUMNS, ROWS).toArray();
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.every((c) => typeof c === 'string')).toBe(true);
  });

  it('pulls rows only as fast as the reader takes text, and ends the source when destroyed', async () => {
    const source = countingSource((i) => ({ ...ROWS[2], descripcion: `fila ${i} ${'x'.repeat(50)}` }), 1_000_000);
    // A few 64 Ki batches at most (the stream's buffer), nowhere near the million rows.
    await expectHeldBackAndEnded(csvExport(COLUMNS, source.rows), source, 5000);
  });

  it('destroyed before the first read (HEAD, a client gone at once), it still ends a source stream (its cursor)', async () => {
    await expectUnreadSourceEnded((rows) => csvExport(exportColumns({ a: 'number' }), rows));
  });

  it('a failing source fails the stream (the download is cut, not ended)', async () => {
    await expect(buffer(csvExport(COLUMNS, failingSource(ROWS[0])))).rejects.toThrow('cursor perdido');
  });

  it('a value of the wrong type fails the stream naming the column', async () => {
    await expect(buffer(csvExport(COLUMNS, Readable.from([{ ...ROWS[0], totalNeto: 'mucho' }])))).rejects.toThrow(/totalNeto/);
  });
});

import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { ReportUtilityItem, ReportUtilityRecord } from '../queries/report-utility/report-utility.view';
import { GROUPED_COLUMNS, NUMERIC_COLUMNS } from '../queries/report-utility/report-utility.view';
import { csvField, csvLine, csvWriter } from './report-utility.csv';

describe('csvField (RFC 4180)', () => {
  it.each([
    ['plain', 'Pan de yuca', 'Pan de yuca'],
    ['accents untouched', 'Panadería Ñandú', 'Panadería Ñandú'],
    ['comma → quoted', 'Café especial, tostado', '"Café especial, tostado"'],
    ['quote → doubled and quoted', 'Azúcar "morena"', '"Azúcar ""morena"""'],
    ['line feed → quoted', 'línea 1\nlínea 2', '"línea 1\nlínea 2"'],
    ['carriage return → quoted', 'a\rb', '"a\rb"'],
    ['semicolon is not special', 'a;b', 'a;b'],
    ['empty string', '', ''],
    ['leading/trailing spaces kept', ' x ', ' x '],
  ])('%s', (_case, value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it('null and undefined are empty fields', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
  });

  it('neutralises text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField('+57 300')).toBe("'+57 300");
    expect(csvField('-Oferta')).toBe("'-Oferta");
    expect(csvField('@SUMA(A1)')).toBe("'@SUMA(A1)");
    expect(csvField('\tx')).toBe("'\tx");
  });

  it('numbers are written verbatim, negative ones included', () => {
    expect(csvField('-50.56', false)).toBe('-50.56');
    expect(csvField('1216.5336', false)).toBe('1216.5336');
  });
});

describe('csvLine', () => {
  it('joins with commas and ends with CRLF', () => {
    expect(csvLine(['a', '"b,c"', ''])).toBe('a,"b,c",\r\n');
  });
});

describe('csvWriter', () => {
  const record: ReportUtilityRecord = {
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
  const totals = {
    quantity: '3.5',
    totalBruto: '10501.75',
    totalDiscount: '100.00',
    totalTaxes: '0.00',
    total: '10401.75',
    cost: '7200.20',
    grossProfit: '3301.55',
  };
  // Buffer → string keeps the BOM (TextDecoder, as in stream/consumers text(), would drop it).
  const run = async (items: ReportUtilityItem[]): Promise<string> =>
    (await buffer(Readable.from(items).pipe(csvWriter(GROUPED_COLUMNS, NUMERIC_COLUMNS)))).toString('utf8');
  const HEADER = '\uFEFFproductId,code,name,categoryName,quantity,totalBruto,totalDiscount,totalTaxes,total,avgCost,grossProfit\r\n';

  it('BOM and header, one line per row, no totals line', async () => {
    const csv = await run([{ row: record }, { totals }]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toBe(
      `${HEADER}C0FFEE00000040008000000000000002,B-200,"Azúcar ""morena"" 1 kg",,3.5,10501.75,100.00,0.00,10401.75,2057.2000,3301.55\r\n`,
    );
  });

  it('an empty report is the header alone, with or without the totals item', async () => {
    expect(await run([{ totals }])).toBe(HEADER);
    expect(await run([])).toBe(HEADER);
  });
});

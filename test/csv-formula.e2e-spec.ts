import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { parse } from 'csv-parse/sync';
import { Client } from 'pg';
import { ANDINA_ID, ANDINA_USER, exampleDataset } from '../scripts/lib/environment';
import { createTestApp, login } from './support/test-app';
import { dropDatabase, seedDatabase } from './support/test-database';

/**
 * CONTRACT §8 end to end (issue #31, break 9, and the mutants #33 left alive, which only a unit
 * spec caught): suppliers whose texts need RFC 4180 quoting or the formula prefix, downloaded as
 * CSV through the HTTP API and read back with an independent parser (csv-parse). Every expected
 * cell is written out here, not computed by a copy of the rule, so a change to the quoting or to
 * the prefix (the `-`, the characters skipped before the first one) fails this test.
 */
const DB = 'nomina_test_csv_formula';

/** [razonSocial as stored, its CSV cell once parsed]. */
const CASES: [string, string][] = [
  ['=1+1', "'=1+1"],
  ['+57 300 000 0000', "'+57 300 000 0000"],
  ['-2+3', "'-2+3"],
  ['@SUMA(A1:A9)', "'@SUMA(A1:A9)"],
  ['\n=1+1', "'\n=1+1"],
  ['\r\n-1', "'\r\n-1"],
  ['   =HYPERLINK("http://x")', `'   =HYPERLINK("http://x")`],
  [' \t @A1', "' \t @A1"],
  ['\tTabulado', "'\tTabulado"],
  ['\rRetorno', "'\rRetorno"],
  ['Comercial "La 14", S.A.', 'Comercial "La 14", S.A.'],
  ['Línea uno\r\nLínea dos', 'Línea uno\r\nLínea dos'],
  ['a-b=c', 'a-b=c'],
  ['\nSalto sin fórmula', '\nSalto sin fórmula'],
  ['Ñandú & Cía', 'Ñandú & Cía'],
];

describe('CSV quoting and the formula prefix, read back through the HTTP API (e2e)', () => {
  let app: NestFastifyApplication;
  let token: string;
  let url: string;

  beforeAll(async () => {
    url = await seedDatabase(DB, [exampleDataset()]);
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      for (const [i, [razonSocial]] of CASES.entries()) {
        const id = `99000${String(i).padStart(3, '0')}`;
        await client.query(
          `insert into proveedor (tenant_id, identificacion, digito_verificacion, tipo_identificacion, razon_social, nombre_comercial)
           values ($1, $2, '1', 'NIT', $3, $3)`,
          [ANDINA_ID, id, razonSocial],
        );
        await client.query(
          `insert into proveedor_establecimiento (tenant_id, identificacion, codigo, nombre, direccion, ciudad, telefono, email)
           values ($1, $2, '001', 'Principal', $3, 'Bogotá', '-6010000', 'x@y.co')`,
          [ANDINA_ID, id, razonSocial],
        );
      }
    } finally {
      await client.end();
    }
    app = await createTestApp({}, url);
    token = await login(app, ANDINA_USER.email, ANDINA_USER.password);
  });

  afterAll(async () => {
    await app?.close();
    if (process.env.TEST_PG_ADMIN_URL) await dropDatabase(process.env.TEST_PG_ADMIN_URL, DB);
  });

  it('each text comes back exactly, prefixed with an apostrophe where a spreadsheet would evaluate it', async () => {
    const res = await app.inject({ method: 'GET', url: '/proveedor?format=csv', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const text = res.rawPayload.toString('utf8');
    const [header, ...records] = parse(text, { bom: true, record_delimiter: '\r\n' }) as string[][];
    const column = (name: string): number => header.indexOf(name);
    for (const name of ['identificacion', 'razonSocial', 'nombreComercial', 'establecimiento.direccion', 'establecimiento.telefono']) {
      expect(column(name)).toBeGreaterThanOrEqual(0);
    }
    const ours = records.filter((r) => r[column('identificacion')].startsWith('99000'));
    expect(ours.map((r) => r[column('razonSocial')])).toEqual(CASES.map(([, cell]) => cell));
    expect(ours.map((r) => r[column('nombreComercial')])).toEqual(CASES.map(([, cell]) => cell));
    expect(ours.map((r) => r[column('establecimiento.direccion')])).toEqual(CASES.map(([, cell]) => cell));
    // A text column whose value merely looks like a negative number is text: prefixed too.
    expect(ours.map((r) => r[column('establecimiento.telefono')])).toEqual(CASES.map(() => "'-6010000"));
    // On the wire: a field holding a quote, a comma or a line break is quoted, its quotes doubled.
    expect(text).toContain(`"Comercial ""La 14"", S.A."`);
    expect(text).toContain(`"'\n=1+1"`);
    expect(text).toContain(`"Línea uno\r\nLínea dos"`);
    expect(text).toContain(`"'\rRetorno"`);
    expect(text).toContain(`,'\tTabulado,`);
    expect(text).toContain(`,'=1+1,`);
  });
});

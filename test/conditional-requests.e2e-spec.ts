import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { sign } from 'jsonwebtoken';
import { Client } from 'pg';
import type { Dataset } from '@nomina-api/importer/dataset.types';
import { loadDataset } from '@nomina-api/importer/load-dataset';
import { createTestApp, expectProblem, get, login, TEST_JWT_SECRET } from './support/test-app';
import { seedDatabase } from './support/test-database';

/**
 * Conditional requests (CONTRACT §9) on a database of their own (the example dataset), since the
 * suite imports and numbers: ETag and Cache-Control on every read 200, 304 for a matching
 * If-None-Match only after authentication, tenant and premium checks, a new ETag when an import or
 * a numbering changes the data, with another format, user or tenant, and on a new day for /empleados.
 */
const FIXTURE = JSON.parse(readFileSync(join(__dirname, 'fixtures', 'example-dataset.json'), 'utf8')) as Dataset;
const ANA = { email: 'ana.gomez@andina.example.co', password: 'a9jJ8y8Tcb#12' };
const MARTA = { email: 'marta.canas@pacifico.example.co', password: 'qgrPM2MPau%50' };
const INACTIVE = {
  tenant: 'BD644C3F703745118912A48F79E8AC14',
  user: 'a7de5b48-e5d8-4b89-83be-19091c52a784',
  business: 'f5db79b3-b40f-4cc3-9335-d0a401cf03fe',
};
const PAGO = 'EDB3A93CC8BC4BE2A4C5B8ABB2A86588';
const SLIP = 'AA127C7D70004A55822DE206B914F0E4';
const STRONG = /^"[A-Za-z0-9_-]{32}"$/;

/**
 * Two tenants alike in everything the ETag hashes but the tenant: the same user and business ids
 * (ids are per tenant), no data version (a tenant no import has versioned is at version 0) and the
 * same request. Only their suppliers differ.
 */
const TWIN_PASSWORD = 'Gemelo#2024-clave';
const TWIN_USER = '7e7e0000-0000-4000-8000-000000000001';
const TWIN_BUSINESS = '7e7e0000-0000-4000-8000-0000000000b1';
const twin = (n: number, razonSocial: string): Dataset => ({
  tenants: [
    {
      uuid: `7e7e0000-0000-4000-8000-00000000010${n}`,
      nit: `90000777${n}`,
      nombre: `Gemelo ${n} S.A.S.`,
      activo: true,
      negocios: [{ uuid: TWIN_BUSINESS, nombre: 'Sede Única', suscripcion: null }],
      usuarios: [
        {
          uuid: TWIN_USER,
          email: `admin@gemelo${n}.co`,
          password: TWIN_PASSWORD,
          nombre: 'Admin',
          apellido: 'Gemelo',
          negocios: [TWIN_BUSINESS],
        },
      ],
      proveedores: [
        {
          identificacion: '800100200',
          tipoIdentificacion: 'NIT',
          razonSocial,
          ubicacion: 'DEFINITIVA',
          establecimientos: [{ codigo: '001', nombre: 'Sede Principal' }],
        },
      ],
    },
  ],
});
const TWINS = [twin(1, 'Proveedor Uno S.A.S.'), twin(2, 'Proveedor Dos S.A.S.')];

const READS = [
  '/pagos?params[estados]=PG,PP',
  `/pagoEmpleados?params[pago]=${PAGO}`,
  `/pagoEmpleadoDetalles/${SLIP}`,
  `/pagoEmpleadoDetalles/detallePago/${PAGO}`,
  '/pagoEmpleadoDetalles/conceptosacumulados/2023-01-01/2023-12-31/false',
  '/empleados',
  '/empleados/CC/8927601899',
  '/proveedor',
  // CONTRACT §11.2, §11.4
  `/pagos/${PAGO}`,
  '/empleados/21E10C42C883413CB0930C65F1B7ACD9',
  '/pagoEmpleados/21E10C42C883413CB0930C65F1B7ACD9/historialPagos',
  '/pagoEmpleadoDetalles/conceptosacumulados/2023-01-01/2023-12-31/false/false',
  '/pagoEmpleadoDetalles/conceptosacumulados/2023-01-01/2023-12-31/true/true',
  '/reports/reportSalesByProduct?dateInitISO=2023-01-01T00:00:00.000Z&dateEndISO=2024-12-31T23:59:59.999Z&groupResult=true',
  '/reports/reportSalesByCategory?dateInitISO=2023-01-01T00:00:00.000Z&dateEndISO=2024-12-31T23:59:59.999Z',
];

describe('conditional requests (e2e)', () => {
  let app: NestFastifyApplication;
  let url: string;
  let ana: string;
  let marta: string;

  beforeAll(async () => {
    url = await seedDatabase('nomina_test_conditional', [FIXTURE, ...TWINS]);
    app = await createTestApp({}, url);
    ana = await login(app, ANA.email, ANA.password);
    marta = await login(app, MARTA.email, MARTA.password);
  });
  afterAll(async () => {
    await app?.close();
  });

  const etagOf = async (path: string, token = ana, headers: Record<string, string> = {}): Promise<string> => {
    const res = await get(app, path, token, headers);
    expect({ path, status: res.status }).toEqual({ path, status: 200 });
    return String(res.headers.etag);
  };

  it.each(READS)('%s: 200 with a strong ETag and Cache-Control: private, no-cache; the ETag → 304 with no body', async (path) => {
    const res = await get(app, path, ana);
    expect(res.status).toBe(200);
    expect(res.headers.etag).toMatch(STRONG);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const again = await get(app, path, ana, { 'if-none-match': String(res.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(res.headers.etag);
    expect(again.headers['cache-control']).toBe('private, no-cache');
  });

  it.each(READS)('%s: authentication first — a bad token with the matching ETag (or *) is 401', async (path) => {
    const tag = await etagOf(path);
    expectProblem(await get(app, path, 'not-a-token', { 'if-none-match': tag }), 401);
    expectProblem(await get(app, path, undefined, { 'if-none-match': '*' }), 401);
    const inactive = sign({ tid: INACTIVE.tenant, bid: INACTIVE.business }, TEST_JWT_SECRET, {
      algorithm: 'HS256',
      expiresIn: 300,
      issuer: 'nomina-read-api',
      audience: 'nomina-read-api',
      subject: INACTIVE.user,
    });
    expectProblem(await get(app, path, inactive, { 'if-none-match': '*' }), 401, 'TENANT_INACTIVE');
  });

  it('another user, tenant, query or format gets another ETag', async () => {
    const path = '/pagos?params[estados]=PG,PP';
    const tags = [
      await etagOf(path),
      await etagOf(path, marta),
      await etagOf('/pagos?params[estados]=PG'),
      await etagOf(`${path}&format=csv`),
      await etagOf(`${path}&format=xlsx`),
      await etagOf(path, ana, { accept: 'text/csv' }),
    ];
    expect(new Set(tags).size).toBe(6);
    const csv = await get(app, `${path}&format=csv`, ana, { 'if-none-match': tags[3] });
    expect(csv.status).toBe(304);
  });

  it("two tenants' identical requests get different ETags, and one tenant's ETag never gives the other a 304", async () => {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('delete from tenant_data_version where tenant_id = any($1::uuid[])', [TWINS.map((d) => d.tenants[0].uuid)]);
    } finally {
      await client.end();
    }
    const [one, two] = [await login(app, 'admin@gemelo1.co', TWIN_PASSWORD), await login(app, 'admin@gemelo2.co', TWIN_PASSWORD)];
    const first = await get(app, '/proveedor', one);
    const second = await get(app, '/proveedor', two);
    expect(first.body).toContain('Proveedor Uno');
    expect(second.body).toContain('Proveedor Dos');
    expect(first.headers.etag).toMatch(STRONG);
    expect(second.headers.etag).not.toBe(first.headers.etag);
    const crossed = await get(app, '/proveedor', two, { 'if-none-match': String(first.headers.etag) });
    expect(crossed.status).toBe(200);
    expect(crossed.body).toBe(second.body);
  });

  it('If-None-Match compares weakly (RFC 9110 §13.1.2): the W/ form of the tag matches, another does not', async () => {
    const tag = await etagOf('/empleados');
    expect((await get(app, '/empleados', ana, { 'if-none-match': `W/${tag}` })).status).toBe(304);
    expect((await get(app, '/empleados', ana, { 'if-none-match': 'W/"otro"' })).status).toBe(200);
  });

  it('an import of the tenant changes every ETag (after the version cache, ≤ 5 s)', async () => {
    const path = `/pagoEmpleadoDetalles/detallePago/${PAGO}`;
    const before = await etagOf(path);
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      const andina: Dataset = { tenants: FIXTURE.tenants.filter((t) => t.nombre.includes('Andina')) };
      await loadDataset(client, andina, { replace: true });
    } finally {
      await client.end();
    }
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now + 6000);
    try {
      const after = await get(app, path, ana, { 'if-none-match': before });
      expect(after.status).toBe(200);
      expect(after.headers.etag).not.toBe(before);
    } finally {
      clock.mockRestore();
    }
  });

  it('the numbering: no-store and no ETag, and it changes the ETags of the reads', async () => {
    const before = await etagOf('/pagos?params[estados]=PG,PP');
    const numbering = await get(app, '/pagos/nominaelectronica/2023/10', ana, { 'if-none-match': '*' });
    expect(numbering.status).toBe(200);
    expect(numbering.headers['cache-control']).toBe('no-store');
    expect(numbering.headers.etag).toBeUndefined();
    // Same process: the version cache was dropped at once.
    expect((await get(app, '/pagos?params[estados]=PG,PP', ana, { 'if-none-match': before })).status).toBe(200);
  });

  it('/empleados (current today) gets a new ETag on the next day in Bogotá', async () => {
    const today = await etagOf('/empleados');
    const clock = jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 24 * 3600 * 1000);
    try {
      const token = await login(app, ANA.email, ANA.password);
      expect(await etagOf('/empleados', token)).not.toBe(today);
    } finally {
      clock.mockRestore();
    }
  });

  it('errors carry no ETag', async () => {
    const res = await get(app, '/empleados/CC/1', ana);
    expect(res.status).toBe(404);
    expect(res.headers.etag).toBeUndefined();
  });
});

import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { MikroORM } from '@mikro-orm/core';
import type { PostgreSqlConnection } from '@mikro-orm/postgresql';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Client } from 'pg';
import type { Dataset, ProveedorInput } from '@nomina-api/importer/dataset.types';
import { createTestApp, expectProblem, get, type InjectResult, login } from './support/test-app';
import { dropDatabase, seedDatabase } from './support/test-database';

/**
 * GET /proveedor and GET /proveedor/{identificacion} (CONTRACT §5) on a database of their own:
 * tenant A with identifications of several lengths, one supplier in both families and
 * entry-only suppliers; tenant B with the same identification as A; tenant C with 32 000
 * records for streaming and paging at volume. The contract's example dataset is loaded too and
 * checked against an independent implementation of the contract's rule (expectedList).
 */
const DB_NAME = 'nomina_test_proveedores';

const TENANT_A = 'a0a0a0a0-0000-4000-8000-00000000000a';
const TENANT_B = 'b0b0b0b0-0000-4000-8000-00000000000b';
const TENANT_C = 'c0c0c0c0-0000-4000-8000-00000000000c';
const USER_A = { email: 'compras@proveedores-a.test', password: 'Proveedores#A1' };
const USER_B = { email: 'compras@proveedores-b.test', password: 'Proveedores#B2' };
const USER_C = { email: 'compras@proveedores-c.test', password: 'Proveedores#C3' };

function tenant(uuid: string, n: string, user: { email: string; password: string }, proveedores: ProveedorInput[]) {
  const negocio = uuid.replace(/^.{8}/, 'eeeeeeee');
  return {
    uuid,
    nit: `90000000${n}`,
    nombre: `Empresa ${n}`,
    activo: true,
    negocios: [{ uuid: negocio, nombre: `Sede ${n}` }],
    usuarios: [
      {
        uuid: uuid.replace(/^.{8}/, 'dddddddd'),
        email: user.email,
        password: user.password,
        nombre: 'Compras',
        apellido: n,
        negocios: [negocio],
      },
    ],
    proveedores,
  };
}

const DISTRI_DEFINITIVA: ProveedorInput = {
  identificacion: '900123456',
  digitoVerificacion: '7',
  tipoIdentificacion: 'NIT',
  razonSocial: 'Distribuidora Andina S.A.S.',
  nombreComercial: 'Distri',
  ubicacion: 'DEFINITIVA',
  // Out of order on purpose: the answer is ordered by code.
  establecimientos: [
    { codigo: '010', nombre: 'Sede Cali', direccion: 'Cl 5 # 10-20', ciudad: 'Cali', telefono: '6023334455', email: 'cali@distri.co' },
    { codigo: '001', nombre: 'Principal', direccion: 'Cra 1 # 2-3', ciudad: 'Bogotá', telefono: '6011234567', email: 'a@b.co' },
    { codigo: '002', nombre: 'Bodega' },
  ],
};

const DATASET: Dataset = {
  tenants: [
    tenant(TENANT_A, 'A', USER_A, [
      DISTRI_DEFINITIVA,
      {
        // The same supplier waiting in the entry tables: the definitive one always wins.
        identificacion: '900123456',
        digitoVerificacion: '7',
        tipoIdentificacion: 'NIT',
        razonSocial: 'Distribuidora Andina (pendiente)',
        ubicacion: 'ENTRADA',
        establecimientos: [
          { codigo: '001', nombre: 'Principal (entrada)' },
          { codigo: '003', nombre: 'Sede solo en entrada' },
        ],
      },
      {
        identificacion: '1000',
        tipoIdentificacion: 'CC',
        razonSocial: 'Juan Pérez',
        ubicacion: 'DEFINITIVA',
        establecimientos: [
          { codigo: 'A01', nombre: 'Local A', direccion: null, ciudad: 'Tunja', telefono: null, email: null },
          { codigo: '001', nombre: 'Principal', ciudad: 'Tunja' },
        ],
      },
      {
        identificacion: 'A12',
        tipoIdentificacion: 'NIT_EXTRANJERO',
        razonSocial: 'Importadora Alfa Ltd.',
        nombreComercial: 'Alfa',
        ubicacion: 'ENTRADA',
        establecimientos: [
          { codigo: '002', nombre: 'Puerto', ciudad: 'Cartagena' },
          { codigo: '001', nombre: 'Oficina', ciudad: 'Miami' },
        ],
      },
      {
        identificacion: '800555111',
        digitoVerificacion: '2',
        tipoIdentificacion: 'NIT',
        razonSocial: 'Papelería Entrada S.A.S.',
        ubicacion: 'ENTRADA',
        establecimientos: [
          { codigo: '001', nombre: 'Principal', direccion: 'Av 68 # 1-1', ciudad: 'Bogotá', telefono: '6015550000', email: null },
        ],
      },
    ]),
    tenant(TENANT_B, 'B', USER_B, [
      {
        identificacion: '900123456',
        digitoVerificacion: '7',
        tipoIdentificacion: 'NIT',
        razonSocial: 'Distribuidora del Pacífico (tenant B)',
        ubicacion: 'DEFINITIVA',
        establecimientos: [{ codigo: '001', nombre: 'Principal B' }],
      },
      {
        identificacion: '555',
        tipoIdentificacion: 'CC',
        razonSocial: 'Proveedor B en entrada',
        ubicacion: 'ENTRADA',
        establecimientos: [{ codigo: '001', nombre: 'Único' }],
      },
    ]),
    tenant(TENANT_C, 'C', USER_C, []),
  ],
};

/** Tenant C's volume: 10 000 definitive suppliers × 3 establishments + 2 000 entry-only (1 000 more shadowed). */
const C_TOTAL = 32000;

/**
 * What the importer cannot load: an identification of 2 characters (the import schema asks for
 * 3 or more, the tables allow 1..20), and tenant C's volume.
 */
async function addHandMadeRows(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `insert into proveedor (tenant_id, identificacion, digito_verificacion, tipo_identificacion, razon_social, nombre_comercial)
       values ($1, '79', '3', 'CC', 'María Ruiz', 'Tienda 79')`,
      [TENANT_A],
    );
    await client.query(
      `insert into proveedor_establecimiento (tenant_id, identificacion, codigo, nombre, direccion, ciudad, telefono, email)
       values ($1, '79', '001', 'Principal', 'Cl 79 # 1-2', 'Tunja', null, null)`,
      [TENANT_A],
    );
    await client.query(
      `insert into proveedor (tenant_id, identificacion, digito_verificacion, tipo_identificacion, razon_social, nombre_comercial)
       select $1, (g * 7919 % 10000000)::text, (g % 10)::text, 'NIT', 'Proveedor ' || g, case when g % 3 = 0 then null else 'Comercial ' || g end
         from generate_series(1, 10000) g`,
      [TENANT_C],
    );
    await client.query(
      `insert into proveedor_establecimiento (tenant_id, identificacion, codigo, nombre, direccion, ciudad, telefono, email)
       select p.tenant_id, p.identificacion, c, 'Sede ' || c, 'Carrera ' || c || ' # 12-34, barrio Centro', 'Bogotá', '6010000000', 'sede' || c || '@proveedor.co'
         from proveedor p cross join unnest(array['001', '002', '010']) c
        where p.tenant_id = $1`,
      [TENANT_C],
    );
    await client.query(
      `insert into proveedor_entrada (tenant_id, identificacion, digito_verificacion, tipo_identificacion, razon_social, nombre_comercial)
       select $1, (g * 7919 % 10000000)::text, null, 'NIT', 'Entrada ' || g, null from generate_series(9001, 12000) g`,
      [TENANT_C],
    );
    await client.query(
      `insert into proveedor_entrada_establecimiento (tenant_id, identificacion, codigo, nombre, direccion, ciudad, telefono, email)
       select tenant_id, identificacion, '001', 'Principal', null, null, null, null from proveedor_entrada where tenant_id = $1`,
      [TENANT_C],
    );
    await client.query('vacuum analyze proveedor, proveedor_establecimiento, proveedor_entrada, proveedor_entrada_establecimiento');
  } finally {
    await client.end();
  }
}

interface WireRecord {
  identificacion: string;
  digitoVerificacion: string | null;
  tipoIdentificacion: string;
  razonSocial: string;
  nombreComercial: string | null;
  establecimiento: {
    codigo: string;
    nombre: string;
    direccion: string | null;
    ciudad: string | null;
    telefono: string | null;
    email: string | null;
  };
  ubicacion: 'DEFINITIVA' | 'ENTRADA';
}

/** The contract's record built from an import-format supplier: the oracle of these tests. */
function records(p: ProveedorInput): WireRecord[] {
  return p.establecimientos.map((e) => ({
    identificacion: p.identificacion.toUpperCase(),
    digitoVerificacion: p.digitoVerificacion ?? null,
    tipoIdentificacion: p.tipoIdentificacion,
    razonSocial: p.razonSocial,
    nombreComercial: p.nombreComercial ?? null,
    establecimiento: {
      codigo: e.codigo,
      nombre: e.nombre,
      direccion: e.direccion ?? null,
      ciudad: e.ciudad ?? null,
      telefono: e.telefono ?? null,
      email: e.email ?? null,
    },
    ubicacion: p.ubicacion,
  }));
}

const byteOrder = (a: string, b: string): number => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
const recordOrder = (a: WireRecord, b: WireRecord): number =>
  byteOrder(a.identificacion, b.identificacion) || byteOrder(a.establecimiento.codigo, b.establecimiento.codigo);

/** CONTRACT §5 for a whole tenant: definitive records plus entry records of identifications without one, byte-ordered. */
function expectedList(proveedores: ProveedorInput[]): WireRecord[] {
  const definitive = new Set(proveedores.filter((p) => p.ubicacion === 'DEFINITIVA').map((p) => p.identificacion.toUpperCase()));
  return proveedores
    .filter((p) => p.ubicacion === 'DEFINITIVA' || !definitive.has(p.identificacion.toUpperCase()))
    .flatMap((p) => records(p))
    .sort(recordOrder);
}

const FIXTURE = JSON.parse(readFileSync(join(__dirname, 'fixtures', 'example-dataset.json'), 'utf8')) as Dataset;

const [A, B] = DATASET.tenants as Array<{ proveedores: ProveedorInput[] }>;
const DISTRI = records(DISTRI_DEFINITIVA).sort(recordOrder);
const SUPPLIER_79: WireRecord = {
  identificacion: '79',
  digitoVerificacion: '3',
  tipoIdentificacion: 'CC',
  razonSocial: 'María Ruiz',
  nombreComercial: 'Tienda 79',
  establecimiento: { codigo: '001', nombre: 'Principal', direccion: 'Cl 79 # 1-2', ciudad: 'Tunja', telefono: null, email: null },
  ubicacion: 'DEFINITIVA',
};
const LIST_A = [...expectedList(A.proveedores), SUPPLIER_79].sort(recordOrder);
const LIST_B = expectedList(B.proveedores);

function expectHeaders(res: InjectResult, pagina: string, tamano: string, total: number): void {
  expect({ pagina: res.headers['x-pagina'], tamano: res.headers['x-tamano-pagina'], total: res.headers['x-total-registros'] }).toEqual({
    pagina,
    tamano,
    total: String(total),
  });
}

function expectJson(res: InjectResult): void {
  expect(res.status).toBe(200);
  expect(String(res.headers['content-type'])).toBe('application/json; charset=utf-8');
}

describe('proveedores (e2e, own data)', () => {
  let app: NestFastifyApplication;
  let tokenA: string;
  let tokenB: string;
  let tokenC: string;
  let url: string;

  beforeAll(async () => {
    url = await seedDatabase(DB_NAME, [DATASET, FIXTURE]);
    await addHandMadeRows(url);
    app = await createTestApp({}, url);
    [tokenA, tokenB, tokenC] = await Promise.all([USER_A, USER_B, USER_C].map((u) => login(app, u.email, u.password)));
  }, 120000);

  afterAll(async () => {
    await app?.close();
    if (process.env.TEST_PG_ADMIN_URL) await dropDatabase(process.env.TEST_PG_ADMIN_URL, DB_NAME);
  });

  describe('GET /proveedor/{identificacion}', () => {
    it('returns every definitive establishment ordered by code, the contract record byte for byte', async () => {
      const res = await get(app, '/proveedor/900123456', tokenA);
      expectJson(res);
      expect(res.json<WireRecord[]>().map((r) => r.establecimiento.codigo)).toEqual(['001', '002', '010']);
      // Field order and nulls exactly as CONTRACT §5.
      expect(res.body).toBe(JSON.stringify(DISTRI));
      expect(res.body).toMatch(
        /^\[\{"identificacion":"900123456","digitoVerificacion":"7","tipoIdentificacion":"NIT","razonSocial":"[^"]+","nombreComercial":"Distri","establecimiento":\{"codigo":"001","nombre":"Principal","direccion":"[^"]+","ciudad":"Bogotá","telefono":"6011234567","email":"a@b\.co"\},"ubicacion":"DEFINITIVA"\},/,
      );
      expect(res.json()[1].establecimiento).toEqual({
        codigo: '002',
        nombre: 'Bodega',
        direccion: null,
        ciudad: null,
        telefono: null,
        email: null,
      });
      expectHeaders(res, 'todas', 'todas', 3);
    });

    it('the definitive record wins: the entry tables are never mixed in for that supplier', async () => {
      const body = (await get(app, '/proveedor/900123456', tokenA)).json<WireRecord[]>();
      expect(body.every((r) => r.ubicacion === 'DEFINITIVA')).toBe(true);
      expect(body.map((r) => r.razonSocial)).not.toContain('Distribuidora Andina (pendiente)');
      expect(body.map((r) => r.establecimiento.codigo)).not.toContain('003');
    });

    it('finds an entry-only supplier in the entry tables, marked ENTRADA', async () => {
      const res = await get(app, '/proveedor/800555111', tokenA);
      expectJson(res);
      expect(res.json()).toEqual(records(A.proveedores.find((p) => p.identificacion === '800555111')!));
      expect(res.json()[0].ubicacion).toBe('ENTRADA');
      expectHeaders(res, 'todas', 'todas', 1);
    });

    it.each([
      ['900.123.456-7', '900123456'],
      ['%20900%20123%20456%20', '900123456'],
      ['900%20123%20456-7', '900123456'],
      ['900123456-0', '900123456'],
      ['a12', 'A12'],
      ['A12', 'A12'],
      ['79', '79'],
      ['1.000', '1000'],
    ])('normalises %s to %s', async (path, identificacion) => {
      const res = await get(app, `/proveedor/${path}`, tokenA);
      expectJson(res);
      const body = res.json<WireRecord[]>();
      expect(body.length).toBeGreaterThan(0);
      expect(body.every((r) => r.identificacion === identificacion)).toBe(true);
      expectHeaders(res, 'todas', 'todas', body.length);
    });

    it('letters compare case-insensitively and codes in byte order (entry-only, two establishments)', async () => {
      const res = await get(app, '/proveedor/a12', tokenA);
      expect(res.json()).toEqual(records(A.proveedores.find((p) => p.identificacion === 'A12')!).sort(recordOrder));
      expect(res.json<WireRecord[]>().map((r) => r.establecimiento.codigo)).toEqual(['001', '002']);
      const mixed = (await get(app, '/proveedor/1000', tokenA)).json<WireRecord[]>();
      expect(mixed.map((r) => r.establecimiento.codigo)).toEqual(['001', 'A01']);
    });

    it('ignores pagina and limite, even invalid ones', async () => {
      for (const query of ['pagina=1&limite=1', 'pagina=-1', 'pagina=x&limite=abc', 'limite=0']) {
        const res = await get(app, `/proveedor/900123456?${query}`, tokenA);
        expect(res.status).toBe(200);
        expect(res.json()).toEqual(DISTRI);
        expectHeaders(res, 'todas', 'todas', 3);
      }
    });

    it('404 problem+json naming the identification when it is found nowhere', async () => {
      const body = expectProblem(await get(app, '/proveedor/900.999.999-1', tokenA), 404, 'PROVEEDOR_NOT_FOUND');
      expect(body.detail).toContain('900999999');
      expect(body.instance).toBe('/proveedor/900.999.999-1');
    });

    it.each([
      ['%20%20', 'only spaces'],
      ['...', 'only dots'],
      ['-7', 'only a check digit'],
      ['123456789012345678901', 'longer than 20'],
      ['900_123', 'an underscore'],
      ['900-12', 'a hyphen that is not a check digit'],
      ['%C3%91and%C3%BA', 'a letter outside A-Z'],
    ])('400 naming identificacion for %s (%s)', async (path) => {
      const body = expectProblem(await get(app, `/proveedor/${path}`, tokenA), 400, 'VALIDATION');
      expect(body.errors).toEqual([{ field: 'identificacion', message: expect.stringMatching(/letras y dígitos/) }]);
    });
  });

  describe('GET /proveedor', () => {
    it('without pagina and limite: the complete list, streamed, headers todas', async () => {
      const res = await get(app, '/proveedor', tokenA);
      expectJson(res);
      expect(res.headers['content-length']).toBeUndefined();
      expect(res.body).toBe(JSON.stringify(LIST_A));
      expectHeaders(res, 'todas', 'todas', LIST_A.length);
    });

    it('orders identifications as bytes, not numbers ("1000" < "79" < "800555111" < "900123456" < "A12")', async () => {
      const body = (await get(app, '/proveedor', tokenA)).json<WireRecord[]>();
      expect(body.map((r) => `${r.identificacion}/${r.establecimiento.codigo}/${r.ubicacion}`)).toEqual([
        '1000/001/DEFINITIVA',
        '1000/A01/DEFINITIVA',
        '79/001/DEFINITIVA',
        '800555111/001/ENTRADA',
        '900123456/001/DEFINITIVA',
        '900123456/002/DEFINITIVA',
        '900123456/010/DEFINITIVA',
        'A12/001/ENTRADA',
        'A12/002/ENTRADA',
      ]);
    });

    it('an entry supplier whose identification is definitive never appears', async () => {
      const body = (await get(app, '/proveedor', tokenA)).json<WireRecord[]>();
      expect(body.filter((r) => r.identificacion === '900123456').every((r) => r.ubicacion === 'DEFINITIVA')).toBe(true);
      expect(body.map((r) => r.razonSocial)).not.toContain('Distribuidora Andina (pendiente)');
    });

    it('ignores unknown query parameters', async () => {
      const res = await get(app, '/proveedor?foo=1&page=2&size=1', tokenA);
      expect(res.json()).toEqual(LIST_A);
      expectHeaders(res, 'todas', 'todas', LIST_A.length);
    });

    it.each([
      ['pagina=0', 0, 50, LIST_A],
      ['pagina=1', 1, 50, []],
      ['limite=4', 0, 4, LIST_A.slice(0, 4)],
      ['pagina=1&limite=4', 1, 4, LIST_A.slice(4, 8)],
      ['pagina=2&limite=4', 2, 4, LIST_A.slice(8)],
      ['pagina=3&limite=4', 3, 4, []],
      ['pagina=0&limite=200', 0, 200, LIST_A],
      ['limite=0', 0, 50, LIST_A],
      ['limite=201', 0, 50, LIST_A],
      ['limite=abc', 0, 50, LIST_A],
      ['limite=-3', 0, 50, LIST_A],
      ['limite=2.5', 0, 50, LIST_A],
      ['limite=', 0, 50, LIST_A],
      ['pagina=1&limite=0', 1, 50, []],
      ['pagina=007&limite=1', 7, 1, LIST_A.slice(7, 8)],
    ])('%s → page %d of size %d', async (query, pagina, limite, expected) => {
      const res = await get(app, `/proveedor?${query}`, tokenA);
      expectJson(res);
      expect(res.json()).toEqual(expected);
      expectHeaders(res, String(pagina), String(limite), LIST_A.length);
    });

    it('pages of one record walk the whole list in order, without gaps or repeats', async () => {
      const walked: WireRecord[] = [];
      for (let pagina = 0; pagina <= LIST_A.length; pagina++) {
        const res = await get(app, `/proveedor?pagina=${pagina}&limite=1`, tokenA);
        expectHeaders(res, String(pagina), '1', LIST_A.length);
        walked.push(...res.json<WireRecord[]>());
      }
      expect(walked).toEqual(LIST_A);
    });

    it.each([['-1'], ['x'], ['1.5'], [''], ['2147483648']])('pagina=%s → 400 naming pagina', async (pagina) => {
      const body = expectProblem(await get(app, `/proveedor?pagina=${pagina}&limite=10`, tokenA), 400, 'VALIDATION');
      expect(body.errors).toEqual([{ field: 'pagina', message: expect.stringMatching(/entero/) }]);
      expect(body.detail).toMatch(/pagina/);
    });
  });

  describe('tenancy', () => {
    it("tenant B sees only its own suppliers, never A's", async () => {
      const res = await get(app, '/proveedor', tokenB);
      expect(res.json()).toEqual(LIST_B);
      expectHeaders(res, 'todas', 'todas', 2);
      const page = await get(app, '/proveedor?pagina=0&limite=50', tokenB);
      expect(page.json()).toEqual(LIST_B);
      expectHeaders(page, '0', '50', 2);
    });

    it("with B's token, an identification only A has is 404; one both have is B's", async () => {
      for (const id of ['A12', '1000', '79', '800555111'])
        expectProblem(await get(app, `/proveedor/${id}`, tokenB), 404, 'PROVEEDOR_NOT_FOUND');
      const shared = (await get(app, '/proveedor/900.123.456-7', tokenB)).json<WireRecord[]>();
      expect(shared).toEqual(records(B.proveedores[0]));
      expect(shared[0].razonSocial).toBe('Distribuidora del Pacífico (tenant B)');
    });

    it('an entry supplier of B is not visible to A', async () => {
      expectProblem(await get(app, '/proveedor/555', tokenA), 404, 'PROVEEDOR_NOT_FOUND');
      expect((await get(app, '/proveedor/555', tokenB)).json()[0].ubicacion).toBe('ENTRADA');
    });

    it('401 without a token, on both operations', async () => {
      expectProblem(await get(app, '/proveedor'), 401);
      expectProblem(await get(app, '/proveedor/900123456'), 401);
      expectProblem(await get(app, '/proveedor?pagina=0', 'not-a-jwt'), 401);
    });
  });

  describe('volume (tenant C, 32 000 records)', () => {
    let all: WireRecord[];

    beforeAll(async () => {
      const res = await get(app, '/proveedor', tokenC);
      expectJson(res);
      expectHeaders(res, 'todas', 'todas', C_TOTAL);
      all = res.json();
    });

    it('streams the complete list in byte order, every entry shadowed by a definitive identification left out', () => {
      expect(all).toHaveLength(C_TOTAL);
      for (let i = 1; i < all.length; i++) expect(recordOrder(all[i - 1], all[i])).toBeLessThan(0);
      const definitive = new Set(all.filter((r) => r.ubicacion === 'DEFINITIVA').map((r) => r.identificacion));
      const entries = all.filter((r) => r.ubicacion === 'ENTRADA');
      expect(entries).toHaveLength(2000);
      expect(entries.some((r) => definitive.has(r.identificacion))).toBe(false);
    });

    it.each([0, 1, 57, 159, 160])('page %d of 200 is the same slice of the streamed list', async (pagina) => {
      const res = await get(app, `/proveedor?pagina=${pagina}&limite=200`, tokenC);
      expectHeaders(res, String(pagina), '200', C_TOTAL);
      expect(res.json()).toEqual(all.slice(pagina * 200, pagina * 200 + 200));
    });

    it('a deep page past the end is an empty array with the headers still right', async () => {
      const res = await get(app, '/proveedor?pagina=2147483647&limite=200', tokenC);
      expect(res.json()).toEqual([]);
      expectHeaders(res, '2147483647', '200', C_TOTAL);
    });
  });

  describe('OpenAPI', () => {
    it('documents both operations with their parameters, paging headers and problems', async () => {
      const doc = (await get(app, '/docs-json')).json();
      const list = doc.paths['/proveedor'].get;
      const find = doc.paths['/proveedor/{identificacion}'].get;
      // If-None-Match: conditional requests (CONTRACT §9); format: exports of the list (§8).
      expect(list.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['If-None-Match', 'format', 'limite', 'pagina']);
      expect(find.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['If-None-Match', 'identificacion']);
      expect(Object.keys(list.responses['200'].headers).sort()).toEqual([
        'Cache-Control',
        'Content-Disposition',
        'ETag',
        'X-Pagina',
        'X-Tamano-Pagina',
        'X-Total-Registros',
      ]);
      expect(Object.keys(find.responses['200'].headers).sort()).toEqual(['X-Pagina', 'X-Tamano-Pagina', 'X-Total-Registros']);
      for (const op of [list, find]) {
        expect(op.responses).toEqual(expect.objectContaining({ '400': expect.anything(), '401': expect.anything() }));
        expect(op.security).toEqual([{ bearer: [] }]);
      }
      expect(find.responses['404'].content['application/problem+json'].example.code).toBe('PROVEEDOR_NOT_FOUND');
      expect(find.responses['200'].headers['X-Pagina'].example).toBe('todas');
    });
  });

  describe('the example dataset (also loaded into this database)', () => {
    const andina = FIXTURE.tenants.find((t) => t.uuid === '0ee9a9bb-2b87-43f0-82f5-d431917734f8')!;
    const pacifico = FIXTURE.tenants.find((t) => t.uuid === 'eefc7a24-ca77-4617-a19b-5632192302e1')!;

    it.each([
      ['Andina', 'ana.gomez@andina.example.co', 'a9jJ8y8Tcb#12', () => andina],
      ['Pacífico', 'marta.canas@pacifico.example.co', 'qgrPM2MPau%50', () => pacifico],
    ])('the list of %s follows the contract rule, streamed and paged', async (_name, email, password, data) => {
      const token = await login(app, email, password);
      const expected = expectedList(data().proveedores ?? []);
      const res = await get(app, '/proveedor', token);
      expect(res.json()).toEqual(expected);
      expectHeaders(res, 'todas', 'todas', expected.length);
      const lastPage = Math.floor((expected.length - 1) / 20);
      const last = await get(app, `/proveedor?pagina=${lastPage}&limite=20`, token);
      expect(last.json()).toEqual(expected.slice(lastPage * 20));
      expectHeaders(last, String(lastPage), '20', expected.length);
    });

    it('an identification in both families answers its definitive establishments', async () => {
      const token = await login(app, 'ana.gomez@andina.example.co', 'a9jJ8y8Tcb#12');
      const proveedores = andina.proveedores ?? [];
      const inBoth = proveedores.filter(
        (p) => p.ubicacion === 'ENTRADA' && proveedores.some((d) => d.ubicacion === 'DEFINITIVA' && d.identificacion === p.identificacion),
      );
      expect(inBoth.length).toBeGreaterThan(0);
      for (const entry of inBoth) {
        const definitive = proveedores.find((p) => p.ubicacion === 'DEFINITIVA' && p.identificacion === entry.identificacion)!;
        expect((await get(app, `/proveedor/${entry.identificacion}`, token)).json()).toEqual(records(definitive).sort(recordOrder));
      }
    });
  });

  // A second app of its own (a real socket); each app authenticates with its own adapter
  // (test/auth-two-apps.e2e-spec.ts), so its place in the file no longer matters.
  describe('streaming over a real socket', () => {
    let server: NestFastifyApplication;
    let port: number;

    /** The pool behind SqlReader: pooled connections checked out right now. */
    const used = (): number => (server.get(MikroORM).em.getConnection() as PostgreSqlConnection).getKnex().client.pool.numUsed() as number;

    async function waitFor(condition: () => boolean, what: string): Promise<void> {
      const until = Date.now() + 10000;
      while (!condition()) {
        if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }

    async function open(path: string, method = 'GET'): Promise<{ res: IncomingMessage; abort: () => void }> {
      const req = httpRequest({ host: '127.0.0.1', port, path, method, headers: { authorization: `Bearer ${tokenC}` } });
      req.end();
      const [res] = (await once(req, 'response')) as [IncomingMessage];
      return { res, abort: () => req.destroy() };
    }

    /** The service's backends in this database that match `where` (with `terminate`, they are also killed). */
    async function backends(where: string, terminate = false): Promise<number> {
      const admin = new Client({ connectionString: url });
      await admin.connect();
      try {
        const { rows } = await admin.query(
          `select ${terminate ? 'pg_terminate_backend(pid)' : 'pid'} from pg_stat_activity
            where datname = current_database() and application_name = 'nomina-read-api' and ${where}`,
        );
        return rows.length;
      } finally {
        await admin.end();
      }
    }

    beforeAll(async () => {
      // Two pooled connections: a leaked one would soon starve the service.
      server = await createTestApp({ DB_POOL_MAX: '2' }, url);
      await server.listen({ port: 0, host: '127.0.0.1' });
      port = (server.getHttpServer().address() as AddressInfo).port;
    });

    afterAll(async () => {
      await server?.close();
    });

    it('sends a chunked body that parses to the whole list', async () => {
      const { res } = await open('/proveedor');
      expect(res.statusCode).toBe(200);
      expect(res.headers['transfer-encoding']).toBe('chunked');
      expect(res.headers['content-length']).toBeUndefined();
      expect(res.headers['x-total-registros']).toBe(String(C_TOTAL));
      const chunks: Buffer[] = [];
      for await (const chunk of res) chunks.push(chunk as Buffer);
      expect(JSON.parse(Buffer.concat(chunks).toString('utf8'))).toHaveLength(C_TOTAL);
      await waitFor(() => used() === 0, 'the connection to return to the pool');
    });

    it('a client that disconnects mid-stream leaves no connection or transaction behind', async () => {
      for (let i = 0; i < 3; i++) {
        const { res, abort } = await open('/proveedor');
        try {
          expect(res.statusCode).toBe(200);
          res.pause();
          // The client reads nothing: the response stalls on backpressure with its cursor open.
          await waitFor(() => used() === 1, 'the streaming request to hold its connection');
          await new Promise((resolve) => setTimeout(resolve, 100));
          expect(used()).toBe(1);
        } finally {
          abort();
        }
        await waitFor(() => used() === 0, 'the aborted stream to release its connection');
      }
      // Three aborted streams on a pool of two: the service still answers.
      expectHeaders(await get(server, '/proveedor?limite=1', tokenC), '0', '1', C_TOTAL);
      // Nothing left running or inside a transaction in the database: every pooled connection is idle.
      expect(await backends(`state <> 'idle'`)).toBe(0);
    });

    it('a database failure mid-stream cuts the response instead of closing the array', async () => {
      const { res, abort } = await open('/proveedor');
      try {
        expect(res.statusCode).toBe(200);
        res.pause();
        await waitFor(() => used() === 1, 'the streaming request to hold its connection');
        // The cursor's backend stays "active" between fetches (no Sync until the portal closes).
        expect(await backends(`state = 'active' and query like '%join proveedor_entrada p%'`, true)).toBe(1);
        const chunks: Buffer[] = [];
        let failure: unknown;
        try {
          for await (const chunk of res) chunks.push(chunk as Buffer);
        } catch (err) {
          failure = err;
        }
        expect(failure).toBeDefined();
        const body = Buffer.concat(chunks).toString('utf8');
        expect(body.startsWith('[{"identificacion":')).toBe(true);
        expect(body.endsWith(']')).toBe(false);
      } finally {
        abort();
      }
      await waitFor(() => used() === 0, 'the broken connection to leave the pool');
      expectHeaders(await get(server, '/proveedor?pagina=1&limite=2', tokenC), '1', '2', C_TOTAL);
    });

    it('HEAD answers the headers without reading the list', async () => {
      const { res } = await open('/proveedor', 'HEAD');
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-pagina']).toBe('todas');
      expect(res.headers['x-total-registros']).toBe(String(C_TOTAL));
      res.resume();
      await waitFor(() => used() === 0, 'the HEAD request to release its connection');
    });
  });
});

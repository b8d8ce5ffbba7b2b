import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { generateDataset, materializeDataset } from '@nomina-api/importer/demo/generate-dataset';
import type { Dataset, TenantInput } from '@nomina-api/importer/dataset.types';
import { DEMO_EXAMPLES } from '../apps/api/src/demo-examples';
import { type DemoServer, startDemoServer } from './support/demo-server';
import { createTestApp, expectProblem, get, type InjectResult, login } from './support/test-app';

/**
 * CONTRACT §11.1 (labor bonds) and §11.3 (payment groups, concepts) on the example dataset and on
 * the demo data `npm start` loads: every element field by field against values computed here
 * from the dataset (never from the service's SQL), orders, paging, filters, every 400 and 404,
 * the legacy flags of GET /vinculados, and the public employee-sync client's exact calls.
 */
jest.setTimeout(120_000);

const W = (uuid: string): string => uuid.replace(/-/g, '').toUpperCase();
/** Calendar day in Bogotá (UTC-5, no daylight saving), as the service computes it. */
const TODAY = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);
const legacyDay = (d: string | null | undefined): string | null => (d ? `${d}T05:00:00.000+0000` : null);
/** The database's app_fold for the names of these datasets: accents dropped, lower case. */
const fold = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
/** Byte order (collate "C"): UTF-16 code-unit order equals it for these texts. */
const bytes = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const byText = (a: string, b: string): number => bytes(fold(a), fold(b)) || bytes(a, b);

interface Bond {
  uuid: string;
  empleadoUuid: string;
  tipoDocumento: string;
  idEmpleado: string;
  nombres: string;
  apellidos: string;
  nombreCompleto: string;
  fechaIngreso: string;
  fechaRetiro: string | null;
  salarioBase: number;
  salarioIntegral: boolean;
  tipoCotizante: { codigo: string; descripcion: string };
  activo: boolean;
}

/** Every bond of the tenant as the wire element (JSON-parsed: Java doubles are numbers). */
function bondsOf(t: TenantInput): Bond[] {
  const tipos = new Map((t.tiposCotizante ?? []).map((tc) => [tc.codigo, tc.descripcion]));
  return (t.empleados ?? []).flatMap((e) =>
    e.vinculaciones.map((v) => ({
      uuid: W(v.uuid),
      empleadoUuid: W(e.uuid),
      tipoDocumento: e.tipoDocumento,
      idEmpleado: e.identificacion,
      nombres: e.nombres,
      apellidos: e.apellidos,
      nombreCompleto: `${e.nombres} ${e.apellidos}`,
      fechaIngreso: legacyDay(v.fechaIngreso)!,
      fechaRetiro: legacyDay(v.fechaRetiro),
      salarioBase: Number(v.salarioBase),
      salarioIntegral: v.salarioIntegral,
      tipoCotizante: { codigo: v.tipoCotizante, descripcion: tipos.get(v.tipoCotizante)! },
      activo: v.fechaIngreso <= TODAY && (v.fechaRetiro == null || v.fechaRetiro >= TODAY),
    })),
  );
}

const day = (legacy: string | null): string => (legacy ?? '').slice(0, 10);
const byName = (a: Bond, b: Bond): number => byText(a.nombreCompleto, b.nombreCompleto) || bytes(a.uuid, b.uuid);
const current = (t: TenantInput): Bond[] =>
  bondsOf(t)
    .filter((b) => b.activo)
    .sort(byName);
const retired = (t: TenantInput): Bond[] =>
  bondsOf(t)
    .filter((b) => b.fechaRetiro !== null && day(b.fechaRetiro) < TODAY)
    .sort((a, b) => bytes(day(b.fechaRetiro), day(a.fechaRetiro)) || bytes(a.uuid, b.uuid));

interface Grupo {
  uuid: string;
  codigo: string;
  nombre: string;
  numeroPagos: number;
}
function gruposOf(t: TenantInput): Grupo[] {
  const pagos = Array.from(t.pagos ?? []);
  return (t.gruposPago ?? [])
    .map((g) => ({
      uuid: W(g.uuid),
      codigo: g.codigo,
      nombre: g.nombre,
      numeroPagos: pagos.filter((p) => p.grupoPago && W(p.grupoPago) === W(g.uuid) && p.tipoPago !== 'IN').length,
    }))
    .sort((a, b) => byText(a.codigo, b.codigo) || bytes(a.uuid, b.uuid));
}

const conceptosOf = (t: TenantInput) =>
  (t.conceptos ?? [])
    .map((c) => ({ codigo: c.codigo, nombre: c.nombre, tipo: c.tipo, baseAportes: c.baseAportes ?? false }))
    .sort((a, b) => bytes(a.codigo, b.codigo));

const contenido = <T = unknown>(res: InjectResult): T[] => {
  expect([res.status, String(res.headers['content-type'])]).toEqual([200, 'application/json; charset=utf-8']);
  return res.json().contenido as T[];
};

interface Setup {
  app: NestFastifyApplication;
  token: string;
  tenant: TenantInput;
  /** The service on a real socket (demo only): the public sync client's calls go through fetch. */
  base?: string;
}

const FIXTURE = JSON.parse(readFileSync(join(__dirname, 'fixtures', 'example-dataset.json'), 'utf8')) as Dataset;

describe.each([
  [
    'example dataset',
    async (): Promise<Setup & { close(): Promise<void> }> => {
      const app = await createTestApp();
      const tenant = FIXTURE.tenants.find((t) => t.uuid === '0ee9a9bb-2b87-43f0-82f5-d431917734f8')!;
      const token = await login(app, tenant.usuarios![0].email, tenant.usuarios![0].password);
      return { app, token, tenant, close: () => app.close() };
    },
  ],
  [
    'demo data',
    async (): Promise<Setup & { close(): Promise<void> }> => {
      const server: DemoServer = await startDemoServer('nomina_test_vinculados_demo');
      const demo = materializeDataset(generateDataset({ scale: 'demo' }));
      const tenant = demo.tenants.find((t) => (t.usuarios ?? []).some((u) => u.email === DEMO_EXAMPLES.login.email))!;
      const token = await login(server.app, DEMO_EXAMPLES.login.email, DEMO_EXAMPLES.login.password);
      return { app: server.app, token, tenant, base: server.base, close: () => server.close() };
    },
  ],
])('bonds, payment groups and concepts on the %s (e2e)', (_label, setup) => {
  let s: Setup & { close(): Promise<void> };
  const call = (url: string, headers: Record<string, string> = {}): Promise<InjectResult> => get(s.app, url, s.token, headers);

  beforeAll(async () => {
    s = await setup();
  });
  afterAll(async () => {
    await s?.close();
  });

  describe('GET /vinculados', () => {
    it('without offset or size: every bond current today, each field as the dataset has it, by nombreCompleto then uuid', async () => {
      const expected = current(s.tenant);
      expect(expected.length).toBeGreaterThan(20);
      const res = await call('/vinculados');
      expect(contenido(res)).toEqual(expected);
      expect(res.json().total).toBe(expected.length);
      // The legacy envelope, byte for byte around the elements; salaries as Java doubles.
      expect(res.body).toMatch(/^\{"contenido":\[\{"uuid":"[0-9A-F]{32}","empleadoUuid":/);
      expect(res.body.endsWith(`],"error":null,"advertencia":null,"metadata":null,"total":${expected.length}}`)).toBe(true);
      expect(res.body).toMatch(/"salarioBase":\d\.\d+(E\d+)?,"salarioIntegral"/);
    });

    it('the legacy flags, alone or as one JSON text, well-formed or not, change nothing', async () => {
      const plain = await call('/vinculados');
      const requestData = encodeURIComponent(JSON.stringify({ masivo: true, conPrestaciones: true, eliminados: [] }));
      for (const query of [
        `requestData=${requestData}`,
        'masivo=true&conPrestaciones=true&eliminados=%5B%5D',
        'requestData=%7B%22masivo%22%3Atru',
        'requestData=no-es-json&requestData=%5B1%5D&masivo=quiza',
        `eliminados=${encodeURIComponent('["2B7EA90DC87745C29FD1938A366C8206"]')}`,
      ]) {
        const res = await call(`/vinculados?${query}`);
        expect({ query, status: res.status, body: res.body }).toEqual({ query, status: 200, body: plain.body });
      }
    });

    it('pages, sorts and filters like every payroll list (§3.2); a page counts every match', async () => {
      const all = current(s.tenant);
      const page = await call('/vinculados?offset=5&size=7');
      expect(contenido(page)).toEqual(all.slice(5, 12));
      expect(page.json().total).toBe(all.length);
      // offset alone: a page of the default size.
      expect(contenido(await call('/vinculados?offset=3'))).toEqual(all.slice(3, 23));
      const none = await call('/vinculados?size=0');
      expect([contenido(none), none.json().total]).toEqual([[], all.length]);

      const bySalary = [...all].sort((a, b) => b.salarioBase - a.salarioBase || bytes(a.uuid, b.uuid));
      expect(contenido(await call('/vinculados?sort=salarioBase,desc&size=1000'))).toEqual(bySalary);
      const byDoc = [...all].sort((a, b) => byText(a.idEmpleado, b.idEmpleado) || bytes(a.uuid, b.uuid));
      expect(contenido(await call('/vinculados?sort=idEmpleado&size=1000'))).toEqual(byDoc);
      const byDate = [...all].sort((a, b) => bytes(a.fechaIngreso, b.fechaIngreso) || byName(a, b));
      expect(contenido(await call('/vinculados?sort=fechaIngreso,asc&sort=nombreCompleto,asc'))).toEqual(byDate);

      const perez = all.filter((b) => fold(b.nombreCompleto).includes('perez'));
      expect(perez.length).toBeGreaterThan(0);
      const filtered = await call('/vinculados?filter=P%C3%89REZ');
      expect([contenido(filtered), filtered.json().total]).toEqual([perez, perez.length]);
      const doc = all[0].idEmpleado;
      expect(contenido(await call(`/vinculados?filter=${doc}`))).toEqual(all.filter((b) => b.idEmpleado.includes(doc)));
      expect(contenido(await call('/vinculados?filter=%25_%25'))).toEqual([]);
    });

    it.each([
      ['size=1001', 'size'],
      ['offset=-1', 'offset'],
      ['sort=fechaRetiro,desc', 'sort'],
      ['sort=nombreCompleto,arriba', 'sort'],
      [`filter=${'x'.repeat(201)}`, 'filter'],
    ])('?%s → 400 naming %s', async (query, field) => {
      const body = expectProblem(await call(`/vinculados?${query}`), 400, 'VALIDATION');
      expect(body.errors).toEqual([expect.objectContaining({ field })]);
      expect(body.error).toEqual({ codigo: 'VALIDATION', mensaje: body.detail });
    });
  });

  describe('GET /vinculados/desvinculados', () => {
    it('every bond retired before today, fechaRetiro desc then uuid; pages and sorts', async () => {
      const expected = retired(s.tenant);
      expect(expected.length).toBeGreaterThan(0);
      const res = await call('/vinculados/desvinculados');
      expect([contenido(res), res.json().total]).toEqual([expected, expected.length]);
      expect(expected.every((b) => !b.activo)).toBe(true);
      expect(contenido(await call('/vinculados/desvinculados?offset=1&size=2'))).toEqual(expected.slice(1, 3));
      const byName2 = [...expected].sort(byName);
      expect(contenido(await call('/vinculados/desvinculados?sort=nombreCompleto'))).toEqual(byName2);
      expectProblem(await call('/vinculados/desvinculados?sort=ano'), 400, 'VALIDATION');
    });
  });

  describe('GET /vinculados/{uuid} and /vinculados/empleado/{uuidEmpleado}', () => {
    it('one bond by uuid (any spelling), current or retired', async () => {
      const bonds = bondsOf(s.tenant);
      const samples = [bonds.find((b) => b.activo)!, bonds.find((b) => !b.activo)!];
      for (const b of samples) {
        const res = await call(`/vinculados/${b.uuid.toLowerCase()}`);
        expect([contenido(res), res.json().total]).toEqual([[b], 1]);
      }
      const hyphenated = samples[0].uuid.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
      expect(contenido(await call(`/vinculados/${hyphenated}`))).toEqual([samples[0]]);
    });

    it('unknown bond → 404; a path value that is not a uuid → 400; the static routes are not taken as a uuid', async () => {
      const body = expectProblem(await call('/vinculados/7f1d6c2e5b1a4c3e9d2f0a1b2c3d4e5f'), 404, 'VINCULADO_NO_ENCONTRADO');
      expect(body.detail).toContain('7F1D6C2E5B1A4C3E9D2F0A1B2C3D4E5F');
      const bad = expectProblem(await call('/vinculados/no-es-un-uuid'), 400, 'VALIDATION');
      expect(bad.errors).toEqual([expect.objectContaining({ field: 'uuid' })]);
      for (const path of ['/vinculados/desvinculados', '/vinculados/tiposCotizante']) expect((await call(path)).status).toBe(200);
    });

    it('every bond of a person, newest fechaIngreso first; unknown person → 404', async () => {
      const bonds = bondsOf(s.tenant);
      const person = (s.tenant.empleados ?? []).find((e) => e.vinculaciones.length > 1)!;
      expect(person).toBeDefined();
      const expected = bonds
        .filter((b) => b.empleadoUuid === W(person.uuid))
        .sort((a, b) => bytes(b.fechaIngreso, a.fechaIngreso) || bytes(b.uuid, a.uuid));
      const res = await call(`/vinculados/empleado/${person.uuid}`);
      expect([contenido(res), res.json().total]).toEqual([expected, expected.length]);
      expectProblem(await call('/vinculados/empleado/0c9e8d7f6a5b4c3d8e2f1a0b9c8d7e6f'), 404, 'EMPLEADO_NO_ENCONTRADO');
      const bad = expectProblem(await call('/vinculados/empleado/123'), 400, 'VALIDATION');
      expect(bad.errors).toEqual([expect.objectContaining({ field: 'uuidEmpleado' })]);
    });
  });

  describe('GET /vinculados/integracion/empleado/{tipoDocumento}/{idEmpleado}', () => {
    it('the current bond of every current person: the most recent one', async () => {
      const bonds = bondsOf(s.tenant);
      for (const e of s.tenant.empleados ?? []) {
        const live = bonds
          .filter((b) => b.empleadoUuid === W(e.uuid) && b.activo)
          .sort((a, b) => bytes(b.fechaIngreso, a.fechaIngreso) || bytes(b.uuid, a.uuid));
        if (live.length === 0) continue;
        const res = await call(`/vinculados/integracion/empleado/${e.tipoDocumento.toLowerCase()}/${e.identificacion}`);
        expect({ doc: e.identificacion, contenido: contenido(res) }).toEqual({ doc: e.identificacion, contenido: [live[0]] });
      }
    });

    it('a person without a current bond → 404 saying so; an unknown person → another 404', async () => {
      const bonds = bondsOf(s.tenant);
      const idle = (s.tenant.empleados ?? []).find((e) => !bonds.some((b) => b.empleadoUuid === W(e.uuid) && b.activo))!;
      expect(idle).toBeDefined();
      const noBond = expectProblem(
        await call(`/vinculados/integracion/empleado/${idle.tipoDocumento}/${idle.identificacion}`),
        404,
        'VINCULADO_VIGENTE_NO_ENCONTRADO',
      );
      expect(noBond.detail).toMatch(/no tiene una vinculación vigente/);
      expect(noBond.error).toEqual({ codigo: 'VINCULADO_VIGENTE_NO_ENCONTRADO', mensaje: noBond.detail });
      const unknown = expectProblem(await call('/vinculados/integracion/empleado/CC/99999999999'), 404, 'EMPLEADO_NO_ENCONTRADO');
      expect(unknown.detail).toMatch(/No existe un empleado con documento CC 99999999999/);
    });

    it('a bad document type or number → 400 naming the parameter', async () => {
      const tipo = expectProblem(await call('/vinculados/integracion/empleado/XX/123'), 400, 'VALIDATION');
      expect(tipo.errors).toEqual([expect.objectContaining({ field: 'tipoDocumento' })]);
      const numero = expectProblem(await call(`/vinculados/integracion/empleado/CC/${'9'.repeat(21)}`), 400, 'VALIDATION');
      expect(numero.errors).toEqual([expect.objectContaining({ field: 'idEmpleado' })]);
    });
  });

  it('GET /vinculados/tiposCotizante: the catalog by codigo', async () => {
    const expected = [...(s.tenant.tiposCotizante ?? [])].sort((a, b) => bytes(a.codigo, b.codigo));
    const res = await call('/vinculados/tiposCotizante?offset=1&size=1');
    expect([contenido(res), res.json().total]).toEqual([expected, expected.length]);
  });

  describe('GET /gruposPagos, /gruposPagos/{uuid}, /gruposPagos/listagrupos', () => {
    it('groups with the count of their payments (IN excluded) as a Java double; paging, sort, filter', async () => {
      const expected = gruposOf(s.tenant);
      expect(expected.length).toBeGreaterThan(1);
      const res = await call('/gruposPagos');
      expect([contenido(res), res.json().total]).toEqual([expected, expected.length]);
      expect(res.body).toContain(`"numeroPagos":${expected[0].numeroPagos}.0`);
      const page = await call('/gruposPagos?offset=1&size=1');
      expect([contenido(page), page.json().total]).toEqual([expected.slice(1, 2), expected.length]);
      const byCount = [...expected].sort((a, b) => b.numeroPagos - a.numeroPagos || bytes(a.uuid, b.uuid));
      expect(contenido(await call('/gruposPagos?sort=numeroPagos,desc'))).toEqual(byCount);
      const byNombre = [...expected].sort((a, b) => byText(b.nombre, a.nombre) || bytes(a.uuid, b.uuid));
      expect(contenido(await call('/gruposPagos?sort=nombre,desc'))).toEqual(byNombre);
      const one = expected[0];
      expect(contenido(await call(`/gruposPagos?filter=${encodeURIComponent(one.nombre.toUpperCase())}`))).toEqual(
        expected.filter((g) => fold(g.nombre).includes(fold(one.nombre)) || fold(g.codigo).includes(fold(one.nombre))),
      );
      expectProblem(await call('/gruposPagos?sort=uuid'), 400, 'VALIDATION');
    });

    it('one group by uuid; unknown → 404; not a uuid → 400; listagrupos holds every group', async () => {
      const expected = gruposOf(s.tenant);
      for (const g of expected) expect(contenido(await call(`/gruposPagos/${g.uuid}`))).toEqual([g]);
      expectProblem(await call('/gruposPagos/7f1d6c2e5b1a4c3e9d2f0a1b2c3d4e5f'), 404, 'GRUPO_PAGO_NO_ENCONTRADO');
      expectProblem(await call('/gruposPagos/ADM'), 400, 'VALIDATION');
      const lista = await call('/gruposPagos/listagrupos');
      expect([contenido(lista), lista.json().total]).toEqual([
        expected.map(({ uuid, codigo, nombre }) => ({ uuid, codigo, nombre })),
        expected.length,
      ]);
    });
  });

  it('GET /conceptos: the catalog by codigo, baseAportes false where the dataset omits it', async () => {
    const expected = conceptosOf(s.tenant);
    const res = await call('/conceptos');
    expect([contenido(res), res.json().total]).toEqual([expected, expected.length]);
  });

  it('ETag and 304 on every list (§9)', async () => {
    for (const url of [
      '/vinculados',
      '/vinculados?size=3',
      '/vinculados/desvinculados',
      '/vinculados/tiposCotizante',
      '/gruposPagos',
      '/gruposPagos/listagrupos',
      '/conceptos',
    ]) {
      const first = await call(url);
      expect({ url, etag: first.headers.etag, cc: first.headers['cache-control'] }).toEqual({
        url,
        etag: expect.stringMatching(/^"[A-Za-z0-9_-]{32}"$/),
        cc: 'private, no-cache',
      });
      const again = await call(url, { 'if-none-match': String(first.headers.etag) });
      expect({ url, status: again.status, body: again.body }).toEqual({ url, status: 304, body: '' });
    }
    // The query string is part of the representation.
    expect((await call('/vinculados?size=3')).headers.etag).not.toBe((await call('/vinculados?size=4')).headers.etag);
  });

  it("the public employee-sync client's calls find every current employee with the fields it reads", async () => {
    const people = new Map<string, Bond>();
    for (const b of bondsOf(s.tenant).filter((x) => x.activo)) {
      const key = `${b.tipoDocumento}/${b.idEmpleado}`;
      const seen = people.get(key);
      if (!seen || bytes(b.fechaIngreso, seen.fechaIngreso) > 0 || (b.fechaIngreso === seen.fechaIngreso && bytes(b.uuid, seen.uuid) > 0)) {
        people.set(key, b);
      }
    }
    // Exactly the client's requests: the list with its requestData, then the lookup per element.
    const send = async (path: string): Promise<{ status: number; data: any }> => {
      if (s.base) {
        const res = await fetch(`${s.base}${path}`, {
          headers: { Authorization: `Bearer ${s.token}`, 'Content-Type': 'application/json' },
        });
        return { status: res.status, data: JSON.parse(await res.text()) };
      }
      const res = await call(path);
      return { status: res.status, data: res.json() };
    };
    const requestData = { masivo: true, conPrestaciones: true, eliminados: [] };
    const list = await send(`/vinculados?requestData=${encodeURIComponent(JSON.stringify(requestData))}`);
    expect(list.status).toBe(200);
    const empleados = list.data.contenido as Bond[];
    const found = new Set<string>();
    for (const src of empleados) {
      for (const field of [
        'idEmpleado',
        'tipoDocumento',
        'nombres',
        'apellidos',
        'nombreCompleto',
        'fechaIngreso',
        'fechaRetiro',
        'salarioBase',
        'activo',
      ])
        expect(src).toHaveProperty(field);
      expect(src.activo).toBe(true);
      const detalle = await send(`/vinculados/integracion/empleado/${src.tipoDocumento}/${src.idEmpleado}`);
      const key = `${src.tipoDocumento}/${src.idEmpleado}`;
      expect({ key, status: detalle.status, contenido: detalle.data.contenido }).toEqual({
        key,
        status: 200,
        contenido: [people.get(key)],
      });
      found.add(key);
    }
    expect([...found].sort()).toEqual([...people.keys()].sort());
  });
});

import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Dataset, EmpleadoInput, PagoInput } from '@nomina-api/importer/dataset.types';
import { seedDatabase } from './support/test-database';
import { createTestApp, expectProblem, get, type InjectResult, login } from './support/test-app';

/**
 * Payroll lists on a hand-made dataset (two active tenants) with dates relative to today, so
 * the current-bond rule, filters, orders and paging can be checked exactly.
 */

/** Deterministic uuid of kind `p` (2 hex digits) number n; their byte order is n's order. */
const U = (p: string, n: number): string => `${p}000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const W = (uuid: string): string => uuid.replace(/-/g, '').toUpperCase();

// Calendar day in Bogota (UTC-5, no daylight saving), as the service computes it.
const DAY = 86_400_000;
const bogotaDay = (offsetDays: number): string => new Date(Date.now() - 5 * 3_600_000 + offsetDays * DAY).toISOString().slice(0, 10);
const TODAY = bogotaDay(0);
const YESTERDAY = bogotaDay(-1);
const TOMORROW = bogotaDay(1);

const T1 = U('f1', 1);
const T2 = U('f2', 2);
const USER1 = { email: 'lista.uno@listas.example.co', password: 'Lista-Uno#2024' };
const USER2 = { email: 'lista.dos@listas.example.co', password: 'Lista-Dos#2024' };
const G1 = U('9a', 1);

type Bond = EmpleadoInput['vinculaciones'][number];
const bond = (
  n: number,
  fechaIngreso: string,
  fechaRetiro: string | null = null,
  salarioBase = 1_300_000,
  salarioIntegral = false,
): Bond => ({
  uuid: U('b1', n),
  fechaIngreso,
  fechaRetiro,
  salarioBase,
  salarioIntegral,
  tipoCotizante: '01',
});
const person = (
  n: number,
  nombres: string,
  apellidos: string,
  identificacion: string,
  vinculaciones: Bond[],
  tipoDocumento: EmpleadoInput['tipoDocumento'] = 'CC',
): EmpleadoInput => ({
  uuid: U('a1', n),
  tipoDocumento,
  identificacion,
  nombres,
  apellidos,
  vinculaciones,
});

// Bonds (b1 n): the current-bond rule and the tie-break of the single-employee read.
const EMPLEADOS_T1: EmpleadoInput[] = [
  person(1, 'José', 'Pérez Muñoz', '10010001', [bond(1, '2020-01-01', null, 18_404_777, true)]),
  person(2, 'Ana', 'Pérez', '10010002', [bond(2, '2021-01-01')]),
  person(3, 'ana', 'perez', '10010003', [bond(3, '2021-01-01')]),
  person(4, 'Ana', 'Perez', '10010004', [bond(4, '2021-01-01')]),
  person(5, 'Retirado', 'Ayer', '10010005', [bond(5, '2020-01-01', YESTERDAY)]),
  person(6, 'Retira', 'Hoy', '10010006', [bond(6, '2020-01-01', TODAY)]),
  person(7, 'Futuro', 'Mañana', '10010007', [bond(7, TOMORROW)]),
  person(8, 'Empieza', 'Hoy', '10010008', [bond(8, TODAY)]),
  person(9, 'Doble', 'Vínculo', '10010009', [bond(0x91, '2019-01-01', null, 1_000_000), bond(0x92, '2022-06-01', null, 2_000_000)]),
  person(10, 'Reingreso', 'Gómez', '10010010', [bond(0xa1, '2010-01-01', '2015-12-31'), bond(0xa2, '2018-01-01', null, 2_500_000)]),
  person(11, 'Sin', 'Vínculo', 'AB12cd34', [], 'PA'),
  // Same fechaIngreso: the greater bond uuid (retired) is the "most recent" one.
  person(12, 'Empate', 'Fecha', '10010012', [bond(0xc1, '2015-01-01'), bond(0xc2, '2015-01-01', '2016-01-01', 999_999.99)]),
  person(13, 'Futura', 'Persona', '10010013', [bond(0xd1, '2012-01-01', '2013-01-01'), bond(0xd2, '2099-01-01', null, 10_000_000)]),
  person(14, 'María', 'MUÑOZ Ríos', '55500014', [bond(14, '2020-01-01')], 'CE'),
  person(15, 'Porcentaje', '100% Real_Name', '10010015', [bond(15, '2020-01-01')]),
  person(16, 'Colin', 'Alan', '10010016', [bond(16, '2020-01-01')]),
];

/** Bonds current today in T1, by employee number (one entry per bond). */
const CURRENT_BONDS = [1, 2, 3, 4, 6, 8, 0x91, 0x92, 0xa2, 0xc1, 14, 15, 16];

const line = (n: number, concepto: string, valor: number, cantidad?: number) => ({
  uuid: U('e1', n),
  concepto,
  valor,
  ...(cantidad === undefined ? {} : { cantidad }),
});
const slip = (n: number, bondNo: number, salarioBase: number, detalles: ReturnType<typeof line>[], diasTrabajados?: number) => ({
  uuid: U('d1', n),
  vinculacion: U('b1', bondNo),
  salarioBase,
  ...(diasTrabajados === undefined ? {} : { diasTrabajados }),
  detalles,
});
const pago = (n: number, p: Omit<PagoInput, 'uuid' | 'fechaHasta' | 'fechaPago' | 'definitivo'> & Partial<PagoInput>): PagoInput => ({
  uuid: U('c1', n),
  fechaHasta: p.fechaDesde,
  fechaPago: p.fechaDesde,
  definitivo: true,
  ...p,
});

const TIE_GROUP = [0x17, 0x12, 0x15, 0x11, 0x16, 0x13]; // one period, inserted out of uuid order
const TIE_SLIPS: Record<number, number> = { 0x11: 0x91, 0x12: 14, 0x13: 0xa2, 0x15: 3, 0x16: 6, 0x17: 8 };

const PAGOS_T1: PagoInput[] = [
  pago(1, {
    ano: 2024,
    mes: 3,
    descripcion: 'Nómina marzo 2024',
    fechaDesde: '2024-03-01',
    fechaHasta: '2024-03-31',
    fechaPago: '2024-03-29',
    estado: 'PG',
    tipoPago: 'PE',
    incluirInteresesCesantias: true,
    generoPlano: true,
    pendienteGenerarEgreso: true,
    ingresoConErrores: true,
    grupoPago: G1,
    empleados: [slip(1, 1, 18_404_777, [line(1, '001', 18_404_777, 30), line(2, '101', 736_191.08)])],
  }),
  ...TIE_GROUP.map((n, i) =>
    pago(n, {
      ano: 2024,
      mes: 1,
      descripcion: `Nómina enero 2024 lote ${i + 1}`,
      fechaDesde: '2024-01-01',
      estado: i % 2 === 0 ? 'PG' : 'PP',
      tipoPago: i % 3 === 0 ? 'DV' : 'PE',
      pendienteGenerarIngreso: false,
      empleados: [slip(n, TIE_SLIPS[n], 1_000_000 + n, [line(0x100 + n, '001', 1_000_000 + n, 30)])],
    }),
  ),
  pago(8, {
    ano: 2024,
    mes: 2,
    descripcion: 'Prima febrero',
    fechaDesde: '2024-02-01',
    estado: 'PP',
    tipoPago: 'PR',
    incluirPrima: true,
    empleados: [
      slip(
        0x82,
        2,
        1_300_000,
        [
          line(0x821, 'a1', 100),
          line(0x822, '101', 80),
          line(0x823, 'B1', 200),
          line(0x824, '001', 1_000_000, 30),
          line(0x825, 'A2', 300),
          line(0x826, '002', 140_606, 0.0005),
          line(0x827, '1A', 50),
        ],
        29.5,
      ),
      slip(0x84, 4, 1_400_000, [line(0x841, '001', 1_200_000, 30), line(0x842, 'a1', 50)]),
      slip(0x83, 3, 1_350_000, [line(0x831, '001', 1_100_000, 30)]),
    ],
  }),
  pago(9, {
    ano: 2023,
    mes: 12,
    descripcion: 'Bono 100% _especial_',
    fechaDesde: '2023-12-01',
    estado: 'EP',
    tipoPago: 'PE',
    definitivo: false,
    empleados: [],
  }),
  pago(10, {
    ano: 2023,
    mes: 12,
    descripcion: 'Bono 1000 especial',
    fechaDesde: '2023-12-01',
    estado: 'PA',
    tipoPago: 'DV',
    empleados: [slip(10, 6, 1_300_000, [line(10, '001', 5_000)])],
  }),
  pago(11, {
    ano: 2023,
    mes: 11,
    descripcion: 'Anticipo anulado',
    fechaDesde: '2023-11-01',
    estado: 'AN',
    tipoPago: 'AN',
    empleados: [slip(11, 8, 1_300_000, [line(11, '001', 7_000)])],
  }),
  pago(12, {
    ano: 2023,
    mes: 10,
    descripcion: 'Devuelto a preparación',
    fechaDesde: '2023-10-01',
    estado: 'RE',
    tipoPago: 'VI',
    empleados: [slip(12, 0xc1, 1_300_000, [])],
  }),
  pago(0x99, {
    ano: 2023,
    mes: 1,
    descripcion: 'Saldos iniciales Pérez',
    fechaDesde: '2023-01-01',
    estado: 'PG',
    tipoPago: 'IN',
    // In a group: GET /gruposPagos must not count it.
    grupoPago: G1,
    empleados: [slip(0x99, 2, 1_300_000, [line(0x99, '001', 1)])],
  }),
];
const NON_IN_PAGOS = 12;

const DATASET: Dataset = {
  tenants: [
    {
      uuid: T1,
      nit: '900100200',
      nombre: 'Listas Uno S.A.S.',
      activo: true,
      negocios: [{ uuid: U('ab', 1), nombre: 'Principal' }],
      usuarios: [{ uuid: U('ac', 1), ...USER1, nombre: 'Lista', apellido: 'Uno', negocios: [U('ab', 1)] }],
      tiposCotizante: [{ codigo: '01', descripcion: 'Dependiente' }],
      conceptos: [
        { codigo: '001', nombre: 'Sueldo básico', tipo: 'DEVENGADO' },
        { codigo: '002', nombre: 'Auxilio de transporte', tipo: 'DEVENGADO' },
        { codigo: 'A2', nombre: 'Bono A', tipo: 'DEVENGADO' },
        { codigo: 'B1', nombre: 'Bono B', tipo: 'DEVENGADO' },
        { codigo: 'a1', nombre: 'Bono a', tipo: 'DEVENGADO' },
        { codigo: '101', nombre: 'Aporte salud', tipo: 'DEDUCCION' },
        { codigo: '1A', nombre: 'Descuento', tipo: 'DEDUCCION' },
      ],
      gruposPago: [{ uuid: G1, codigo: 'NOM', nombre: 'Nómina "general"' }],
      empleados: EMPLEADOS_T1,
      pagos: PAGOS_T1,
    },
    {
      uuid: T2,
      nit: '900300400',
      nombre: 'Listas Dos Ltda.',
      activo: true,
      negocios: [{ uuid: U('ab', 2), nombre: 'Única' }],
      usuarios: [{ uuid: U('ac', 2), ...USER2, nombre: 'Lista', apellido: 'Dos', negocios: [U('ab', 2)] }],
      tiposCotizante: [{ codigo: '01', descripcion: 'Dependiente' }],
      conceptos: [{ codigo: '001', nombre: 'Sueldo básico', tipo: 'DEVENGADO' }],
      empleados: [
        {
          uuid: U('a2', 1),
          tipoDocumento: 'CC',
          identificacion: '20020001',
          nombres: 'José',
          apellidos: 'Pérez Muñoz',
          vinculaciones: [
            { uuid: U('b2', 1), fechaIngreso: '2020-01-01', salarioBase: 2_000_000, salarioIntegral: false, tipoCotizante: '01' },
          ],
        },
        {
          uuid: U('a2', 2),
          tipoDocumento: 'CC',
          identificacion: '10010099',
          nombres: 'Solo',
          apellidos: 'Foráneo',
          vinculaciones: [
            { uuid: U('b2', 2), fechaIngreso: '2020-01-01', salarioBase: 2_000_000, salarioIntegral: false, tipoCotizante: '01' },
          ],
        },
      ],
      pagos: [
        {
          uuid: U('c2', 1),
          ano: 2024,
          mes: 3,
          descripcion: 'Nómina marzo 2024 foránea',
          fechaDesde: '2024-03-01',
          fechaHasta: '2024-03-31',
          fechaPago: '2024-03-31',
          estado: 'PG',
          tipoPago: 'PE',
          definitivo: true,
          empleados: [
            {
              uuid: U('d2', 1),
              vinculacion: U('b2', 1),
              salarioBase: 2_000_000,
              detalles: [{ uuid: U('e2', 1), concepto: '001', valor: 2_000_000 }],
            },
          ],
        },
      ],
    },
  ],
};

const ALL_ESTADOS = 'params[estados]=EP,PA,PP,PG,RE,AN';

describe('nómina lists on a hand-made dataset (e2e)', () => {
  let app: NestFastifyApplication;
  let token: string;
  let foreignToken: string;

  beforeAll(async () => {
    const url = await seedDatabase('nomina_test_lists', [DATASET]);
    app = await createTestApp({}, url);
    token = await login(app, USER1.email, USER1.password);
    foreignToken = await login(app, USER2.email, USER2.password);
  });
  afterAll(async () => {
    await app?.close();
  });

  const call = (url: string, t = token): Promise<InjectResult> => get(app, url, t);
  async function ok(url: string, t = token): Promise<{ contenido: any[]; total: number; raw: InjectResult }> {
    const res = await call(url, t);
    if (res.status !== 200) throw new Error(`${url} → ${res.status} ${res.body}`);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = res.json();
    expect(Object.keys(body)).toEqual(['contenido', 'error', 'advertencia', 'metadata', 'total']);
    expect(body).toMatchObject({ error: null, advertencia: null, metadata: null });
    expect(Number.isInteger(body.total)).toBe(true);
    return { contenido: body.contenido, total: body.total, raw: res };
  }
  /** Every page of a list with a small size, concatenated; also asserts the total on each page. */
  async function walk(base: string, size: number): Promise<any[]> {
    const full = await ok(`${base}&size=1000`);
    const out: any[] = [];
    for (let offset = 0; offset < full.total + size; offset += size) {
      const page = await ok(`${base}&size=${size}&offset=${offset}`);
      expect(page.total).toBe(full.total);
      expect(page.contenido.length).toBe(Math.max(0, Math.min(size, full.total - offset)));
      out.push(...page.contenido);
    }
    expect(out).toEqual(full.contenido);
    return out;
  }

  describe('GET /pagos', () => {
    it('writes the exact legacy bytes (1.8404777E7, T05:00:00.000+0000, null flags, escaped group name)', async () => {
      const res = await call(`/pagos?params[estados]=PG&filter=marzo%202024`);
      expect(res.status).toBe(200);
      expect(res.body).toBe(
        '{"contenido":[{"uuid":"C1000000000040008000000000000001","ano":2024,"mes":3,"descripcion":"Nómina marzo 2024",' +
          '"fechaDesde":"2024-03-01T05:00:00.000+0000","fechaHasta":"2024-03-31T05:00:00.000+0000","fechaPago":"2024-03-29T05:00:00.000+0000",' +
          '"estado":"PG","tipoPago":"PE","definitivo":true,"incluirPrima":false,"incluirInteresesCesantias":true,' +
          '"generoPlano":1.0,"egresoConErrores":0.0,"pendienteGenerarEgreso":1.0,"pendienteGenerarIngreso":null,"ingresoConErrores":1.0,' +
          '"totalDevengados":1.8404777E7,"totalDeducciones":736191.08,"totalNeto":1.766858592E7,"numeroEmpleados":1.0,' +
          '"grupoPago":{"uuid":"9A000000000040008000000000000001","codigo":"NOM","nombre":"Nómina \\"general\\""}}],' +
          '"error":null,"advertencia":null,"metadata":null,"total":1}',
      );
    });

    it('never lists type IN, whatever the filter; total counts the others', async () => {
      const all = await ok(`/pagos?${ALL_ESTADOS}&size=1000`);
      expect(all.total).toBe(NON_IN_PAGOS);
      expect(all.contenido.map((p) => p.tipoPago)).not.toContain('IN');
      const filtered = await ok(`/pagos?${ALL_ESTADOS}&filter=saldos%20iniciales`);
      expect(filtered).toMatchObject({ contenido: [], total: 0 });
    });

    it('default order: ano desc, mes desc, fechaDesde desc, then uuid asc (ties inside one period)', async () => {
      const { contenido } = await ok(`/pagos?${ALL_ESTADOS}&size=1000`);
      const group = [...TIE_GROUP].sort((a, b) => a - b).map((n) => W(U('c1', n)));
      expect(contenido.map((p) => p.uuid)).toEqual([
        W(U('c1', 1)),
        W(U('c1', 8)),
        ...group,
        W(U('c1', 9)),
        W(U('c1', 10)),
        W(U('c1', 11)),
        W(U('c1', 12)),
      ]);
    });

    it('estados: spaces around codes and lower case are accepted; only those states are listed', async () => {
      const { contenido, total } = await ok(`/pagos?params[estados]=%20pg%20,%20Pp%20&size=1000`);
      expect(new Set(contenido.map((p) => p.estado))).toEqual(new Set(['PG', 'PP']));
      expect(total).toBe(8);
      expect((await ok(`/pagos?params[estados]=AN`)).contenido.map((p) => p.uuid)).toEqual([W(U('c1', 11))]);
    });

    it('estados: empty → 400, unknown → 400, IN is not a state → 400, absent → 500 problem+json', async () => {
      expect(expectProblem(await call('/pagos?params[estados]='), 400, 'VALIDATION').errors[0].field).toBe('params[estados]');
      expect(expectProblem(await call('/pagos?params[estados]=%20,%20'), 400, 'VALIDATION').errors[0].field).toBe('params[estados]');
      expect(expectProblem(await call('/pagos?params[estados]=PG,XX'), 400, 'VALIDATION').errors[0].message).toContain('"XX"');
      expectProblem(await call('/pagos?params[estados]=IN'), 400, 'VALIDATION');
      const absent = expectProblem(await call('/pagos?estados=PG&filter=x'), 500, 'ESTADOS_REQUERIDO');
      expect(absent.detail).toContain('params[estados]');
      expect(absent.detail).toContain('EP, PA, PP, PG, RE, AN');
    });

    it('filter on an employee name is accent- and case-insensitive ("perez" finds Pérez, Perez, perez)', async () => {
      const { contenido } = await ok(`/pagos?${ALL_ESTADOS}&filter=perez`);
      // P1 (José Pérez Muñoz), P8 (Ana Pérez/perez/Perez), tie-group 0x15 (ana perez); IN payment excluded.
      expect(contenido.map((p) => p.uuid).sort()).toEqual([W(U('c1', 1)), W(U('c1', 8)), W(U('c1', 0x15))].sort());
      const upper = await ok(`/pagos?${ALL_ESTADOS}&filter=P%C3%89REZ`);
      expect(upper.contenido).toEqual(contenido);
    });

    it('filter "MUÑOZ" finds both Muñoz employees; a document substring finds its payment', async () => {
      const munoz = await ok(`/pagos?${ALL_ESTADOS}&filter=MU%C3%91OZ`);
      expect(munoz.contenido.map((p) => p.uuid).sort()).toEqual([W(U('c1', 1)), W(U('c1', 0x12))].sort());
      const plain = await ok(`/pagos?${ALL_ESTADOS}&filter=munoz`);
      expect(plain.contenido).toEqual(munoz.contenido);
      const doc = await ok(`/pagos?${ALL_ESTADOS}&filter=55000`);
      expect(doc.contenido.map((p) => p.uuid)).toEqual([W(U('c1', 0x12))]);
    });

    it('filter on the description, % and _ are literal characters', async () => {
      expect((await ok(`/pagos?${ALL_ESTADOS}&filter=100%25`)).contenido.map((p) => p.uuid)).toEqual([W(U('c1', 9))]);
      expect((await ok(`/pagos?${ALL_ESTADOS}&filter=_esp`)).contenido.map((p) => p.uuid)).toEqual([W(U('c1', 9))]);
      expect((await ok(`/pagos?${ALL_ESTADOS}&filter=NOMINA%20enero`)).total).toBe(6);
    });

    it('blank filter means no filter; a too long filter → 400', async () => {
      expect((await ok(`/pagos?${ALL_ESTADOS}&filter=%20%20`)).total).toBe(NON_IN_PAGOS);
      expect(expectProblem(await call(`/pagos?${ALL_ESTADOS}&filter=${'a'.repeat(201)}`), 400).errors[0].field).toBe('filter');
      expect(expectProblem(await call(`/pagos?${ALL_ESTADOS}&filter=a%00b`), 400).errors[0].field).toBe('filter');
    });

    it('no match → 200 with an empty list and total 0', async () => {
      expect(await ok(`/pagos?${ALL_ESTADOS}&filter=zzzz-nada`)).toMatchObject({ contenido: [], total: 0 });
    });

    it('total is independent of paging; size=0 gives only the total; an offset past the end keeps the total', async () => {
      const page = await ok(`/pagos?${ALL_ESTADOS}&size=2&offset=3`);
      expect(page.contenido).toHaveLength(2);
      expect(page.total).toBe(NON_IN_PAGOS);
      expect(await ok(`/pagos?${ALL_ESTADOS}&size=0`)).toMatchObject({ contenido: [], total: NON_IN_PAGOS });
      expect(await ok(`/pagos?${ALL_ESTADOS}&offset=500`)).toMatchObject({ contenido: [], total: NON_IN_PAGOS });
      expect(await ok(`/pagos?${ALL_ESTADOS}&filter=perez&offset=3`)).toMatchObject({ contenido: [], total: 3 });
      expect(await ok(`/pagos?${ALL_ESTADOS}&filter=perez&size=0`)).toMatchObject({ contenido: [], total: 3 });
    });

    it('default size is 20 and page is ignored', async () => {
      const first = await ok(`/pagos?${ALL_ESTADOS}&size=3`);
      expect((await ok(`/pagos?${ALL_ESTADOS}&size=3&page=2`)).contenido).toEqual(first.contenido);
      expect((await ok(`/pagos?${ALL_ESTADOS}&size=3&page=abc`)).contenido).toEqual(first.contenido);
    });

    it.each([1, 2, 5])('walking every page of size %i: no overlap, no gap, same order as one page', async (size) => {
      for (const sort of ['', '&sort=estado', '&sort=tipoPago,DESC&sort=numeroEmpleados', '&sort=ano,asc']) {
        const rows = await walk(`/pagos?${ALL_ESTADOS}${sort}`, size);
        expect(new Set(rows.map((p) => p.uuid)).size).toBe(NON_IN_PAGOS);
      }
    });

    it('a requested sort replaces the default order and ends with the uuid', async () => {
      const { contenido } = await ok(`/pagos?${ALL_ESTADOS}&size=1000&sort=estado,asc&sort=ano,desc`);
      const expected = [...contenido].sort(
        (a, b) =>
          (a.estado < b.estado ? -1 : a.estado > b.estado ? 1 : 0) || b.ano - a.ano || (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0),
      );
      expect(contenido).toEqual(expected);
      const byTotal = await ok(`/pagos?${ALL_ESTADOS}&size=1000&sort=totalDevengados,desc`);
      const totals = byTotal.contenido.map((p) => p.totalDevengados);
      expect(totals).toEqual([...totals].sort((a, b) => b - a));
    });

    it('unknown sort field or direction, bad offset/size → 400 naming the parameter', async () => {
      expect(expectProblem(await call(`/pagos?${ALL_ESTADOS}&sort=salario`), 400).errors[0].message).toContain('numeroEmpleados');
      expect(expectProblem(await call(`/pagos?${ALL_ESTADOS}&sort=ano,up`), 400).errors[0].message).toContain('asc, desc');
      for (const bad of ['offset=-1', 'offset=1.5', 'size=1001', 'size=x', 'offset=2147483648']) {
        expect(expectProblem(await call(`/pagos?${ALL_ESTADOS}&${bad}`), 400).errors[0].field).toBe(bad.split('=')[0]);
      }
      expect((await ok(`/pagos?${ALL_ESTADOS}&size=1000&offset=2147483647`)).total).toBe(NON_IN_PAGOS);
    });

    it("another tenant's payments are never listed", async () => {
      const foreign = await ok(`/pagos?${ALL_ESTADOS}&size=1000`, foreignToken);
      expect(foreign.contenido.map((p) => p.uuid)).toEqual([W(U('c2', 1))]);
      const mine = await ok(`/pagos?${ALL_ESTADOS}&filter=for%C3%A1nea`);
      expect(mine.total).toBe(0);
    });
  });

  describe('GET /pagoEmpleados', () => {
    const P8 = `/pagoEmpleados?params[pago]=${W(U('c1', 8))}`;

    it('lists the payslips with stored totals, ordered by folded name then exact name then uuid', async () => {
      const { contenido, total } = await ok(P8);
      expect(total).toBe(3);
      expect(contenido.map((e) => e.nombreCompleto)).toEqual(['Ana Perez', 'Ana Pérez', 'ana perez']);
      expect(contenido[1]).toEqual({
        uuid: W(U('d1', 0x82)),
        uuidPago: W(U('c1', 8)),
        uuidVinculado: W(U('b1', 2)),
        uuidEmpleado: W(U('a1', 2)),
        tipoDocumento: 'CC',
        identificacion: '10010002',
        nombreCompleto: 'Ana Pérez',
        salarioBase: 1300000,
        diasTrabajados: 29.5,
        totalDevengados: 1140606 + 600,
        totalDeducciones: 130,
        totalNeto: 1141206 - 130,
      });
      expect(Object.keys(contenido[1])).toEqual([
        'uuid',
        'uuidPago',
        'uuidVinculado',
        'uuidEmpleado',
        'tipoDocumento',
        'identificacion',
        'nombreCompleto',
        'salarioBase',
        'diasTrabajados',
        'totalDevengados',
        'totalDeducciones',
        'totalNeto',
      ]);
      expect(contenido[1].uuid).toMatch(/^[0-9A-F]{32}$/);
    });

    it('writes doubles the Java way and accepts the uuid in any spelling', async () => {
      const res = await call(`/pagoEmpleados?params[pago]=${U('c1', 8).toUpperCase()}&sort=nombreCompleto,desc&size=1`);
      expect(res.body).toContain(
        '"nombreCompleto":"ana perez","salarioBase":1350000.0,"diasTrabajados":30.0,"totalDevengados":1100000.0,"totalDeducciones":0.0,"totalNeto":1100000.0}',
      );
      expect((await ok(`/pagoEmpleados?params[pago]=${U('c1', 8)}`)).total).toBe(3);
    });

    it('filter on name and document; sort and paging', async () => {
      expect((await ok(`${P8}&filter=P%C3%A9rez`)).total).toBe(3);
      expect((await ok(`${P8}&filter=10010004`)).contenido.map((e) => e.nombreCompleto)).toEqual(['Ana Perez']);
      expect((await ok(`${P8}&sort=totalNeto,desc`)).contenido.map((e) => e.identificacion)).toEqual(['10010004', '10010002', '10010003']);
      await walk(`${P8}&sort=salarioBase`, 1);
      expect(await ok(`${P8}&size=0`)).toMatchObject({ contenido: [], total: 3 });
    });

    it('params[pago] absent or not a uuid → 400; unknown or foreign payment → 200 empty', async () => {
      expect(expectProblem(await call('/pagoEmpleados'), 400, 'VALIDATION').errors[0].field).toBe('params[pago]');
      expect(expectProblem(await call('/pagoEmpleados?params[pago]=123'), 400, 'VALIDATION').errors[0].field).toBe('params[pago]');
      expect(await ok(`/pagoEmpleados?params[pago]=${U('c1', 0x7777)}`)).toMatchObject({ contenido: [], total: 0 });
      expect(await ok(`/pagoEmpleados?params[pago]=${W(U('c2', 1))}`)).toMatchObject({ contenido: [], total: 0 });
      expect((await ok(`/pagoEmpleados?params[pago]=${W(U('c2', 1))}`, foreignToken)).total).toBe(1);
    });
  });

  describe('GET /pagoEmpleadoDetalles/{uuidPagoEmpleado}', () => {
    it('all lines, DEVENGADO then DEDUCCION, each by concept code in byte order; offset/size ignored', async () => {
      const { contenido, total, raw } = await ok(`/pagoEmpleadoDetalles/${W(U('d1', 0x82))}?size=2&offset=5`);
      expect(total).toBe(7);
      expect(contenido.map((l) => l.codigoConcepto)).toEqual(['001', '002', 'A2', 'B1', 'a1', '101', '1A']);
      expect(contenido.map((l) => l.tipo)).toEqual([
        'DEVENGADO',
        'DEVENGADO',
        'DEVENGADO',
        'DEVENGADO',
        'DEVENGADO',
        'DEDUCCION',
        'DEDUCCION',
      ]);
      expect(raw.body).toContain(
        `{"uuid":"${W(U('e1', 0x826))}","codigoConcepto":"002","nombreConcepto":"Auxilio de transporte","tipo":"DEVENGADO","cantidad":5.0E-4,"valor":140606.0}`,
      );
    });

    it('a payslip without lines → 200 empty; unknown or foreign → 404; not a uuid → 400', async () => {
      expect(await ok(`/pagoEmpleadoDetalles/${U('d1', 12)}`)).toMatchObject({ contenido: [], total: 0 });
      expectProblem(await call(`/pagoEmpleadoDetalles/${U('d1', 0x7777)}`), 404, 'PAGO_EMPLEADO_NO_ENCONTRADO');
      expectProblem(await call(`/pagoEmpleadoDetalles/${W(U('d2', 1))}`), 404, 'PAGO_EMPLEADO_NO_ENCONTRADO');
      expect((await ok(`/pagoEmpleadoDetalles/${W(U('d2', 1))}`, foreignToken)).total).toBe(1);
      expect(expectProblem(await call('/pagoEmpleadoDetalles/no-es-uuid'), 400, 'VALIDATION').errors[0].field).toBe('uuidPagoEmpleado');
    });
  });

  describe('GET /pagoEmpleadoDetalles/detallePago/{idPago}', () => {
    it('per concept sums stored at import, in the order of a payslip', async () => {
      const res = await call(`/pagoEmpleadoDetalles/detallePago/${U('c1', 8)}`);
      expect(res.status).toBe(200);
      expect(res.body).toBe(
        '{"contenido":[' +
          '{"codigoConcepto":"001","nombreConcepto":"Sueldo básico","tipo":"DEVENGADO","cantidad":90.0,"valor":3300000.0,"numeroEmpleados":3.0},' +
          '{"codigoConcepto":"002","nombreConcepto":"Auxilio de transporte","tipo":"DEVENGADO","cantidad":5.0E-4,"valor":140606.0,"numeroEmpleados":1.0},' +
          '{"codigoConcepto":"A2","nombreConcepto":"Bono A","tipo":"DEVENGADO","cantidad":0.0,"valor":300.0,"numeroEmpleados":1.0},' +
          '{"codigoConcepto":"B1","nombreConcepto":"Bono B","tipo":"DEVENGADO","cantidad":0.0,"valor":200.0,"numeroEmpleados":1.0},' +
          '{"codigoConcepto":"a1","nombreConcepto":"Bono a","tipo":"DEVENGADO","cantidad":0.0,"valor":150.0,"numeroEmpleados":2.0},' +
          '{"codigoConcepto":"101","nombreConcepto":"Aporte salud","tipo":"DEDUCCION","cantidad":0.0,"valor":80.0,"numeroEmpleados":1.0},' +
          '{"codigoConcepto":"1A","nombreConcepto":"Descuento","tipo":"DEDUCCION","cantidad":0.0,"valor":50.0,"numeroEmpleados":1.0}' +
          '],"error":null,"advertencia":null,"metadata":null,"total":7}',
      );
    });

    it('a payment without payslips → 200 empty; IN payments are served; unknown or foreign → 404; not a uuid → 400', async () => {
      expect(await ok(`/pagoEmpleadoDetalles/detallePago/${U('c1', 9)}`)).toMatchObject({ contenido: [], total: 0 });
      expect((await ok(`/pagoEmpleadoDetalles/detallePago/${U('c1', 0x99)}`)).total).toBe(1);
      expectProblem(await call(`/pagoEmpleadoDetalles/detallePago/${U('c1', 0x7777)}`), 404, 'PAGO_NO_ENCONTRADO');
      expectProblem(await call(`/pagoEmpleadoDetalles/detallePago/${W(U('c2', 1))}`), 404, 'PAGO_NO_ENCONTRADO');
      expect(expectProblem(await call('/pagoEmpleadoDetalles/detallePago/xyz'), 400, 'VALIDATION').errors[0].field).toBe('idPago');
    });
  });

  describe('GET /empleados', () => {
    it('lists the bonds current today in Bogota: retired yesterday and starting tomorrow are out, retiring or starting today are in', async () => {
      const { contenido, total } = await ok('/empleados?size=1000');
      expect(total).toBe(CURRENT_BONDS.length);
      expect(contenido.map((e) => e.vinculadoUuid).sort()).toEqual(CURRENT_BONDS.map((n) => W(U('b1', n))).sort());
      const byBond = new Map(contenido.map((e) => [e.vinculadoUuid, e]));
      expect(byBond.get(W(U('b1', 6)))).toMatchObject({ nombreCompleto: 'Retira Hoy', fechaRetiro: `${TODAY}T05:00:00.000+0000` });
      expect(byBond.get(W(U('b1', 8)))).toMatchObject({ nombreCompleto: 'Empieza Hoy', fechaIngreso: `${TODAY}T05:00:00.000+0000` });
    });

    it('a person with two current bonds appears once per bond; a rehired person once, with the current bond', async () => {
      const { contenido } = await ok('/empleados?size=1000&filter=vinculo');
      expect(contenido.map((e) => [e.empleadoUuid, e.vinculadoUuid, e.salarioBase])).toEqual([
        [W(U('a1', 9)), W(U('b1', 0x91)), 1000000],
        [W(U('a1', 9)), W(U('b1', 0x92)), 2000000],
      ]);
      expect((await ok('/empleados?filter=reingreso')).contenido.map((e) => e.vinculadoUuid)).toEqual([W(U('b1', 0xa2))]);
    });

    it('element fields in contract order, with the contributor type description', async () => {
      const res = await call('/empleados?filter=Jos%C3%A9');
      expect(res.body).toBe(
        '{"contenido":[{"empleadoUuid":"A1000000000040008000000000000001","identificacion":"10010001","vinculadoUuid":"B1000000000040008000000000000001",' +
          '"tipoDocumento":"CC","nombreCompleto":"José Pérez Muñoz","fechaIngreso":"2020-01-01T05:00:00.000+0000","fechaRetiro":null,' +
          '"salarioBase":1.8404777E7,"salarioIntegral":true,"tipoCotizante":"Dependiente"}],"error":null,"advertencia":null,"metadata":null,"total":1}',
      );
    });

    it('filter: accents, case, document substring, literal % and _', async () => {
      const names = async (filter: string) =>
        (await ok(`/empleados?size=1000&filter=${encodeURIComponent(filter)}`)).contenido.map((e) => e.nombreCompleto);
      expect(await names('perez')).toEqual(['Ana Perez', 'Ana Pérez', 'ana perez', 'José Pérez Muñoz']);
      expect(await names('MUÑOZ')).toEqual(['José Pérez Muñoz', 'María MUÑOZ Ríos']);
      expect(await names('munoz')).toEqual(['José Pérez Muñoz', 'María MUÑOZ Ríos']);
      expect(await names('55000')).toEqual(['María MUÑOZ Ríos']);
      expect(await names('100%')).toEqual(['Porcentaje 100% Real_Name']);
      expect(await names('l_n')).toEqual(['Porcentaje 100% Real_Name']);
      expect(await names(' ')).toHaveLength(CURRENT_BONDS.length);
    });

    it('default order nombreCompleto (folded, then exact); sortable fields; paging walks', async () => {
      const { contenido } = await ok('/empleados?size=1000');
      const names = contenido.map((e) => e.nombreCompleto);
      expect(names.indexOf('Ana Perez')).toBeLessThan(names.indexOf('Ana Pérez'));
      expect(names.indexOf('Ana Pérez')).toBeLessThan(names.indexOf('ana perez'));
      expect(names[0]).toBe('Ana Perez');
      await walk('/empleados?x=1', 2);
      const byDate = await walk('/empleados?sort=fechaIngreso,desc', 3);
      expect(byDate[0].fechaIngreso).toBe(`${TODAY}T05:00:00.000+0000`);
      for (let i = 1; i < byDate.length; i++) {
        const [a, b] = [byDate[i - 1], byDate[i]];
        expect(a.fechaIngreso > b.fechaIngreso || (a.fechaIngreso === b.fechaIngreso && a.vinculadoUuid < b.vinculadoUuid)).toBe(true);
      }
      await walk('/empleados?sort=salarioBase&sort=identificacion,desc', 4);
      expect(expectProblem(await call('/empleados?sort=fechaRetiro'), 400).errors[0].message).toContain(
        'nombreCompleto, identificacion, fechaIngreso, salarioBase',
      );
    });

    it("another tenant's employees are not listed", async () => {
      expect((await ok('/empleados?filter=for%C3%A1neo')).total).toBe(0);
      expect((await ok('/empleados?size=1000', foreignToken)).total).toBe(2);
    });
  });

  describe('GET /empleados/{tipoDocumento}/{identificacion}', () => {
    it('a retired or future person is found, with the most recent bond by fechaIngreso', async () => {
      const [retired] = (await ok('/empleados/CC/10010005')).contenido;
      expect(retired).toMatchObject({ vinculadoUuid: W(U('b1', 5)), fechaRetiro: `${YESTERDAY}T05:00:00.000+0000` });
      const [future] = (await ok('/empleados/CC/10010013')).contenido;
      expect(future).toMatchObject({
        vinculadoUuid: W(U('b1', 0xd2)),
        fechaIngreso: '2099-01-01T05:00:00.000+0000',
        salarioBase: 10000000,
      });
      const res = await call('/empleados/CC/10010013');
      expect(res.body).toContain('"salarioBase":1.0E7');
    });

    it('same fechaIngreso: the bond with the greater uuid wins', async () => {
      const [e] = (await ok('/empleados/cc/10010012')).contenido;
      expect(e).toMatchObject({ vinculadoUuid: W(U('b1', 0xc2)), fechaRetiro: '2016-01-01T05:00:00.000+0000', salarioBase: 999999.99 });
    });

    it('a person without bonds has null bond fields; document type and number compare case-insensitively', async () => {
      const res = await call('/empleados/pa/ab12CD34');
      expect(res.status).toBe(200);
      expect(res.body).toBe(
        '{"contenido":[{"empleadoUuid":"A100000000004000800000000000000B","identificacion":"AB12cd34","vinculadoUuid":null,"tipoDocumento":"PA",' +
          '"nombreCompleto":"Sin Vínculo","fechaIngreso":null,"fechaRetiro":null,"salarioBase":null,"salarioIntegral":null,"tipoCotizante":null}],' +
          '"error":null,"advertencia":null,"metadata":null,"total":1}',
      );
    });

    it('unknown, wrong type or foreign → 404; unknown document type → 400', async () => {
      expectProblem(await call('/empleados/CC/99999999'), 404, 'EMPLEADO_NO_ENCONTRADO');
      expectProblem(await call('/empleados/CE/10010001'), 404, 'EMPLEADO_NO_ENCONTRADO');
      expectProblem(await call('/empleados/CC/10010099'), 404, 'EMPLEADO_NO_ENCONTRADO');
      expect((await ok('/empleados/CC/10010099', foreignToken)).total).toBe(1);
      const bad = expectProblem(await call('/empleados/XX/10010001'), 400, 'VALIDATION');
      expect(bad.errors[0]).toEqual({ field: 'tipoDocumento', message: expect.stringContaining('CC, CE, TI, PA, PEP, PPT, NIT, RC') });
      expect(expectProblem(await call(`/empleados/CC/${'1'.repeat(21)}`), 400).errors[0].field).toBe('identificacion');
    });
  });

  // CONTRACT §11.1 on the edges of "current today": the bonds of GET /empleados, under their legacy names.
  describe('GET /vinculados and the bond lookups', () => {
    const bondIds = (contenido: any[]): string[] => contenido.map((b) => b.uuid);

    it('lists the same bonds as GET /empleados, in the same order, each with activo true; the whole list without offset/size', async () => {
      const { contenido, total } = await ok('/vinculados');
      expect(total).toBe(CURRENT_BONDS.length);
      expect(contenido).toHaveLength(CURRENT_BONDS.length);
      expect(bondIds(contenido)).toEqual((await ok('/empleados?size=1000')).contenido.map((e) => e.vinculadoUuid));
      expect(contenido.every((b) => b.activo === true)).toBe(true);
      // Two current bonds of one person: one element each.
      expect(contenido.filter((b) => b.idEmpleado === '10010009').map((b) => b.uuid)).toEqual([W(U('b1', 0x91)), W(U('b1', 0x92))]);
    });

    it('writes the element in contract order, names split, contributor type nested', async () => {
      const res = await call('/vinculados?filter=Jos%C3%A9');
      expect(res.body).toBe(
        '{"contenido":[{"uuid":"B1000000000040008000000000000001","empleadoUuid":"A1000000000040008000000000000001","tipoDocumento":"CC",' +
          '"idEmpleado":"10010001","nombres":"José","apellidos":"Pérez Muñoz","nombreCompleto":"José Pérez Muñoz",' +
          '"fechaIngreso":"2020-01-01T05:00:00.000+0000","fechaRetiro":null,"salarioBase":1.8404777E7,"salarioIntegral":true,' +
          '"tipoCotizante":{"codigo":"01","descripcion":"Dependiente"},"activo":true}],"error":null,"advertencia":null,"metadata":null,"total":1}',
      );
    });

    it('desvinculados: retired before today (not today), fechaRetiro desc then uuid, activo false', async () => {
      const { contenido } = await ok('/vinculados/desvinculados');
      expect(bondIds(contenido)).toEqual([5, 0xc2, 0xa1, 0xd1].map((n) => W(U('b1', n))));
      expect(contenido.every((b) => b.activo === false)).toBe(true);
      await walk('/vinculados/desvinculados?sort=salarioBase,desc', 1);
    });

    it('/vinculados/{uuid}: activo follows today (retiring today: true; retired yesterday, starting tomorrow: false)', async () => {
      for (const [n, activo] of [
        [6, true],
        [8, true],
        [5, false],
        [7, false],
        [0xd2, false],
      ] as const) {
        const [b] = (await ok(`/vinculados/${U('b1', n)}`)).contenido;
        expect({ n, activo: b.activo }).toEqual({ n, activo });
      }
      expectProblem(await call(`/vinculados/${U('b2', 1)}`), 404, 'VINCULADO_NO_ENCONTRADO');
      expect((await ok(`/vinculados/${U('b2', 1)}`, foreignToken)).total).toBe(1);
    });

    it('/vinculados/empleado/{uuid}: newest first, same date → greater uuid first; a person without bonds → 200 empty', async () => {
      expect(bondIds((await ok(`/vinculados/empleado/${U('a1', 12)}`)).contenido)).toEqual([W(U('b1', 0xc2)), W(U('b1', 0xc1))]);
      expect(bondIds((await ok(`/vinculados/empleado/${U('a1', 13)}`)).contenido)).toEqual([W(U('b1', 0xd2)), W(U('b1', 0xd1))]);
      expect(await ok(`/vinculados/empleado/${U('a1', 11)}`)).toMatchObject({ contenido: [], total: 0 });
      expectProblem(await call(`/vinculados/empleado/${U('a2', 1)}`), 404, 'EMPLEADO_NO_ENCONTRADO');
    });

    it('integration lookup: the most recent CURRENT bond (not the most recent bond); none current or none at all → 404 saying so', async () => {
      const lookup = async (tipo: string, id: string) => (await ok(`/vinculados/integracion/empleado/${tipo}/${id}`)).contenido;
      expect(bondIds(await lookup('CC', '10010009'))).toEqual([W(U('b1', 0x92))]);
      // Same fechaIngreso: the retired bond has the greater uuid, the current one is answered.
      expect(bondIds(await lookup('cc', '10010012'))).toEqual([W(U('b1', 0xc1))]);
      expect(bondIds(await lookup('CC', '10010006'))).toEqual([W(U('b1', 6))]);
      expect(bondIds(await lookup('CC', '10010010'))).toEqual([W(U('b1', 0xa2))]);
      for (const [tipo, id] of [
        ['CC', '10010005'],
        ['CC', '10010007'],
        ['CC', '10010013'],
        ['pa', 'ab12CD34'],
      ]) {
        const body = expectProblem(await call(`/vinculados/integracion/empleado/${tipo}/${id}`), 404, 'VINCULADO_VIGENTE_NO_ENCONTRADO');
        expect(body.detail).toContain(`${tipo.toUpperCase()} ${id} no tiene una vinculación vigente hoy`);
      }
      expectProblem(await call('/vinculados/integracion/empleado/CC/10010099'), 404, 'EMPLEADO_NO_ENCONTRADO');
      expect(bondIds((await ok('/vinculados/integracion/empleado/CC/10010099', foreignToken)).contenido)).toEqual([W(U('b2', 2))]);
    });

    it('gruposPagos counts the payments of the group, type IN never; conceptos and tiposCotizante in byte order of codigo', async () => {
      const res = await call('/gruposPagos');
      expect(res.body).toBe(
        `{"contenido":[{"uuid":"${W(G1)}","codigo":"NOM","nombre":"Nómina \\"general\\"","numeroPagos":1.0}],` +
          '"error":null,"advertencia":null,"metadata":null,"total":1}',
      );
      expect((await ok('/conceptos')).contenido.map((c) => c.codigo)).toEqual(['001', '002', '101', '1A', 'A2', 'B1', 'a1']);
      expect((await ok('/gruposPagos', foreignToken)).total).toBe(0);
      expect((await ok('/vinculados/tiposCotizante')).contenido).toEqual([{ codigo: '01', descripcion: 'Dependiente' }]);
    });
  });
});

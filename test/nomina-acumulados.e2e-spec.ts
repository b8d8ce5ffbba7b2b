import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Dataset, DetalleInput, PagoInput, TenantInput } from '@nomina-api/importer/dataset.types';
import { createTestApp, expectProblem, get, login } from './support/test-app';
import { seedDatabase } from './support/test-database';

/**
 * GET /pagoEmpleadoDetalles/conceptosacumulados/{fechaDesde}/{fechaHasta}/{isDetalleParaAportes}
 * (CONTRACT §3.7) on a hand-made dataset with two tenants whose every expected number is
 * written out below.
 */

const uuid = (tenant: number, n: number): string => `${String(tenant).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const wire = (u: string): string => u.replace(/-/g, '').toUpperCase();

const TA = uuid(1, 0);
const TB = uuid(2, 0);

// Tenant A: employees (E*) and their bonds (V*).
const E1 = uuid(1, 0x101); // Ana María Pérez Gómez, two bonds
const V1 = uuid(1, 0x201);
const V1B = uuid(1, 0x202); // older bond of the same person; uuid > V1
const E2 = uuid(1, 0x102); // Óscar Núñez, amounts ≥ 10M (scientific notation)
const V2 = uuid(1, 0x203);
const E3 = uuid(1, 0x103); // Zoe Álvarez: only non-base lines
const V3 = uuid(1, 0x204);
const E4 = uuid(1, 0x104); // Bruno Díaz: only in excluded payments
const V4 = uuid(1, 0x205);
const E5 = uuid(1, 0x105); // Carlos Pérez
const V5 = uuid(1, 0x206);
const E6 = uuid(1, 0x106); // carlos perez (same folded name, exact order after "Carlos")
const V6 = uuid(1, 0x207);

// Tenant B
const EB = uuid(2, 0x101);
const VB = uuid(2, 0x201);

let line = 0;
const l = (concepto: string, valor: number): DetalleInput => ({ uuid: uuid(9, ++line), concepto, valor });

function pago(tenant: number, n: number, p: Omit<PagoInput, 'uuid' | 'descripcion' | 'fechaHasta'> & { fechaHasta?: string }): PagoInput {
  return { uuid: uuid(tenant, 0x300 + n), descripcion: `Pago ${n}`, fechaHasta: p.fechaHasta ?? p.fechaDesde, ...p };
}

let slip = 0;
const ps = (vinculacion: string, salarioBase: number, detalles: DetalleInput[]) => ({
  uuid: uuid(8, ++slip),
  vinculacion,
  salarioBase,
  detalles,
});

const CONCEPTOS: TenantInput['conceptos'] = [
  { codigo: '001', nombre: 'Sueldo básico', tipo: 'DEVENGADO', baseAportes: true },
  { codigo: '002', nombre: 'Auxilio de transporte', tipo: 'DEVENGADO' },
  { codigo: '010', nombre: 'Prima de servicios', tipo: 'DEVENGADO', baseAportes: false },
  { codigo: '101', nombre: 'Aporte salud empleado', tipo: 'DEDUCCION', baseAportes: true },
  { codigo: '102', nombre: 'Embargo judicial', tipo: 'DEDUCCION' },
];
const TIPOS: TenantInput['tiposCotizante'] = [
  { codigo: '01', descripcion: 'Dependiente' },
  { codigo: '12', descripcion: 'Aprendices del SENA en etapa lectiva' },
];

const bond = (id: string, tipoCotizante = '01', salarioIntegral = false) => ({
  uuid: id,
  fechaIngreso: '2020-01-01',
  salarioBase: 1,
  salarioIntegral,
  tipoCotizante,
});

const TENANT_A: TenantInput = {
  uuid: TA,
  nit: '900000001',
  nombre: 'Acumulados A',
  activo: true,
  negocios: [{ uuid: uuid(1, 0x11), nombre: 'Sede A' }],
  usuarios: [
    { uuid: uuid(1, 0x21), email: 'acum.a@example.co', password: 'Clave-acum-A1', nombre: 'Ana', apellido: 'A', negocios: [uuid(1, 0x11)] },
  ],
  tiposCotizante: TIPOS,
  conceptos: CONCEPTOS,
  empleados: [
    {
      uuid: E1,
      tipoDocumento: 'CC',
      identificacion: '1001',
      nombres: 'Ana María',
      apellidos: 'Pérez Gómez',
      vinculaciones: [bond(V1), bond(V1B)],
    },
    { uuid: E2, tipoDocumento: 'CC', identificacion: '1002', nombres: 'Óscar', apellidos: 'Núñez', vinculaciones: [bond(V2, '12', true)] },
    { uuid: E3, tipoDocumento: 'CE', identificacion: '1003', nombres: 'Zoe', apellidos: 'Álvarez', vinculaciones: [bond(V3)] },
    { uuid: E4, tipoDocumento: 'CC', identificacion: '1004', nombres: 'Bruno', apellidos: 'Díaz', vinculaciones: [bond(V4)] },
    { uuid: E5, tipoDocumento: 'CC', identificacion: '1005', nombres: 'Carlos', apellidos: 'Pérez', vinculaciones: [bond(V5)] },
    { uuid: E6, tipoDocumento: 'CC', identificacion: '1006', nombres: 'carlos', apellidos: 'perez', vinculaciones: [bond(V6)] },
  ],
  pagos: [
    // Considered for 2024-01-01..2024-06-30 (H1):
    pago(1, 1, {
      ano: 2024,
      mes: 1,
      fechaDesde: '2024-01-01',
      fechaHasta: '2024-01-31',
      fechaPago: '2024-01-31',
      estado: 'PG',
      tipoPago: 'PE',
      definitivo: true,
      empleados: [
        ps(V1, 1000000, [l('001', 1000000), l('002', 100000), l('101', 40000), l('102', 10000)]),
        ps(V2, 12000000, [l('001', 12000000), l('101', 480000)]),
        ps(V3, 900000, [l('002', 50000), l('102', 5000)]),
        ps(V5, 1500000, [l('001', 1500000)]),
        ps(V6, 1400000, [l('001', 1400000)]),
      ],
    }),
    // fechaDesde on the last day of the range; paid after it: still considered.
    pago(1, 2, {
      ano: 2024,
      mes: 6,
      fechaDesde: '2024-06-30',
      fechaPago: '2024-07-05',
      estado: 'PP',
      tipoPago: 'PE',
      definitivo: true,
      empleados: [ps(V1, 1100000, [l('001', 1100000), l('101', 44000)]), ps(V2, 12600000, [l('001', 12600000), l('101', 504000)])],
    }),
    // Same fechaDesde as payment 2, earlier fechaPago: its salaries lose the tie.
    pago(1, 3, {
      ano: 2024,
      mes: 6,
      fechaDesde: '2024-06-30',
      fechaPago: '2024-06-20',
      estado: 'PG',
      tipoPago: 'PR',
      definitivo: true,
      empleados: [ps(V1, 1050000, [l('010', 500000)]), ps(V2, 12650000, [l('010', 6000000)])],
    }),
    // Initial balances (type IN) accumulate.
    pago(1, 4, {
      ano: 2024,
      mes: 1,
      fechaDesde: '2024-01-01',
      fechaPago: '2024-01-01',
      estado: 'PG',
      tipoPago: 'IN',
      definitivo: true,
      empleados: [ps(V1B, 500000, [l('001', 300000.5)])],
    }),
    // Annulled but definitive: estado is not looked at.
    pago(1, 5, {
      ano: 2024,
      mes: 2,
      fechaDesde: '2024-02-01',
      fechaPago: '2024-02-28',
      estado: 'AN',
      tipoPago: 'PE',
      definitivo: true,
      empleados: [ps(V3, 950000, [l('002', 20000)])],
    }),
    // Payments 6 and 7 tie on fechaDesde and fechaPago: the greater payment uuid (7) decides.
    pago(1, 6, {
      ano: 2024,
      mes: 3,
      fechaDesde: '2024-03-01',
      fechaPago: '2024-03-15',
      estado: 'PG',
      tipoPago: 'VI',
      definitivo: true,
      empleados: [ps(V5, 3000000, [l('001', 100)])],
    }),
    pago(1, 7, {
      ano: 2024,
      mes: 3,
      fechaDesde: '2024-03-01',
      fechaPago: '2024-03-15',
      estado: 'PG',
      tipoPago: 'VI',
      definitivo: true,
      empleados: [ps(V5, 3100000, [l('001', 200)])],
    }),
    // Not considered for H1:
    pago(1, 8, {
      ano: 2024,
      mes: 3,
      fechaDesde: '2024-03-01',
      fechaPago: '2024-03-30',
      estado: 'EP',
      tipoPago: 'PE',
      definitivo: false,
      empleados: [ps(V4, 700000, [l('001', 700000)]), ps(V1, 9900000, [l('001', 9900000)])],
    }),
    pago(1, 9, {
      ano: 2024,
      mes: 4,
      fechaDesde: '2024-04-01',
      fechaPago: '2024-04-30',
      estado: 'PA',
      tipoPago: 'PE',
      definitivo: false,
      empleados: [ps(V4, 700000, [l('001', 700000)])],
    }),
    // Paid inside the range, but its fechaDesde is the day before.
    pago(1, 10, {
      ano: 2023,
      mes: 12,
      fechaDesde: '2023-12-31',
      fechaPago: '2024-01-05',
      estado: 'PG',
      tipoPago: 'PE',
      definitivo: true,
      empleados: [ps(V4, 710000, [l('001', 710000), l('101', 28400)]), ps(V1, 990000, [l('001', 990000)])],
    }),
    // Paid inside the range, but its fechaDesde is the day after.
    pago(1, 11, {
      ano: 2024,
      mes: 7,
      fechaDesde: '2024-07-01',
      fechaPago: '2024-06-30',
      estado: 'PG',
      tipoPago: 'PE',
      definitivo: true,
      empleados: [ps(V4, 720000, [l('001', 720000)]), ps(V1, 1200000, [l('001', 1200000)])],
    }),
  ],
};

const TENANT_B: TenantInput = {
  uuid: TB,
  nit: '900000002',
  nombre: 'Acumulados B',
  activo: true,
  negocios: [{ uuid: uuid(2, 0x11), nombre: 'Sede B' }],
  usuarios: [
    {
      uuid: uuid(2, 0x21),
      email: 'acum.b@example.co',
      password: 'Clave-acum-B1',
      nombre: 'Beto',
      apellido: 'B',
      negocios: [uuid(2, 0x11)],
    },
  ],
  tiposCotizante: TIPOS,
  conceptos: CONCEPTOS,
  empleados: [
    { uuid: EB, tipoDocumento: 'CC', identificacion: '1001', nombres: 'Ana María', apellidos: 'Pérez Gómez', vinculaciones: [bond(VB)] },
  ],
  pagos: [
    pago(2, 1, {
      ano: 2024,
      mes: 1,
      fechaDesde: '2024-01-01',
      fechaPago: '2024-01-31',
      estado: 'PG',
      tipoPago: 'PE',
      definitivo: true,
      empleados: [ps(VB, 777000, [l('001', 777000)])],
    }),
  ],
};

const DATASET: Dataset = { tenants: [TENANT_A, TENANT_B] };

const URL_H1 = '/pagoEmpleadoDetalles/conceptosacumulados/2024-01-01/2024-06-30';

interface Element {
  uuidVinculado: string;
  uuidEmpleado: string;
  id: string;
  nombreCompleto: string;
  tipoCotizante: string;
  salarioBase: number;
  salarioIntegral: boolean;
  totalDevengados: number;
  totalDeducciones: number;
  totalNeto: number;
}

const el = (
  v: string,
  e: string,
  id: string,
  nombreCompleto: string,
  tipoCotizante: string,
  salarioBase: number,
  salarioIntegral: boolean,
  dev: number,
  ded: number,
): Element => ({
  uuidVinculado: wire(v),
  uuidEmpleado: wire(e),
  id,
  nombreCompleto,
  tipoCotizante,
  salarioBase,
  salarioIntegral,
  totalDevengados: dev,
  totalDeducciones: ded,
  totalNeto: Math.round((dev - ded) * 100) / 100,
});

const DEP = 'Dependiente';
const SENA = 'Aprendices del SENA en etapa lectiva';

/** H1, generic source, in the default order. */
const GENERIC_H1: Element[] = [
  el(V1, E1, '1001', 'Ana María Pérez Gómez', DEP, 1100000, false, 1100000 + 1100000 + 500000, 50000 + 44000),
  el(V1B, E1, '1001', 'Ana María Pérez Gómez', DEP, 500000, false, 300000.5, 0),
  el(V5, E5, '1005', 'Carlos Pérez', DEP, 3100000, false, 1500000 + 100 + 200, 0),
  el(V6, E6, '1006', 'carlos perez', DEP, 1400000, false, 1400000, 0),
  el(V2, E2, '1002', 'Óscar Núñez', SENA, 12600000, true, 12000000 + 12600000 + 6000000, 480000 + 504000),
  el(V3, E3, '1003', 'Zoe Álvarez', DEP, 950000, false, 50000 + 20000, 5000),
];

/** H1, contribution source: only 001/101 lines; Zoe (no such line) is absent. */
const APORTES_H1: Element[] = [
  el(V1, E1, '1001', 'Ana María Pérez Gómez', DEP, 1100000, false, 1000000 + 1100000, 40000 + 44000),
  el(V1B, E1, '1001', 'Ana María Pérez Gómez', DEP, 500000, false, 300000.5, 0),
  el(V5, E5, '1005', 'Carlos Pérez', DEP, 3100000, false, 1500300, 0),
  el(V6, E6, '1006', 'carlos perez', DEP, 1400000, false, 1400000, 0),
  el(V2, E2, '1002', 'Óscar Núñez', SENA, 12600000, true, 12000000 + 12600000, 480000 + 504000),
];

// jest-circus reads testTimeout from the global config only; the e2e project's value is ignored.
jest.setTimeout(60_000);

describe('GET /pagoEmpleadoDetalles/conceptosacumulados (e2e)', () => {
  let app: NestFastifyApplication;
  let tokenA: string;
  let tokenB: string;

  beforeAll(async () => {
    const url = await seedDatabase('nomina_test_acum', [DATASET]);
    app = await createTestApp({}, url);
    tokenA = await login(app, 'acum.a@example.co', 'Clave-acum-A1');
    tokenB = await login(app, 'acum.b@example.co', 'Clave-acum-B1');
  });
  afterAll(async () => {
    await app?.close();
  });

  const getA = (url: string) => get(app, url, tokenA);

  describe('generic source (isDetalleParaAportes=false)', () => {
    it('one element per bond, totals summed over the considered payments, in the default order', async () => {
      const res = await getA(`${URL_H1}/false`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json()).toEqual({ contenido: GENERIC_H1, error: null, advertencia: null, metadata: null, total: 6 });
    });

    it('writes the legacy bytes: Java doubles (scientific from 10,000,000), integer total, uppercase uuids', async () => {
      const res = await getA(`${URL_H1}/false?filter=1002`);
      expect(res.body).toBe(
        '{"contenido":[{"uuidVinculado":"' +
          wire(V2) +
          '","uuidEmpleado":"' +
          wire(E2) +
          '","id":"1002","nombreCompleto":"Óscar Núñez",' +
          '"tipoCotizante":"Aprendices del SENA en etapa lectiva","salarioBase":1.26E7,"salarioIntegral":true,' +
          '"totalDevengados":3.06E7,"totalDeducciones":984000.0,"totalNeto":2.9616E7}],' +
          '"error":null,"advertencia":null,"metadata":null,"total":1}',
      );
      const ana = await getA(`${URL_H1}/false?size=2`);
      expect(ana.body).toContain(
        '"salarioBase":500000.0,"salarioIntegral":false,"totalDevengados":300000.5,"totalDeducciones":0.0,"totalNeto":300000.5}',
      );
    });

    it('applies the range to the payment fechaDesde, both ends inclusive (a one-day range)', async () => {
      // Payment 10 starts 2023-12-31 and is paid 2024-01-05: it is the only one of that day.
      const res = await getA('/pagoEmpleadoDetalles/conceptosacumulados/2023-12-31/2023-12-31/false');
      expect(res.json()).toEqual(
        expect.objectContaining({
          total: 2,
          contenido: [
            el(V1, E1, '1001', 'Ana María Pérez Gómez', DEP, 990000, false, 990000, 0),
            el(V4, E4, '1004', 'Bruno Díaz', DEP, 710000, false, 710000, 28400),
          ],
        }),
      );
      // Payment 11 starts 2024-07-01 although it was paid 2024-06-30.
      const july = (await getA('/pagoEmpleadoDetalles/conceptosacumulados/2024-07-01/2024-07-01/false')).json();
      expect(july.contenido.map((e: Element) => [e.uuidVinculado, e.salarioBase])).toEqual([
        [wire(V1), 1200000],
        [wire(V4), 720000],
      ]);
    });

    it('ignores non-definitive payments (EP, PA) and includes annulled definitive ones and type IN', async () => {
      const body = (await getA(`${URL_H1}/false`)).json();
      const ids = body.contenido.map((e: Element) => e.uuidVinculado);
      expect(ids).not.toContain(wire(V4)); // only in EP/PA payments and outside the range
      expect(ids).toContain(wire(V1B)); // only in the IN payment
      const zoe = body.contenido.find((e: Element) => e.uuidVinculado === wire(V3));
      expect(zoe.totalDevengados).toBe(70000); // 50,000 (PG) + 20,000 (AN, definitive)
      // Ana's EP payslip (9,900,000) counts neither in the totals nor for the salary.
      const ana = body.contenido.find((e: Element) => e.uuidVinculado === wire(V1));
      expect(ana.totalDevengados).toBe(2700000);
    });

    it('takes salarioBase from the latest payment: fechaDesde, then fechaPago, then payment uuid', async () => {
      const body = (await getA(`${URL_H1}/false`)).json();
      const salary = (v: string) => body.contenido.find((e: Element) => e.uuidVinculado === wire(v)).salarioBase;
      expect(salary(V1)).toBe(1100000); // payments 2 and 3 share fechaDesde; 2 was paid later
      expect(salary(V2)).toBe(12600000);
      expect(salary(V3)).toBe(950000); // the annulled payment of February is the latest considered
      expect(salary(V5)).toBe(3100000); // payments 6 and 7 tie on both dates; 7 has the greater uuid
      // Before payment 2 exists in the range, the January salary is the latest.
      const jan = (await getA('/pagoEmpleadoDetalles/conceptosacumulados/2024-01-01/2024-06-29/false')).json();
      expect(jan.contenido.find((e: Element) => e.uuidVinculado === wire(V1)).salarioBase).toBe(1000000);
    });
  });

  describe('contribution source (isDetalleParaAportes=true)', () => {
    it('sums only baseAportes lines and leaves out bonds without any', async () => {
      const res = await getA(`${URL_H1}/true`);
      expect(res.status).toBe(200);
      expect(res.json()).toEqual({ contenido: APORTES_H1, error: null, advertencia: null, metadata: null, total: 5 });
    });

    it('keeps the latest salary whatever the source (payment 3 has no base line for Ana)', async () => {
      const body = (await getA(`${URL_H1}/TRUE?sort=salarioBase,desc`)).json();
      expect(body.contenido.map((e: Element) => e.salarioBase)).toEqual([12600000, 3100000, 1400000, 1100000, 500000]);
    });

    it('accepts true/false in any case', async () => {
      expect((await getA(`${URL_H1}/True`)).json().total).toBe(5);
      expect((await getA(`${URL_H1}/FALSE`)).json().total).toBe(6);
    });
  });

  describe('paging, filter and sort', () => {
    it('offset/size cut the default order; total stays global; page is ignored', async () => {
      const res = (await getA(`${URL_H1}/false?offset=2&size=2&page=7`)).json();
      expect(res.total).toBe(6);
      expect(res.contenido).toEqual(GENERIC_H1.slice(2, 4));
      const last = (await getA(`${URL_H1}/false?offset=4&size=20`)).json();
      expect(last.contenido).toEqual(GENERIC_H1.slice(4));
    });

    it('size=0 and an offset past the end still report the total', async () => {
      expect((await getA(`${URL_H1}/false?size=0`)).json()).toEqual({
        contenido: [],
        error: null,
        advertencia: null,
        metadata: null,
        total: 6,
      });
      expect((await getA(`${URL_H1}/false?offset=50`)).json()).toEqual({
        contenido: [],
        error: null,
        advertencia: null,
        metadata: null,
        total: 6,
      });
      expect((await getA(`${URL_H1}/true?offset=50&sort=totalNeto`)).json().total).toBe(5);
    });

    it('filters by name and document, ignoring case and accents; % and _ are literal', async () => {
      const perez = (await getA(`${URL_H1}/false?filter=PEREZ`)).json();
      expect(perez.total).toBe(4);
      expect(perez.contenido.map((e: Element) => e.uuidVinculado)).toEqual([V1, V1B, V5, V6].map(wire));
      expect((await getA(`${URL_H1}/false?filter=nuñez`)).json().contenido.map((e: Element) => e.id)).toEqual(['1002']);
      expect((await getA(`${URL_H1}/false?filter=100`)).json().total).toBe(6);
      expect((await getA(`${URL_H1}/false?filter=${encodeURIComponent('%')}`)).json().total).toBe(0);
      expect((await getA(`${URL_H1}/false?filter=${encodeURIComponent('   ')}`)).json().total).toBe(6);
      // The filter also narrows the total of a page cut by a numeric order.
      const filteredNumeric = (await getA(`${URL_H1}/false?filter=carlos&sort=totalNeto,desc`)).json();
      expect(filteredNumeric.contenido.map((e: Element) => e.uuidVinculado)).toEqual([V5, V6].map(wire));
    });

    it('sorts by each sortable field, the bond uuid ending every order', async () => {
      const order = async (q: string) => (await getA(`${URL_H1}/false?${q}`)).json().contenido.map((e: Element) => e.uuidVinculado);
      expect(await order('sort=totalNeto,desc')).toEqual([V2, V1, V5, V6, V1B, V3].map(wire));
      expect(await order('sort=totalDevengados')).toEqual([V3, V1B, V6, V5, V1, V2].map(wire));
      expect(await order('sort=totalDeducciones,desc')).toEqual([V2, V1, V3, V1B, V5, V6].map(wire));
      expect(await order('sort=salarioBase,DESC')).toEqual([V2, V5, V6, V1, V3, V1B].map(wire));
      expect(await order('sort=id,desc')).toEqual([V6, V5, V3, V2, V1, V1B].map(wire));
      expect(await order('sort=nombreCompleto,desc')).toEqual([V3, V2, V6, V5, V1, V1B].map(wire));
      expect(await order('sort=tipoCotizante,desc&sort=totalNeto,asc')).toEqual([V3, V1B, V6, V5, V1, V2].map(wire));
      // A numeric order pages like the full list.
      const full = await order('sort=totalNeto,desc');
      expect(await order('sort=totalNeto,desc&offset=1&size=3')).toEqual(full.slice(1, 4));
      const bySalary = await order('sort=salarioBase,desc');
      expect(await order('sort=salarioBase,desc&offset=3&size=2')).toEqual(bySalary.slice(3, 5));
    });
  });

  describe('validation', () => {
    it.each([
      ['2024-02-30/2024-06-30/false', 'fechaDesde'],
      ['2024-1-01/2024-06-30/false', 'fechaDesde'],
      ['2024-01-01/20240630/false', 'fechaHasta'],
      ['2023-02-29/2024-06-30/false', 'fechaDesde'],
      ['2024-01-01/2024-13-01/false', 'fechaHasta'],
      ['2024-07-01/2024-06-30/false', 'fechaDesde'],
      ['2024-01-01/2024-06-30/yes', 'isDetalleParaAportes'],
      ['2024-01-01/2024-06-30/1', 'isDetalleParaAportes'],
    ])('400 for %s naming %s', async (path, field) => {
      const body = expectProblem(await getA(`/pagoEmpleadoDetalles/conceptosacumulados/${path}`), 400, 'VALIDATION');
      expect(body.errors).toEqual([{ field, message: expect.stringMatching(/AAAA-MM-DD|true o false|anterior o igual/) }]);
      expect(body.errors[0].message).toMatch(/p\. ej\./);
    });

    it('accepts a leap day and lists every bad parameter at once', async () => {
      expect((await getA('/pagoEmpleadoDetalles/conceptosacumulados/2024-02-29/2024-02-29/false')).status).toBe(200);
      const body = expectProblem(await getA('/pagoEmpleadoDetalles/conceptosacumulados/x/y/z'), 400, 'VALIDATION');
      expect(body.errors.map((e: { field: string }) => e.field)).toEqual(['fechaDesde', 'fechaHasta', 'isDetalleParaAportes']);
    });

    it('checks the path before the list parameters', async () => {
      const body = expectProblem(
        await getA('/pagoEmpleadoDetalles/conceptosacumulados/x/2024-06-30/false?size=x&sort=nope'),
        400,
        'VALIDATION',
      );
      expect(body.errors.map((e: { field: string }) => e.field)).toEqual(['fechaDesde']);
    });

    it('400 for bad list parameters', async () => {
      expect(expectProblem(await getA(`${URL_H1}/false?sort=uuidVinculado`), 400, 'VALIDATION').errors[0].field).toBe('sort');
      expect(expectProblem(await getA(`${URL_H1}/false?size=1001`), 400, 'VALIDATION').errors[0].field).toBe('size');
      expect(expectProblem(await getA(`${URL_H1}/false?offset=-1`), 400, 'VALIDATION').errors[0].field).toBe('offset');
      expect(expectProblem(await getA(`${URL_H1}/false?filter=${'x'.repeat(201)}`), 400, 'VALIDATION').errors[0].field).toBe('filter');
    });

    it('401 without a token', async () => {
      expectProblem(await get(app, `${URL_H1}/false`), 401);
    });
  });

  describe('tenant isolation', () => {
    it("each tenant sees only its own bonds, even with the same person's name and document", async () => {
      const b = (await get(app, `${URL_H1}/false`, tokenB)).json();
      expect(b).toEqual({
        contenido: [el(VB, EB, '1001', 'Ana María Pérez Gómez', DEP, 777000, false, 777000, 0)],
        error: null,
        advertencia: null,
        metadata: null,
        total: 1,
      });
      const a = (await getA(`${URL_H1}/false?filter=1001`)).json();
      expect(a.contenido.map((e: Element) => e.uuidVinculado)).toEqual([V1, V1B].map(wire));
    });
  });

  it('documents the operation in OpenAPI', async () => {
    const doc = (await get(app, '/docs-json')).json();
    const op = doc.paths['/pagoEmpleadoDetalles/conceptosacumulados/{fechaDesde}/{fechaHasta}/{isDetalleParaAportes}'].get;
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '401']));
    expect(op.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['fechaDesde', 'fechaHasta', 'isDetalleParaAportes', 'offset', 'size', 'page', 'filter', 'sort']),
    );
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Dataset, PagoInput, TenantInput } from '@nomina-api/importer/dataset.types';
import { createTestApp, type InjectResult, login } from './support/test-app';

/**
 * CONTRACT §1: "A resource of another tenant is indistinguishable from one that does not exist."
 * Every operation of the OpenAPI document is called with Pacífico's token and Andina's
 * identifiers, and again with identifiers that exist nowhere; the two answers must be the same
 * (status, content type, paging headers, and body once the identifier echoed in detail/instance
 * is masked). A positive control with Andina's own token proves each identifier is real. An
 * operation without an entry in PROBES fails the suite: a new endpoint must be added here.
 */

jest.setTimeout(60_000);

const DATA = JSON.parse(readFileSync(join(__dirname, 'fixtures', 'example-dataset.json'), 'utf8')) as Dataset;
const ANDINA = DATA.tenants.find((t) => t.uuid === '0ee9a9bb-2b87-43f0-82f5-d431917734f8')!;
const PACIFICO = DATA.tenants.find((t) => t.uuid === 'eefc7a24-ca77-4617-a19b-5632192302e1')!;
const INACTIVA = DATA.tenants.find((t) => !t.activo)!;

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const hex = (u: string): string => u.replace(/-/g, '').toLowerCase();
const canon = (u: string): string => hex(u).replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
/** The spellings an identifier can take in a response: as sent, wire (32 upper hex), canonical. */
const spellings = (id: string): string[] => (UUID.test(id) ? [id, hex(id).toUpperCase(), canon(id), hex(id)] : [id]);

/** Every uuid of a tenant's data (its own and the ones it refers to). */
function uuidsOf(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string' && UUID.test(value)) into.add(canon(value));
  else if (Array.isArray(value)) value.forEach((v) => uuidsOf(v, into));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => uuidsOf(v, into));
  return into;
}

/** The fixture's payments (the type allows lazy iterables; the JSON file holds arrays). */
const pagosOf = (t: TenantInput): PagoInput[] => Array.from(t.pagos ?? []);

interface Ids {
  pago: string;
  pagoEmpleado: string;
  empleado: { tipo: string; identificacion: string };
  /** That person's uuid and first bond. */
  empleadoUuid: string;
  vinculado: string;
  grupoPago: string;
  proveedor: string;
  negocio: string;
  /** A period with qualifying payroll of the owner and none of the caller. */
  periodo: { ano: number; mes: number };
  desde: string;
  hasta: string;
}

function idsOf(owner: TenantInput, caller: TenantInput): Ids {
  const callerDocs = new Set((caller.empleados ?? []).map((e) => `${e.tipoDocumento}/${e.identificacion}`));
  const callerSuppliers = new Set((caller.proveedores ?? []).map((p) => p.identificacion.toUpperCase()));
  const callerPeriods = new Set(pagosOf(caller).map((p) => `${p.ano}/${p.mes}`));
  const qualifies = (p: PagoInput): boolean => p.tipoPago !== 'IN' && p.definitivo && p.estado !== 'AN' && p.empleados.length > 0;
  const alone = pagosOf(owner).find((p) => qualifies(p) && !callerPeriods.has(`${p.ano}/${p.mes}`));
  const pago = alone ?? pagosOf(owner).find(qualifies)!;
  const empleado = owner.empleados!.find((e) => !callerDocs.has(`${e.tipoDocumento}/${e.identificacion}`))!;
  return {
    pago: pago.uuid,
    pagoEmpleado: pago.empleados[0].uuid,
    empleado: { tipo: empleado.tipoDocumento, identificacion: empleado.identificacion },
    empleadoUuid: empleado.uuid,
    vinculado: empleado.vinculaciones[0].uuid,
    // The inactive tenant has no payment group: an identifier that exists nowhere stands in.
    grupoPago: owner.gruposPago?.[0]?.uuid ?? 'c0ffee00-0000-4000-8000-00000000beef',
    proveedor: owner.proveedores!.find((p) => !callerSuppliers.has(p.identificacion.toUpperCase()))!.identificacion,
    negocio: owner.negocios![0].uuid,
    // Without such a period the call would number the caller's own month: use an empty one.
    periodo: alone ? { ano: alone.ano, mes: alone.mes } : { ano: 2098, mes: 2 },
    desde: pago.fechaDesde,
    hasta: pago.fechaHasta,
  };
}

const UNKNOWN: Ids = {
  pago: '7f1d6c2e-5b1a-4c3e-9d2f-0a1b2c3d4e5f',
  pagoEmpleado: '0c9e8d7f-6a5b-4c3d-8e2f-1a0b9c8d7e6f',
  empleado: { tipo: 'CC', identificacion: '99999999999' },
  empleadoUuid: '3d2c1b0a-9f8e-4d7c-8b6a-5f4e3d2c1b0a',
  vinculado: '5e4d3c2b-1a0f-4e9d-8c7b-6a5f4e3d2c1b',
  grupoPago: '6f5e4d3c-2b1a-4f0e-9d8c-7b6a5f4e3d2c',
  proveedor: '999888777666',
  negocio: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
  periodo: { ano: 2099, mes: 1 },
  desde: '2099-01-01',
  hasta: '2099-12-31',
};

interface Call {
  method: 'GET' | 'POST';
  url: string;
  payload?: object;
}

interface Probe {
  /** The call, built from one tenant's identifiers (or from unknown ones). */
  call(ids: Ids): Call;
  /** Identifiers of the call that the answer may echo (masked before comparing). */
  echoes(ids: Ids): string[];
  /** The owner's own answer proves the identifier is real (skipped only where a call writes). */
  control?: (res: InjectResult) => void;
}

const nonEmptyEnvelope = (res: InjectResult): void => {
  expect(res.status).toBe(200);
  expect(res.json().total).toBeGreaterThan(0);
};
const ok = (res: InjectResult): void => expect(res.status).toBe(200);
const monthOf = ({ ano, mes }: Ids['periodo']): string => `${ano}-${String(mes).padStart(2, '0')}`;
const ESTADOS = 'params%5Bestados%5D=EP,PA,PP,PG,RE,AN';

/** Public operations without tenant data are listed as null (their answers are still scanned for leaks). */
const PROBES: Record<string, Probe | null> = {
  'GET /health/live': null,
  'GET /health/ready': null,
  // Labels are method, route template and status: never a tenant or an identifier.
  'GET /metrics': null,
  'POST /login': {
    call: (ids) => ({
      method: 'POST',
      url: '/login',
      payload: { email: PACIFICO.usuarios![0].email, password: PACIFICO.usuarios![0].password, business: ids.negocio },
    }),
    echoes: (ids) => [ids.negocio],
  },
  'GET /pagos': {
    call: (ids) => ({ method: 'GET', url: `/pagos?${ESTADOS}&filter=${ids.empleado.identificacion}` }),
    echoes: () => [],
    control: nonEmptyEnvelope,
  },
  'GET /pagoEmpleados': {
    call: (ids) => ({ method: 'GET', url: `/pagoEmpleados?params%5Bpago%5D=${ids.pago}` }),
    echoes: (ids) => [ids.pago],
    control: nonEmptyEnvelope,
  },
  'GET /pagoEmpleadoDetalles/{uuidPagoEmpleado}': {
    call: (ids) => ({ method: 'GET', url: `/pagoEmpleadoDetalles/${ids.pagoEmpleado}` }),
    echoes: (ids) => [ids.pagoEmpleado],
    control: nonEmptyEnvelope,
  },
  'GET /pagoEmpleadoDetalles/detallePago/{idPago}': {
    call: (ids) => ({ method: 'GET', url: `/pagoEmpleadoDetalles/detallePago/${ids.pago}` }),
    echoes: (ids) => [ids.pago],
    control: nonEmptyEnvelope,
  },
  'GET /pagoEmpleadoDetalles/conceptosacumulados/{fechaDesde}/{fechaHasta}/{isDetalleParaAportes}': {
    call: (ids) => ({
      method: 'GET',
      url: `/pagoEmpleadoDetalles/conceptosacumulados/${ids.desde}/${ids.hasta}/false?filter=${ids.empleado.identificacion}`,
    }),
    echoes: (ids) => [ids.desde, ids.hasta],
    control: nonEmptyEnvelope,
  },
  // Writes (consumes numbers): no positive control on the shared database; its own suite covers it.
  'GET /pagos/nominaelectronica/{ano}/{mes}': {
    call: (ids) => ({ method: 'GET', url: `/pagos/nominaelectronica/${ids.periodo.ano}/${ids.periodo.mes}` }),
    echoes: () => [],
  },
  'GET /empleados': {
    call: (ids) => ({ method: 'GET', url: `/empleados?filter=${ids.empleado.identificacion}` }),
    echoes: () => [],
  },
  'GET /empleados/{tipoDocumento}/{identificacion}': {
    call: (ids) => ({ method: 'GET', url: `/empleados/${ids.empleado.tipo}/${ids.empleado.identificacion}` }),
    echoes: (ids) => [ids.empleado.identificacion],
    control: nonEmptyEnvelope,
  },
  'GET /pagos/{uuid}': {
    call: (ids) => ({ method: 'GET', url: `/pagos/${ids.pago}` }),
    echoes: (ids) => [ids.pago],
    control: nonEmptyEnvelope,
  },
  'GET /empleados/{uuid}': {
    call: (ids) => ({ method: 'GET', url: `/empleados/${ids.empleadoUuid}` }),
    echoes: (ids) => [ids.empleadoUuid],
    control: nonEmptyEnvelope,
  },
  'GET /pagoEmpleados/{uuidEmpleado}/historialPagos': {
    call: (ids) => ({ method: 'GET', url: `/pagoEmpleados/${ids.empleadoUuid}/historialPagos` }),
    echoes: (ids) => [ids.empleadoUuid],
    control: nonEmptyEnvelope,
  },
  // No identifier to filter on: the month of a payment of the owner in a period the caller has no payroll in.
  'GET /pagoEmpleadoDetalles/conceptosacumulados/{fechaDesde}/{fechaHasta}/{isDetalleParaAportes}/{porContacto}': {
    call: (ids) => ({
      method: 'GET',
      url: `/pagoEmpleadoDetalles/conceptosacumulados/${monthOf(ids.periodo)}-01/${monthOf(ids.periodo)}-28/false/true`,
    }),
    echoes: (ids) => [`${monthOf(ids.periodo)}-01`, `${monthOf(ids.periodo)}-28`],
    control: nonEmptyEnvelope,
  },
  'GET /reports/reportSalesByProduct': {
    call: (ids) => ({
      method: 'GET',
      url: `/reports/reportSalesByProduct?dateInitISO=2000-01-01T00:00:00.000Z&dateEndISO=2099-12-31T23:59:59.999Z&businessId=${ids.negocio}`,
    }),
    echoes: (ids) => [ids.negocio],
    control: ok,
  },
  'GET /reports/reportSalesByCategory': {
    call: (ids) => ({
      method: 'GET',
      url: `/reports/reportSalesByCategory?dateInitISO=2000-01-01T00:00:00.000Z&dateEndISO=2099-12-31T23:59:59.999Z&businessId=${ids.negocio}`,
    }),
    echoes: (ids) => [ids.negocio],
    control: ok,
  },
  'GET /vinculados': {
    call: (ids) => ({ method: 'GET', url: `/vinculados?filter=${ids.empleado.identificacion}` }),
    echoes: () => [],
    control: nonEmptyEnvelope,
  },
  'GET /vinculados/desvinculados': {
    call: (ids) => ({ method: 'GET', url: `/vinculados/desvinculados?filter=${ids.empleado.identificacion}` }),
    echoes: () => [],
    control: ok,
  },
  'GET /vinculados/{uuid}': {
    call: (ids) => ({ method: 'GET', url: `/vinculados/${ids.vinculado}` }),
    echoes: (ids) => [ids.vinculado],
    control: nonEmptyEnvelope,
  },
  'GET /vinculados/empleado/{uuidEmpleado}': {
    call: (ids) => ({ method: 'GET', url: `/vinculados/empleado/${ids.empleadoUuid}` }),
    echoes: (ids) => [ids.empleadoUuid],
    control: nonEmptyEnvelope,
  },
  'GET /vinculados/integracion/empleado/{tipoDocumento}/{idEmpleado}': {
    call: (ids) => ({ method: 'GET', url: `/vinculados/integracion/empleado/${ids.empleado.tipo}/${ids.empleado.identificacion}` }),
    echoes: (ids) => [ids.empleado.identificacion],
    control: nonEmptyEnvelope,
  },
  'GET /vinculados/tiposCotizante': { call: () => ({ method: 'GET', url: '/vinculados/tiposCotizante' }), echoes: () => [], control: ok },
  'GET /gruposPagos': { call: () => ({ method: 'GET', url: '/gruposPagos' }), echoes: () => [], control: nonEmptyEnvelope },
  'GET /gruposPagos/{uuid}': {
    call: (ids) => ({ method: 'GET', url: `/gruposPagos/${ids.grupoPago}` }),
    echoes: (ids) => [ids.grupoPago],
    control: nonEmptyEnvelope,
  },
  'GET /gruposPagos/listagrupos': { call: () => ({ method: 'GET', url: '/gruposPagos/listagrupos' }), echoes: () => [], control: ok },
  'GET /conceptos': { call: () => ({ method: 'GET', url: '/conceptos' }), echoes: () => [], control: nonEmptyEnvelope },
  'GET /reports/reportUtility': {
    call: (ids) => ({
      method: 'GET',
      url: `/reports/reportUtility?dateInitISO=2000-01-01T00:00:00.000Z&dateEndISO=2099-12-31T23:59:59.999Z&businessId=${ids.negocio}`,
    }),
    echoes: (ids) => [ids.negocio],
    control: ok,
  },
  'GET /proveedor': {
    call: () => ({ method: 'GET', url: '/proveedor' }),
    echoes: () => [],
    control: ok,
  },
  'GET /proveedor/{identificacion}': {
    call: (ids) => ({ method: 'GET', url: `/proveedor/${ids.proveedor}` }),
    echoes: (ids) => [ids.proveedor],
    control: ok,
  },
};

const PAGING_HEADERS = ['content-type', 'x-pagina', 'x-tamano-pagina', 'x-total-registros', 'retry-after'];

function mask(body: string, ids: string[]): string {
  let out = body;
  for (const id of ids.flatMap(spellings).sort((a, b) => b.length - a.length)) out = out.split(id).join('<ID>');
  return out;
}

describe("tenant isolation (e2e): another tenant's identifier answers exactly like an unknown one", () => {
  let app: NestFastifyApplication;
  let operations: string[];
  const tokens: Record<string, string> = {};

  async function send(call: Call, token: string | undefined): Promise<InjectResult> {
    const res = await app.inject({
      method: call.method,
      url: call.url,
      payload: call.payload,
      headers: token && call.method === 'GET' ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: res.statusCode, headers: res.headers, body: res.body, json: () => JSON.parse(res.body) };
  }

  beforeAll(async () => {
    app = await createTestApp();
    tokens.andina = await login(app, ANDINA.usuarios![0].email, ANDINA.usuarios![0].password);
    tokens.pacifico = await login(app, PACIFICO.usuarios![0].email, PACIFICO.usuarios![0].password);
    const doc = JSON.parse((await app.inject({ method: 'GET', url: '/docs-json' })).body) as {
      paths: Record<string, Record<string, unknown>>;
    };
    operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
  });
  afterAll(async () => {
    await app?.close();
  });

  it('maps every operation of the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThanOrEqual(12);
    expect(operations.filter((op) => !(op in PROBES))).toEqual([]);
  });

  it('public operations show no tenant data', async () => {
    const everyUuid = [...uuidsOf(DATA)];
    for (const op of operations.filter((o) => PROBES[o] === null)) {
      const [method, path] = op.split(' ');
      // After tenant traffic, so per-route metrics have something to show.
      await send({ method: 'GET', url: `/pagoEmpleadoDetalles/${pagosOf(ANDINA)[1].empleados[0].uuid}` }, tokens.andina);
      const res = await send({ method: method as 'GET', url: path }, undefined);
      expect({ op, status: res.status }).toEqual({ op, status: 200 });
      const leaked = everyUuid.filter((u) => res.body.includes(hex(u).toUpperCase()) || res.body.includes(u));
      expect({ op, leaked }).toEqual({ op, leaked: [] });
    }
  });

  for (const [owner, ownerLabel] of [
    [ANDINA, 'Andina'],
    [INACTIVA, 'the inactive tenant'],
  ] as const) {
    it(`Pacífico's token with ${ownerLabel}'s identifiers: the same answer as unknown identifiers, leaking nothing`, async () => {
      const foreign = idsOf(owner, PACIFICO);
      const callerUuids = uuidsOf(PACIFICO);
      const ownerUuids = [...uuidsOf(owner)].filter((u) => !callerUuids.has(u));
      const checked: string[] = [];
      for (const op of operations) {
        const probe = PROBES[op];
        if (!probe) continue;
        const [a, b] = [await send(probe.call(foreign), tokens.pacifico), await send(probe.call(UNKNOWN), tokens.pacifico)];
        expect({ op, status: a.status }).toEqual({ op, status: b.status });
        expect(a.status).toBeLessThan(500);
        for (const h of PAGING_HEADERS) expect({ op, h, v: a.headers[h] }).toEqual({ op, h, v: b.headers[h] });
        const maskedA = mask(a.body, probe.echoes(foreign));
        expect({ op, body: maskedA }).toEqual({ op, body: mask(b.body, probe.echoes(UNKNOWN)) });
        // Nothing of the owner's data in the answer, in any spelling.
        const leaked = ownerUuids.filter((u) => maskedA.includes(hex(u).toUpperCase()) || maskedA.includes(u));
        expect({ op, leaked }).toEqual({ op, leaked: [] });
        if (owner === ANDINA && probe.control) {
          const res = await send(probe.call(foreign), tokens.andina);
          try {
            probe.control(res);
          } catch (err) {
            throw new Error(
              `${op}: positive control with Andina's own token failed (${res.status} ${res.body.slice(0, 200)}): ${(err as Error).message}`,
              { cause: err },
            );
          }
        }
        checked.push(op);
      }
      expect(checked.length).toBe(Object.values(PROBES).filter(Boolean).length);
    });
  }

  it("lists of one tenant never show another tenant's rows (both directions)", async () => {
    const lists = [
      `/pagos?${ESTADOS}&size=1000`,
      '/empleados?size=1000',
      '/vinculados',
      '/vinculados/desvinculados',
      '/gruposPagos/listagrupos',
      '/proveedor',
      '/pagoEmpleadoDetalles/conceptosacumulados/2000-01-01/2099-12-31/false?size=1000',
      '/reports/reportUtility?dateInitISO=2000-01-01T00:00:00.000Z&dateEndISO=2099-12-31T23:59:59.999Z&groupResult=false',
      '/reports/reportSalesByProduct?dateInitISO=2000-01-01T00:00:00.000Z&dateEndISO=2099-12-31T23:59:59.999Z&allBusiness=true',
      '/reports/reportSalesByCategory?dateInitISO=2000-01-01T00:00:00.000Z&dateEndISO=2099-12-31T23:59:59.999Z&allBusiness=true',
      '/pagoEmpleadoDetalles/conceptosacumulados/2000-01-01/2099-12-31/false/true',
    ];
    for (const [caller, other] of [
      ['pacifico', ANDINA],
      ['andina', PACIFICO],
    ] as const) {
      const callerData = caller === 'andina' ? ANDINA : PACIFICO;
      const own = uuidsOf(callerData);
      const foreign = [...uuidsOf(other), ...uuidsOf(INACTIVA)].filter((u) => !own.has(u));
      for (const url of lists) {
        const res = await send({ method: 'GET', url }, tokens[caller]);
        expect({ url, status: res.status }).toEqual({ url, status: 200 });
        expect(res.body.length).toBeGreaterThan(20);
        const leaks = foreign.filter((u) => res.body.includes(hex(u).toUpperCase()) || res.body.includes(u));
        expect({ caller, url, leaks }).toEqual({ caller, url, leaks: [] });
      }
    }
  });
});

import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { sign } from 'jsonwebtoken';
import {
  DETALLE_PAGO_WIRE_EXAMPLE,
  EMPLEADO_WIRE_EXAMPLE,
  PAGO_EMPLEADO_DETALLES_WIRE_EXAMPLE,
  PAGO_EMPLEADOS_WIRE_EXAMPLE,
  PAGOS_WIRE_EXAMPLE,
  VINCULADO_WIRE_EXAMPLE,
} from '@nomina-api/nomina/testing';
import { createTestApp, expectProblem, get, login, TEST_JWT_SECRET } from './support/test-app';

/**
 * Payroll lists on the shared example dataset: Andina (active), an inactive tenant and Pacífico
 * (active). Exact rules on hand-made data live in nomina-lists-dataset.e2e-spec.ts.
 */
const ANA = { email: 'ana.gomez@andina.example.co', password: 'a9jJ8y8Tcb#12' };
const MARTA = { email: 'marta.canas@pacifico.example.co', password: 'qgrPM2MPau%50' };
const INACTIVE = {
  tenant: 'BD644C3F703745118912A48F79E8AC14',
  user: 'a7de5b48-e5d8-4b89-83be-19091c52a784',
  business: 'f5db79b3-b40f-4cc3-9335-d0a401cf03fe',
};

const ANDINA_PAGO_FEB = 'edb3a93c-c8bc-4be2-a4c5-b8abb2a86588';
const ANDINA_PAGO_IN = 'E2CE5D71057A4376876B7A7645F4C1B4';
const ANDINA_PAGOS_NOT_IN = 24;
const PACIFICO_PAGO_SEP = '475743CB834C46D5AFBC6238BB4AB204';

const ROUTES = [
  '/pagos?params[estados]=PG',
  `/pagoEmpleados?params[pago]=${ANDINA_PAGO_FEB}`,
  `/pagoEmpleadoDetalles/${ANDINA_PAGO_FEB}`,
  `/pagoEmpleadoDetalles/detallePago/${ANDINA_PAGO_FEB}`,
  '/empleados',
  '/empleados/CC/8927601899',
];

describe('nómina lists on the example dataset (e2e)', () => {
  let app: NestFastifyApplication;
  let ana: string;
  let marta: string;

  beforeAll(async () => {
    app = await createTestApp();
    ana = await login(app, ANA.email, ANA.password);
    marta = await login(app, MARTA.email, MARTA.password);
  });
  afterAll(async () => {
    await app?.close();
  });

  describe('security', () => {
    it.each(ROUTES)('%s without a token → 401 problem+json', async (url) => {
      expectProblem(await get(app, url), 401, 'UNAUTHENTICATED');
    });

    it.each(ROUTES)('%s with a token of the inactive tenant → 401 "Tenant no existe o está inactivo"', async (url) => {
      const token = sign({ tid: INACTIVE.tenant, bid: INACTIVE.business }, TEST_JWT_SECRET, {
        algorithm: 'HS256',
        expiresIn: 300,
        issuer: 'nomina-read-api',
        audience: 'nomina-read-api',
        subject: INACTIVE.user,
      });
      const body = expectProblem(await get(app, url, token), 401, 'TENANT_INACTIVE');
      expect(body.detail).toBe('Tenant no existe o está inactivo');
    });
  });

  describe('GET /pagos', () => {
    it('excludes type IN and counts the rest of Andina', async () => {
      const res = await get(app, '/pagos?params[estados]=EP,PA,PP,PG,RE,AN&size=1000', ana);
      expect(res.status).toBe(200);
      const body = res.json();
      expect(body.total).toBe(ANDINA_PAGOS_NOT_IN);
      expect(body.contenido).toHaveLength(ANDINA_PAGOS_NOT_IN);
      expect(body.contenido.map((p: { uuid: string }) => p.uuid)).not.toContain(ANDINA_PAGO_IN);
      expect(body.contenido.map((p: { tipoPago: string }) => p.tipoPago)).not.toContain('IN');
      const inByName = (await get(app, '/pagos?params[estados]=PG&filter=Saldos%20iniciales', ana)).json();
      expect(inByName).toEqual({ contenido: [], error: null, advertencia: null, metadata: null, total: 0 });
    });

    it('default page of 20, newest period first; estados in lower case with spaces', async () => {
      const all = (await get(app, '/pagos?params[estados]=%20ep%20,Pa,pp,PG,re,an%20', ana)).json();
      expect(all.contenido).toHaveLength(20);
      expect(all.total).toBe(ANDINA_PAGOS_NOT_IN);
      expect(all.contenido[0]).toMatchObject({ ano: 2024, mes: 1, estado: 'EP' });
      const paid = (await get(app, '/pagos?params[estados]=%20pg%20,pp&size=1000', ana)).json();
      expect(paid.total).toBe(18);
      expect(paid.contenido[0]).toMatchObject({ ano: 2023, mes: 11, estado: 'PP' });
      expect(new Set(paid.contenido.map((p: { estado: string }) => p.estado))).toEqual(new Set(['PG', 'PP']));
    });

    it('absent params[estados] → 500 problem+json; unknown → 400', async () => {
      const body = expectProblem(await get(app, '/pagos', ana), 500, 'ESTADOS_REQUERIDO');
      expect(body.detail).toContain('params[estados] es obligatorio');
      expect(body.instance).toBe('/pagos');
      expectProblem(await get(app, '/pagos?params[estados]=PG,ZZ', ana), 400, 'VALIDATION');
    });

    it("checks the operation's own parameter before the list's (the problem the legacy order gave)", async () => {
      expectProblem(await get(app, '/pagos?size=x&sort=nope', ana), 500, 'ESTADOS_REQUERIDO');
      const estados = expectProblem(await get(app, '/pagos?params[estados]=ZZ&size=x', ana), 400, 'VALIDATION');
      expect(estados.errors.map((e: { field: string }) => e.field)).toEqual(['params[estados]']);
      const pago = expectProblem(await get(app, '/pagoEmpleados?params[pago]=nope&size=x', ana), 400, 'VALIDATION');
      expect(pago.errors.map((e: { field: string }) => e.field)).toEqual(['params[pago]']);
    });

    it('filter "perez" finds payments through employees named Pérez; description matches ignore accents', async () => {
      const perez = (await get(app, '/pagos?params[estados]=EP,PA,PP,PG,RE,AN&filter=perez&size=0', ana)).json();
      expect(perez.total).toBeGreaterThan(10);
      const desc = (await get(app, '/pagos?params[estados]=PG&filter=NOMINA%20MENSUAL%20FEBRERO', ana)).json();
      expect(desc.contenido.map((p: { uuid: string }) => p.uuid)).toEqual(['EDB3A93CC8BC4BE2A4C5B8ABB2A86588']);
    });

    it('each tenant sees only its own payments', async () => {
      const body = (await get(app, '/pagos?params[estados]=EP,PA,PP,PG,RE,AN&size=1000', marta)).json();
      expect(body.total).toBe(4);
      expect(body.contenido.map((p: { uuid: string }) => p.uuid)).toContain(PACIFICO_PAGO_SEP);
      expect(body.contenido.map((p: { uuid: string }) => p.uuid)).not.toContain('EDB3A93CC8BC4BE2A4C5B8ABB2A86588');
    });
  });

  describe('foreign uuids behave like unknown ones', () => {
    it('payslips of a foreign payment → 200 empty; its concept totals and payslip lines → 404', async () => {
      const mine = (await get(app, `/pagoEmpleados?params[pago]=${ANDINA_PAGO_FEB}&size=1`, ana)).json();
      expect(mine.total).toBe(36);
      const payslip: string = mine.contenido[0].uuid;
      expect((await get(app, `/pagoEmpleados?params[pago]=${ANDINA_PAGO_FEB}`, marta)).json()).toEqual({
        contenido: [],
        error: null,
        advertencia: null,
        metadata: null,
        total: 0,
      });
      expectProblem(await get(app, `/pagoEmpleadoDetalles/detallePago/${ANDINA_PAGO_FEB}`, marta), 404, 'PAGO_NO_ENCONTRADO');
      expectProblem(await get(app, `/pagoEmpleadoDetalles/${payslip}`, marta), 404, 'PAGO_EMPLEADO_NO_ENCONTRADO');
      expect((await get(app, `/pagoEmpleadoDetalles/${payslip.toLowerCase()}`, ana)).status).toBe(200);
    });

    it('an employee document of another tenant → 404; the same document in both tenants gives each its own person', async () => {
      expectProblem(await get(app, '/empleados/CC/8927601899', marta), 404, 'EMPLEADO_NO_ENCONTRADO');
      const andina = (await get(app, '/empleados/CC/59275247', ana)).json().contenido[0];
      const pacifico = (await get(app, '/empleados/CC/59275247', marta)).json().contenido[0];
      expect(andina.nombreCompleto).toBe(pacifico.nombreCompleto);
      expect(andina.empleadoUuid).toBe('D77FBC98B0E14536B92F0E5B455840AA');
      expect(pacifico.empleadoUuid).toBe('2141D0A9BED74539912881AF55F0C722');
    });
  });

  describe('wire bytes', () => {
    it('GET /empleados/CC/8927601899: 1.8404777E7 and T05:00:00.000+0000 exactly as the Java service wrote them', async () => {
      const res = await get(app, '/empleados/CC/8927601899', ana);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.body).toBe(
        '{"contenido":[{"empleadoUuid":"21E10C42C883413CB0930C65F1B7ACD9","identificacion":"8927601899","vinculadoUuid":"2B7EA90DC87745C29FD1938A366C8206",' +
          '"tipoDocumento":"CC","nombreCompleto":"Esteban Pérez Zapata","fechaIngreso":"2021-05-22T05:00:00.000+0000","fechaRetiro":null,' +
          '"salarioBase":1.8404777E7,"salarioIntegral":true,"tipoCotizante":"Dependiente"}],"error":null,"advertencia":null,"metadata":null,"total":1}',
      );
    });

    it('the real examples shown in the OpenAPI descriptions are what the service answers', async () => {
      const cases: [string, string][] = [
        ['/pagos?params[estados]=PG,PP&filter=febrero&size=2', PAGOS_WIRE_EXAMPLE],
        [`/pagoEmpleados?params[pago]=${ANDINA_PAGO_FEB}&filter=perez&size=1`, PAGO_EMPLEADOS_WIRE_EXAMPLE],
        ['/pagoEmpleadoDetalles/AA127C7D70004A55822DE206B914F0E4', PAGO_EMPLEADO_DETALLES_WIRE_EXAMPLE],
        [`/pagoEmpleadoDetalles/detallePago/${ANDINA_PAGO_FEB}`, DETALLE_PAGO_WIRE_EXAMPLE],
        ['/empleados/CC/8927601899', EMPLEADO_WIRE_EXAMPLE],
        ['/vinculados/2B7EA90DC87745C29FD1938A366C8206', VINCULADO_WIRE_EXAMPLE],
      ];
      for (const [url, body] of cases) expect((await get(app, url, ana)).body).toBe(body);
    });

    it('a payment header element has the contract fields in the contract order', async () => {
      const body = (await get(app, '/pagos?params[estados]=PG&filter=febrero%202023&sort=ano', ana)).json();
      const el = body.contenido.find((p: { uuid: string }) => p.uuid === 'EDB3A93CC8BC4BE2A4C5B8ABB2A86588');
      expect(Object.keys(el)).toEqual([
        'uuid',
        'ano',
        'mes',
        'descripcion',
        'fechaDesde',
        'fechaHasta',
        'fechaPago',
        'estado',
        'tipoPago',
        'definitivo',
        'incluirPrima',
        'incluirInteresesCesantias',
        'generoPlano',
        'egresoConErrores',
        'pendienteGenerarEgreso',
        'pendienteGenerarIngreso',
        'ingresoConErrores',
        'totalDevengados',
        'totalDeducciones',
        'totalNeto',
        'numeroEmpleados',
        'grupoPago',
      ]);
      expect(el.grupoPago).toEqual({ uuid: '910205DBD16A48EA929D79B4A4FAC3F6', codigo: 'ADM', nombre: 'Administrativos' });
      expect(el.numeroEmpleados).toBe(36);
    });
  });

  describe('OpenAPI', () => {
    it('documents params[estados] (brackets literal), the list parameters, the 500 and the legacy formats', async () => {
      const doc = (await get(app, '/docs-json')).json();
      const op = doc.paths['/pagos'].get;
      const names = op.parameters.map((p: { name: string }) => p.name);
      expect(names).toEqual(expect.arrayContaining(['params[estados]', 'offset', 'size', 'page', 'filter', 'sort']));
      expect(op.parameters.find((p: { name: string }) => p.name === 'params[estados]').required).toBe(true);
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '500']));
      expect(op.responses['500'].content['application/problem+json'].example.code).toBe('ESTADOS_REQUERIDO');
      const pago = doc.components.schemas.PagoDto.properties;
      expect(pago.totalDevengados).toMatchObject({ type: 'number', example: 18404777 });
      expect(pago.fechaDesde).toMatchObject({ type: 'string', example: '2024-01-31T05:00:00.000+0000' });
      for (const path of [
        '/pagoEmpleados',
        '/pagoEmpleadoDetalles/{uuidPagoEmpleado}',
        '/pagoEmpleadoDetalles/detallePago/{idPago}',
        '/empleados',
        '/empleados/{tipoDocumento}/{identificacion}',
      ]) {
        expect(doc.paths[path]?.get?.responses?.['200']).toBeDefined();
      }
      expect(doc.paths['/pagoEmpleadoDetalles/{uuidPagoEmpleado}'].get.responses['404']).toBeDefined();
    });
  });
});

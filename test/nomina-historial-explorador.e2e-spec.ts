import { readFileSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Client } from 'pg';
import type { Dataset, EmpleadoInput, PagoInput, TenantInput } from '@nomina-api/importer/dataset.types';
import { CONCEPTO_ROLLUP_DIFF } from './support/merge-compare';
import { createTestApp, expectProblem, get, login } from './support/test-app';

/**
 * CONTRACT §11.2 on the shared example dataset: GET /empleados/{uuid}, GET /pagos/{uuid}, a
 * person's payslip history and the per-concept explorer. Every expected element is computed here
 * from the dataset file (exact cents and 10⁻⁴ units, the contract's orders), never by the
 * service's SQL. Exports and ETags of these reads are in exports.e2e-spec.ts and
 * conditional-requests.e2e-spec.ts; other tenants' ids in tenant-isolation.e2e-spec.ts.
 */

const DATA = JSON.parse(readFileSync(join(__dirname, 'fixtures', 'example-dataset.json'), 'utf8')) as Dataset;
const ANDINA = DATA.tenants.find((t) => t.uuid === '0ee9a9bb-2b87-43f0-82f5-d431917734f8')!;
const PACIFICO = DATA.tenants.find((t) => t.uuid === 'eefc7a24-ca77-4617-a19b-5632192302e1')!;
const ANA = { email: 'ana.gomez@andina.example.co', password: 'a9jJ8y8Tcb#12' };

const hex = (u: string): string => u.replace(/-/g, '').toLowerCase();
const wire = (u: string): string => hex(u).toUpperCase();
const canon = (u: string): string => hex(u).replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
const cents = (v: number): number => Math.round(v * 100);
const units = (v: number): number => Math.round(v * 10_000);
const legacyDay = (d: string): string => `${d}T05:00:00.000+0000`;
/** The database's app_fold (lower(unaccent(...))) for the names of the dataset. */
const fold = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
/** Byte order of UTF-8 text (collate "C"): code point order. */
const byteCompare = (a: string, b: string): number => {
  const x = [...a].map((c) => c.codePointAt(0)!);
  const y = [...b].map((c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
};

const pagosOf = (t: TenantInput): PagoInput[] => Array.from(t.pagos ?? []);
const empleadosOf = (t: TenantInput): EmpleadoInput[] => Array.from(t.empleados ?? []);
const nombreCompleto = (e: EmpleadoInput): string => `${e.nombres} ${e.apellidos}`;

/** Bond (hex) → its person. */
function bondOwners(t: TenantInput): Map<string, EmpleadoInput> {
  const owners = new Map<string, EmpleadoInput>();
  for (const e of empleadosOf(t)) for (const v of e.vinculaciones) owners.set(hex(v.uuid), e);
  return owners;
}

/** A payslip's DEVENGADO / DEDUCCION sums in cents, from its lines. */
function payslipTotals(t: TenantInput, detalles: PagoInput['empleados'][number]['detalles']): { dev: number; ded: number } {
  const tipo = new Map((t.conceptos ?? []).map((c) => [c.codigo, c.tipo]));
  let dev = 0;
  let ded = 0;
  for (const d of detalles) {
    if (tipo.get(d.concepto) === 'DEVENGADO') dev += cents(d.valor);
    else ded += cents(d.valor);
  }
  return { dev, ded };
}

interface Slip {
  uuid: string;
  uuidPago: string;
  ano: number;
  mes: number;
  descripcionPago: string;
  fechaDesde: string;
  fechaHasta: string;
  fechaPago: string;
  estado: string;
  tipoPago: string;
  definitivo: boolean;
  uuidVinculado: string;
  salarioBase: number;
  diasTrabajados: number;
  dev: number;
  ded: number;
}

/** Every payslip of the person in payments not of type IN, in the default order (fechaDesde desc, fechaPago desc, uuid). */
function historial(t: TenantInput, empleado: EmpleadoInput): Slip[] {
  const bonds = new Set(empleado.vinculaciones.map((v) => hex(v.uuid)));
  const slips: Slip[] = [];
  for (const p of pagosOf(t)) {
    if (p.tipoPago === 'IN') continue;
    for (const pe of p.empleados) {
      if (!bonds.has(hex(pe.vinculacion))) continue;
      slips.push({
        uuid: hex(pe.uuid),
        uuidPago: hex(p.uuid),
        ano: p.ano,
        mes: p.mes,
        descripcionPago: p.descripcion,
        fechaDesde: p.fechaDesde,
        fechaHasta: p.fechaHasta,
        fechaPago: p.fechaPago,
        estado: p.estado,
        tipoPago: p.tipoPago,
        definitivo: p.definitivo,
        uuidVinculado: hex(pe.vinculacion),
        salarioBase: pe.salarioBase,
        diasTrabajados: pe.diasTrabajados ?? 30,
        ...payslipTotals(t, pe.detalles),
      });
    }
  }
  return slips.sort(
    (a, b) => byteCompare(b.fechaDesde, a.fechaDesde) || byteCompare(b.fechaPago, a.fechaPago) || byteCompare(a.uuid, b.uuid),
  );
}

/** The wire element as parsed JSON, field by field in the contract's order. */
function historialElement(s: Slip): Record<string, unknown> {
  return {
    uuid: wire(s.uuid),
    uuidPago: wire(s.uuidPago),
    ano: s.ano,
    mes: s.mes,
    descripcionPago: s.descripcionPago,
    fechaDesde: legacyDay(s.fechaDesde),
    fechaHasta: legacyDay(s.fechaHasta),
    fechaPago: legacyDay(s.fechaPago),
    estado: s.estado,
    tipoPago: s.tipoPago,
    definitivo: s.definitivo,
    uuidVinculado: wire(s.uuidVinculado),
    salarioBase: s.salarioBase,
    diasTrabajados: s.diasTrabajados,
    totalDevengados: s.dev / 100,
    totalDeducciones: s.ded / 100,
    totalNeto: (s.dev - s.ded) / 100,
  };
}

interface Pair {
  codigo: string;
  nombre: string;
  tipo: string;
  bond: string;
  empleado: EmpleadoInput;
  units: number;
  cents: number;
}

/**
 * The explorer's pairs (concept, bond) of a range (CONTRACT §11.2 / §3.7: definitive payments whose
 * fechaDesde is in the range, estado not looked at, type IN included), in the contract's order.
 */
function explorerPairs(t: TenantInput, desde: string, hasta: string, aportes: boolean): Pair[] {
  const conceptos = new Map((t.conceptos ?? []).map((c) => [c.codigo, c]));
  const owners = bondOwners(t);
  const pairs = new Map<string, Pair>();
  for (const p of pagosOf(t)) {
    if (!p.definitivo || p.fechaDesde < desde || p.fechaDesde > hasta) continue;
    for (const pe of p.empleados) {
      for (const d of pe.detalles) {
        const c = conceptos.get(d.concepto)!;
        if (aportes && !c.baseAportes) continue;
        const key = `${c.codigo}|${hex(pe.vinculacion)}`;
        let pair = pairs.get(key);
        if (!pair) {
          const empleado = owners.get(hex(pe.vinculacion))!;
          pair = { codigo: c.codigo, nombre: c.nombre, tipo: c.tipo, bond: hex(pe.vinculacion), empleado, units: 0, cents: 0 };
          pairs.set(key, pair);
        }
        pair.units += units(d.cantidad ?? 0);
        pair.cents += cents(d.valor);
      }
    }
  }
  const tipoOrder = (tipo: string): number => (tipo === 'DEVENGADO' ? 0 : 1);
  return [...pairs.values()].sort(
    (a, b) =>
      tipoOrder(a.tipo) - tipoOrder(b.tipo) ||
      byteCompare(a.codigo, b.codigo) ||
      byteCompare(fold(nombreCompleto(a.empleado)), fold(nombreCompleto(b.empleado))) ||
      byteCompare(nombreCompleto(a.empleado), nombreCompleto(b.empleado)) ||
      byteCompare(a.bond, b.bond),
  );
}

function porContactoElements(pairs: Pair[]): Record<string, unknown>[] {
  return pairs.map((p) => ({
    codigoConcepto: p.codigo,
    nombreConcepto: p.nombre,
    tipo: p.tipo,
    uuidVinculado: wire(p.bond),
    uuidEmpleado: wire(p.empleado.uuid),
    id: p.empleado.identificacion,
    nombreCompleto: nombreCompleto(p.empleado),
    cantidad: p.units / 10_000,
    valor: p.cents / 100,
    numeroEmpleados: 1,
  }));
}

function porConceptoElements(pairs: Pair[]): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const p of pairs) {
    const last = out.at(-1);
    if (last?.codigoConcepto === p.codigo) {
      last.cantidad = (last.cantidad as number) + p.units;
      last.valor = (last.valor as number) + p.cents;
      last.numeroEmpleados = (last.numeroEmpleados as number) + 1;
    } else {
      out.push({ codigoConcepto: p.codigo, nombreConcepto: p.nombre, tipo: p.tipo, cantidad: p.units, valor: p.cents, numeroEmpleados: 1 });
    }
  }
  return out.map((e) => ({ ...e, cantidad: (e.cantidad as number) / 10_000, valor: (e.valor as number) / 100 }));
}

const EXPLORER = '/pagoEmpleadoDetalles/conceptosacumulados';

/** Sends a GET over a real socket and closes it at once, before any byte of the answer; resolves once closed and settled. */
function hangUp(port: number, path: string, token: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.end(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n\r\n`);
      socket.destroy();
    });
    socket.on('error', reject);
    // Give the server time to run the handler into the closed response.
    socket.on('close', () => setTimeout(resolve, 300));
  });
}
const EMPTY = '{"contenido":[],"error":null,"advertencia":null,"metadata":null,"total":0}';

describe('§11.2 people, payments, payslip history and the per-concept explorer (e2e)', () => {
  let app: NestFastifyApplication;
  let ana: string;
  let marta: string;

  beforeAll(async () => {
    app = await createTestApp();
    ana = await login(app, ANA.email, ANA.password);
    marta = await login(app, 'marta.canas@pacifico.example.co', 'qgrPM2MPau%50');
  });
  afterAll(async () => {
    await app?.close();
  });

  describe('GET /empleados/{uuid}', () => {
    it('answers exactly what GET /empleados/{tipoDocumento}/{identificacion} answers, in any uuid spelling', async () => {
      // Every person of Andina: one with two bonds, one without payslips, the rest.
      for (const e of empleadosOf(ANDINA)) {
        const byDocument = await get(app, `/empleados/${e.tipoDocumento}/${encodeURIComponent(e.identificacion)}`, ana);
        expect(byDocument.status).toBe(200);
        for (const spelling of [wire(e.uuid), canon(e.uuid), hex(e.uuid)]) {
          const res = await get(app, `/empleados/${spelling}`, ana);
          expect({ spelling, status: res.status, body: res.body }).toEqual({ spelling, status: 200, body: byDocument.body });
        }
      }
    });

    it('the person with two bonds carries the most recent one', async () => {
      const raul = empleadosOf(ANDINA).find((e) => e.vinculaciones.length > 1)!;
      const latest = [...raul.vinculaciones].sort((a, b) => byteCompare(b.fechaIngreso, a.fechaIngreso))[0];
      const body = (await get(app, `/empleados/${raul.uuid}`, ana)).json();
      expect(body.total).toBe(1);
      expect(body.contenido[0]).toMatchObject({
        empleadoUuid: wire(raul.uuid),
        vinculadoUuid: wire(latest.uuid),
        nombreCompleto: nombreCompleto(raul),
        fechaIngreso: legacyDay(latest.fechaIngreso),
      });
    });

    it('a value that is not a uuid is 400 (the two-segment route keeps its answers); unknown or foreign → 404', async () => {
      const bad = expectProblem(await get(app, '/empleados/CC', ana), 400, 'VALIDATION');
      expect(bad.errors).toEqual([{ field: 'uuid', message: expect.stringContaining('uuid') }]);
      expect((await get(app, '/empleados/CC/8927601899', ana)).status).toBe(200);
      const unknown = expectProblem(await get(app, '/empleados/7f1d6c2e-5b1a-4c3e-9d2f-0a1b2c3d4e5f', ana), 404, 'EMPLEADO_NO_ENCONTRADO');
      expect(unknown.detail).toContain('7F1D6C2E5B1A4C3E9D2F0A1B2C3D4E5F');
      const foreign = empleadosOf(PACIFICO)[0];
      expectProblem(await get(app, `/empleados/${foreign.uuid}`, ana), 404, 'EMPLEADO_NO_ENCONTRADO');
      expect((await get(app, `/empleados/${foreign.uuid}`, marta)).status).toBe(200);
    });
  });

  describe('GET /pagos/{uuid}', () => {
    it('is the element of GET /pagos, byte for byte, for every payment not of type IN; params[actualizarPago] changes nothing', async () => {
      const list = await get(app, '/pagos?params[estados]=EP,PA,PP,PG,RE,AN&size=1000', ana);
      const elements = list.json().contenido as { uuid: string }[];
      expect(elements).toHaveLength(pagosOf(ANDINA).filter((p) => p.tipoPago !== 'IN').length);
      for (const el of elements) {
        const res = await get(app, `/pagos/${canon(el.uuid)}`, ana);
        expect(res.status).toBe(200);
        const one = res.json();
        expect(one).toEqual({ contenido: [el], error: null, advertencia: null, metadata: null, total: 1 });
        // The same bytes as in the list (Java doubles, dates at 05:00 UTC).
        const text = res.body.slice('{"contenido":['.length, res.body.lastIndexOf('],"error"'));
        expect(list.body).toContain(text);
        expect((await get(app, `/pagos/${el.uuid}?params[actualizarPago]=true`, ana)).body).toBe(res.body);
      }
    });

    it('a payment of type IN is 404, as an unknown or foreign one; a value that is not a uuid is 400', async () => {
      const initial = pagosOf(ANDINA).find((p) => p.tipoPago === 'IN')!;
      expectProblem(await get(app, `/pagos/${initial.uuid}`, ana), 404, 'PAGO_NO_ENCONTRADO');
      expectProblem(await get(app, '/pagos/7f1d6c2e-5b1a-4c3e-9d2f-0a1b2c3d4e5f', ana), 404, 'PAGO_NO_ENCONTRADO');
      expectProblem(await get(app, `/pagos/${pagosOf(PACIFICO)[0].uuid}`, ana), 404, 'PAGO_NO_ENCONTRADO');
      const bad = expectProblem(await get(app, '/pagos/nominaelectronica', ana), 400, 'VALIDATION');
      expect(bad.errors.map((e: { field: string }) => e.field)).toEqual(['uuid']);
    });
  });

  describe('GET /pagoEmpleados/{uuidEmpleado}/historialPagos', () => {
    const byPayslips = [...empleadosOf(ANDINA)].sort((a, b) => historial(ANDINA, b).length - historial(ANDINA, a).length);
    const most = byPayslips[0];
    const raul = empleadosOf(ANDINA).find((e) => e.vinculaciones.length > 1)!;
    const url = (e: EmpleadoInput, query = ''): string => `/pagoEmpleados/${e.uuid}/historialPagos${query}`;

    it('every payslip of the person in payments not of type IN, field by field, newest period first', async () => {
      for (const e of [most, raul]) {
        const expected = historial(ANDINA, e);
        expect(expected.length).toBeGreaterThan(5);
        const body = (await get(app, url(e, '?size=1000'), ana)).json();
        expect(body.total).toBe(expected.length);
        expect(body.contenido).toEqual(expected.map(historialElement));
        expect(Object.keys(body.contenido[0])).toEqual(Object.keys(historialElement(expected[0])));
      }
      // Both bonds of the person appear.
      const bonds = new Set((await get(app, url(raul, '?size=1000'), ana)).json().contenido.map((s: Slip) => s.uuidVinculado));
      expect(bonds).toEqual(new Set(raul.vinculaciones.map((v) => wire(v.uuid))));
    });

    it('default page of 20 and paging; sort replaces the order, the payslip uuid ends it', async () => {
      const expected = historial(ANDINA, most).map(historialElement);
      const first = (await get(app, url(most), ana)).json();
      expect(first.contenido).toEqual(expected.slice(0, 20));
      const page = (await get(app, url(most, '?offset=3&size=4'), ana)).json();
      expect(page).toMatchObject({ total: expected.length, contenido: expected.slice(3, 7) });
      const none = (await get(app, url(most, '?size=0'), ana)).json();
      expect(none).toEqual({ contenido: [], error: null, advertencia: null, metadata: null, total: expected.length });
      const byNeto = [...expected].sort(
        (a, b) => (b.totalNeto as number) - (a.totalNeto as number) || byteCompare(hex(a.uuid as string), hex(b.uuid as string)),
      );
      expect((await get(app, url(most, '?size=1000&sort=totalNeto,desc'), ana)).json().contenido).toEqual(byNeto);
      const byTipo = [...expected].sort(
        (a, b) =>
          byteCompare(a.tipoPago as string, b.tipoPago as string) ||
          (b.ano as number) - (a.ano as number) ||
          byteCompare(hex(a.uuid as string), hex(b.uuid as string)),
      );
      expect((await get(app, url(most, '?size=1000&sort=tipoPago&sort=ano,DESC'), ana)).json().contenido).toEqual(byTipo);
    });

    it('params[estados] (optional) and filter on the payment description', async () => {
      const expected = historial(ANDINA, most).map(historialElement);
      const paid = (await get(app, url(most, '?size=1000&params[estados]=%20pg%20,pp'), ana)).json();
      expect(paid.contenido).toEqual(expected.filter((s) => s.estado === 'PG' || s.estado === 'PP'));
      expect(paid.total).toBeLessThan(expected.length);
      const febrero = (await get(app, url(most, '?size=1000&filter=FEBRERO'), ana)).json();
      expect(febrero.contenido).toEqual(expected.filter((s) => fold(s.descripcionPago as string).includes('febrero')));
      expect(febrero.total).toBe(1);
      const prima = (await get(app, url(most, '?size=1000&filter=prima&params[estados]=PA'), ana)).json();
      expect(prima.contenido).toEqual(expected.filter((s) => fold(s.descripcionPago as string).includes('prima') && s.estado === 'PA'));
    });

    it('400 for a path that is not a uuid, an empty or unknown estado, a bad sort; 404 for an unknown or foreign person; 200 empty for a person without payslips', async () => {
      const path = expectProblem(await get(app, '/pagoEmpleados/12345/historialPagos?size=x', ana), 400, 'VALIDATION');
      expect(path.errors.map((e: { field: string }) => e.field)).toEqual(['uuidEmpleado']);
      const empty = expectProblem(await get(app, url(most, '?params[estados]='), ana), 400, 'VALIDATION');
      expect(empty.errors.map((e: { field: string }) => e.field)).toEqual(['params[estados]']);
      expectProblem(await get(app, url(most, '?params[estados]=PG,XX'), ana), 400, 'VALIDATION');
      const sort = expectProblem(await get(app, url(most, '?sort=nombreCompleto'), ana), 400, 'VALIDATION');
      expect(sort.errors[0].message).toContain(
        'ano, mes, fechaDesde, fechaPago, estado, tipoPago, totalDevengados, totalDeducciones, totalNeto',
      );
      expectProblem(
        await get(app, '/pagoEmpleados/7f1d6c2e-5b1a-4c3e-9d2f-0a1b2c3d4e5f/historialPagos', ana),
        404,
        'EMPLEADO_NO_ENCONTRADO',
      );
      expectProblem(await get(app, url(empleadosOf(PACIFICO)[0]), ana), 404, 'EMPLEADO_NO_ENCONTRADO');
      // A filter that matches nothing is still 200 for a known person.
      expect((await get(app, url(most, '?filter=zzzz'), ana)).body).toBe(EMPTY);
      const sinNominas = empleadosOf(ANDINA).find((e) => historial(ANDINA, e).length === 0)!;
      expect((await get(app, url(sinNominas), ana)).body).toBe(EMPTY);
    });
  });

  describe('GET …/conceptosacumulados/{fechaDesde}/{fechaHasta}/{isDetalleParaAportes}/{porContacto}', () => {
    // A calendar year (the yearly rollup alone), days inside one year (the lines alone), and a range
    // with a whole year and partial years at both ends (both sources summed).
    const RANGES: [string, string][] = [
      ['2023-01-01', '2023-12-31'],
      ['2022-12-01', '2023-06-15'],
      ['2022-06-01', '2024-01-15'],
      ['2021-01-01', '2024-12-31'],
      ['2023-05-01', '2023-05-01'],
    ];

    it.each(RANGES)('%s..%s: every element field by field, both sources, both forms', async (desde, hasta) => {
      for (const aportes of [false, true]) {
        const pairs = explorerPairs(ANDINA, desde, hasta, aportes);
        expect(pairs.length).toBeGreaterThan(0);
        const contacto = await get(app, `${EXPLORER}/${desde}/${hasta}/${aportes}/true`, ana);
        expect(contacto.status).toBe(200);
        expect(contacto.json()).toEqual({
          contenido: porContactoElements(pairs),
          error: null,
          advertencia: null,
          metadata: null,
          total: pairs.length,
        });
        const concepto = await get(app, `${EXPLORER}/${desde}/${hasta}/${aportes}/false`, ana);
        const expected = porConceptoElements(pairs);
        expect(concepto.json()).toEqual({ contenido: expected, error: null, advertencia: null, metadata: null, total: expected.length });
        if (aportes) {
          const base = new Set((ANDINA.conceptos ?? []).filter((c) => c.baseAportes).map((c) => c.codigo));
          expect(expected.every((e) => base.has(e.codigoConcepto as string))).toBe(true);
        }
      }
    });

    it('writes the legacy Java layout: counters and quantities as doubles, large sums in scientific notation', async () => {
      const res = await get(app, `${EXPLORER}/2023-01-01/2023-12-31/false/true`, ana);
      expect(res.body).toMatch(
        /^\{"contenido":\[\{"codigoConcepto":"001","nombreConcepto":"[^"]+","tipo":"DEVENGADO","uuidVinculado":"[0-9A-F]{32}","uuidEmpleado":"[0-9A-F]{32}","id":"/,
      );
      expect(res.body).toContain('"numeroEmpleados":1.0}');
      const byConcept = await get(app, `${EXPLORER}/2023-01-01/2023-12-31/false/false`, ana);
      expect(byConcept.body).toMatch(
        /"codigoConcepto":"001","nombreConcepto":"Sueldo básico","tipo":"DEVENGADO","cantidad":[0-9.]+,"valor":[0-9]\.[0-9]+E[0-9]+,"numeroEmpleados":[0-9]+\.0\}/,
      );
      expect(
        byConcept.body.endsWith(`],"error":null,"advertencia":null,"metadata":null,"total":${byConcept.json().contenido.length}}`),
      ).toBe(true);
    });

    it('a range without definitive payments is 200 and empty; flags in any case; offset/size/filter/sort do not apply', async () => {
      expect((await get(app, `${EXPLORER}/1990-01-01/1990-12-31/false/true`, ana)).body).toBe(EMPTY);
      // The draft of January 2024 is not definitive.
      expect((await get(app, `${EXPLORER}/2024-01-02/2024-01-31/true/false`, ana)).body).toBe(EMPTY);
      const base = await get(app, `${EXPLORER}/2023-01-01/2023-12-31/false/true`, ana);
      expect((await get(app, `${EXPLORER}/2023-01-01/2023-12-31/FALSE/True?offset=5&size=1&filter=zz&sort=x`, ana)).body).toBe(base.body);
    });

    it('other tenants see only their own data', async () => {
      const mine = explorerPairs(PACIFICO, '2023-01-01', '2023-12-31', false);
      const body = (await get(app, `${EXPLORER}/2023-01-01/2023-12-31/false/true`, marta)).json();
      expect(body.contenido).toEqual(porContactoElements(mine));
    });

    it('400 names every bad path value and its accepted form', async () => {
      const all = expectProblem(await get(app, `${EXPLORER}/2023-02-30/2023-13-01/si/quizas`, ana), 400, 'VALIDATION');
      expect(all.errors.map((e: { field: string }) => e.field)).toEqual([
        'fechaDesde',
        'fechaHasta',
        'isDetalleParaAportes',
        'porContacto',
      ]);
      expect(all.errors[3].message).toBe('Debe ser true o false (sin distinguir mayúsculas), p. ej. false; se recibió "quizas".');
      const inverted = expectProblem(await get(app, `${EXPLORER}/2023-12-31/2023-01-01/false/false`, ana), 400, 'VALIDATION');
      expect(inverted.errors.map((e: { field: string }) => e.field)).toEqual(['fechaDesde']);
    });

    it('a body never read (HEAD, a client gone before the first byte) frees its connection (pool of one)', async () => {
      const small = await createTestApp({ DB_POOL_MAX: '1' });
      try {
        const headers = { authorization: `Bearer ${ana}` };
        for (const url of [
          `${EXPLORER}/2021-01-01/2024-12-31/false/true`,
          `${EXPLORER}/2021-01-01/2024-12-31/false/false`,
          `${EXPLORER}/2021-01-01/2024-12-31/false/true?format=csv`,
          `/pagoEmpleados/${empleadosOf(ANDINA)[0].uuid}/historialPagos?format=xlsx`,
        ]) {
          const head = await small.inject({ method: 'HEAD', url, headers });
          expect({ url, status: head.statusCode }).toEqual({ url, status: 200 });
        }
        // Clients that hang up right after sending the request: the handler's stream is handed to a closed response.
        await small.listen({ port: 0, host: '127.0.0.1' });
        const { port } = small.getHttpServer().address() as AddressInfo;
        for (let i = 0; i < 3; i++) await hangUp(port, `${EXPLORER}/2021-01-01/2024-12-31/false/true`, ana);
        // The whole bond list is written from a cursor the same way (nominaListOrWhole).
        for (let i = 0; i < 2; i++) await hangUp(port, '/vinculados', ana);
        // With the only connection left behind this would wait for the pool and fail.
        const after = await get(small, `${EXPLORER}/2023-01-01/2023-12-31/false/false`, ana);
        expect(after.status).toBe(200);
        expect(after.json().total).toBeGreaterThan(0);
      } finally {
        await small.close();
      }
    });

    it('the yearly rollup the import summed is the rollup of the stored lines (its SQL form)', async () => {
      const client = new Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      try {
        const diff = await client.query<{ n: number }>(CONCEPTO_ROLLUP_DIFF);
        expect(diff.rows[0].n).toBe(0);
        const rows = await client.query<{ n: number }>('select count(*)::int as n from vinculacion_concepto_anual');
        expect(rows.rows[0].n).toBeGreaterThan(100);
      } finally {
        await client.end();
      }
    });
  });
});

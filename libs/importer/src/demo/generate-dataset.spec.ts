import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { Dataset, PagoInput, TenantInput, VentaInput } from '../dataset.types';
import { DATASET_SCHEMA } from '../schema-validation';
import { DEMO_LOGINS, datasetStats, generateDataset, materializeDataset } from './generate-dataset';
import { dianCheckDigit } from './suppliers';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ACCENTED = /[áéíóúÁÉÍÓÚñÑü]/;

const pagosOf = (t: TenantInput): PagoInput[] => (t.pagos ?? []) as PagoInput[];
const ventasOf = (t: TenantInput): VentaInput[] => (t.ventas ?? []) as VentaInput[];
const hasAtMostDecimals = (x: number, k: number): boolean => Number.isFinite(x) && Number(x.toFixed(k)) === x;
const key = (u: string): string => u.replace(/-/g, '').toLowerCase();

function take<T>(it: Iterable<T>, n: number): T[] {
  const out: T[] = [];
  for (const x of it) {
    out.push(x);
    if (out.length === n) break;
  }
  return out;
}

function deducciones(p: PagoInput, tenant: TenantInput): number {
  const tipos = new Map((tenant.conceptos ?? []).map((c) => [c.codigo, c.tipo]));
  let cents = 0;
  for (const e of p.empleados) for (const d of e.detalles) if (tipos.get(d.concepto) === 'DEDUCCION') cents += Math.round(d.valor * 100);
  return cents / 100;
}

describe('generateDataset (demo scale)', () => {
  let demo: Dataset;
  let active: TenantInput[];

  beforeAll(() => {
    demo = materializeDataset(generateDataset({ scale: 'demo' }));
    active = demo.tenants.filter((t) => t.activo);
  });

  describe('determinism', () => {
    it('gives byte-identical data for the same options', () => {
      const again = materializeDataset(generateDataset({ scale: 'demo' }));
      expect(JSON.stringify(again)).toBe(JSON.stringify(demo));
    });

    it('gives different data for another seed', () => {
      const other = materializeDataset(generateDataset({ scale: 'demo', seed: 7 }));
      expect(JSON.stringify(other)).not.toBe(JSON.stringify(demo));
    });

    it('keeps tenants, businesses and users stable across scales', () => {
      const medium = generateDataset({ scale: 'medium' });
      const pick = (d: Dataset): unknown => d.tenants.map((t) => [t.uuid, t.negocios, t.usuarios]);
      expect(pick(medium)).toEqual(pick(demo));
    });

    it('re-iterates the lazy collections from the start, independent of earlier iteration', () => {
      const ds = generateDataset({ scale: 'demo' });
      const t = ds.tenants[0];
      const ventas1 = JSON.stringify(Array.from(t.ventas ?? []));
      take(t.pagos ?? [], 5); // a partial iteration must not disturb the next one
      const pagos1 = JSON.stringify(Array.from(t.pagos ?? []));
      const pagos2 = JSON.stringify(Array.from(t.pagos ?? []));
      expect(pagos2).toBe(pagos1);
      expect(JSON.stringify(Array.from(t.ventas ?? []))).toBe(ventas1);
      expect(pagos1).toBe(JSON.stringify(demo.tenants[0].pagos));
    });
  });

  it('validates against dataset.schema.json', () => {
    const schema = DATASET_SCHEMA;
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    const ok = validate(demo);
    expect(validate.errors?.slice(0, 10) ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  describe('reference and uniqueness rules (contract §6)', () => {
    it('writes every uuid as a canonical lowercase v4 uuid, unique within its kind', () => {
      const kinds = new Map<string, Set<string>>();
      const bad: string[] = [];
      const see = (kind: string, u: string): void => {
        if (!UUID_V4.test(u)) bad.push(`${kind} ${u}`);
        const set = kinds.get(kind) ?? new Set<string>();
        if (set.has(key(u))) bad.push(`duplicate ${kind} ${u}`);
        set.add(key(u));
        kinds.set(kind, set);
      };
      for (const t of demo.tenants) {
        see('tenant', t.uuid);
        t.negocios?.forEach((n) => see('negocio', n.uuid));
        t.usuarios?.forEach((u) => see('usuario', u.uuid));
        t.gruposPago?.forEach((g) => see('grupoPago', g.uuid));
        t.categorias?.forEach((c) => see('categoria', c.uuid));
        t.productos?.forEach((p) => see('producto', p.uuid));
        for (const e of t.empleados ?? []) {
          see('empleado', e.uuid);
          e.vinculaciones.forEach((v) => see('vinculacion', v.uuid));
        }
        for (const p of pagosOf(t)) {
          see('pago', p.uuid);
          for (const e of p.empleados) {
            see('pagoEmpleado', e.uuid);
            e.detalles.forEach((d) => see('detalle', d.uuid));
          }
        }
        ventasOf(t).forEach((v) => see('venta', v.uuid));
      }
      expect(bad).toEqual([]);
      expect(kinds.get('detalle')?.size).toBeGreaterThan(10_000);
    });

    it('refers only to entries of the same tenant', () => {
      const problems: string[] = [];
      for (const t of demo.tenants) {
        const negocios = new Set((t.negocios ?? []).map((n) => key(n.uuid)));
        const conceptos = new Set((t.conceptos ?? []).map((c) => c.codigo));
        const tipos = new Set((t.tiposCotizante ?? []).map((c) => c.codigo));
        const grupos = new Set((t.gruposPago ?? []).map((g) => key(g.uuid)));
        const categorias = new Set((t.categorias ?? []).map((c) => key(c.uuid)));
        const productoNegocio = new Map((t.productos ?? []).map((p) => [key(p.uuid), key(p.negocio)]));
        const bonds = new Map<string, { ing: string; ret: string | null | undefined }>();
        for (const e of t.empleados ?? [])
          for (const v of e.vinculaciones) bonds.set(key(v.uuid), { ing: v.fechaIngreso, ret: v.fechaRetiro });

        for (const u of t.usuarios ?? []) for (const n of u.negocios) if (!negocios.has(key(n))) problems.push(`${u.email} negocio ${n}`);
        for (const e of t.empleados ?? []) {
          for (const v of e.vinculaciones) {
            if (!tipos.has(v.tipoCotizante)) problems.push(`tipoCotizante ${v.tipoCotizante}`);
            if (v.fechaRetiro && v.fechaRetiro < v.fechaIngreso) problems.push(`bond ${v.uuid} retires before joining`);
          }
        }
        for (const p of t.productos ?? []) {
          if (!negocios.has(key(p.negocio))) problems.push(`producto ${p.codigo} negocio`);
          if (p.categoria && !categorias.has(key(p.categoria))) problems.push(`producto ${p.codigo} categoria`);
        }
        for (const p of pagosOf(t)) {
          if (p.fechaDesde > p.fechaHasta) problems.push(`pago ${p.descripcion} fechas`);
          if (p.grupoPago && !grupos.has(key(p.grupoPago))) problems.push(`pago ${p.descripcion} grupo`);
          const seen = new Set<string>();
          for (const e of p.empleados) {
            const bond = bonds.get(key(e.vinculacion));
            if (!bond) problems.push(`payslip ${e.uuid} vinculacion of another tenant`);
            else if (bond.ing > p.fechaHasta || (bond.ret && bond.ret < p.fechaDesde))
              problems.push(`payslip ${e.uuid} bond not active in ${p.descripcion}`);
            if (seen.has(key(e.vinculacion))) problems.push(`two payslips of one bond in ${p.descripcion}`);
            seen.add(key(e.vinculacion));
            for (const d of e.detalles) if (!conceptos.has(d.concepto)) problems.push(`concepto ${d.concepto}`);
          }
        }
        for (const v of ventasOf(t)) {
          if (!negocios.has(key(v.negocio))) problems.push(`venta ${v.uuid} negocio`);
          for (const l of v.lineas) if (productoNegocio.get(key(l.producto)) !== key(v.negocio)) problems.push(`venta ${v.uuid} producto`);
        }
      }
      expect(problems).toEqual([]);
    });

    it('keeps emails, supplier identifications and establishment codes unique', () => {
      const emails = demo.tenants.flatMap((t) => (t.usuarios ?? []).map((u) => u.email.toLowerCase()));
      expect(new Set(emails).size).toBe(emails.length);
      for (const t of demo.tenants) {
        const perUbicacion = new Set<string>();
        for (const p of t.proveedores ?? []) {
          const k = `${p.ubicacion}|${p.identificacion.toUpperCase()}`;
          expect(perUbicacion.has(k)).toBe(false);
          perUbicacion.add(k);
          const codes = p.establecimientos.map((e) => e.codigo);
          expect(new Set(codes).size).toBe(codes.length);
        }
        const docs = (t.empleados ?? []).map((e) => `${e.tipoDocumento}|${e.identificacion}`);
        expect(new Set(docs).size).toBe(docs.length);
      }
    });

    it('writes money with at most 2 decimals and quantities/costs with at most 4', () => {
      const bad: string[] = [];
      const check = (what: string, x: number | null | undefined, k: number): void => {
        if (x !== undefined && x !== null && !hasAtMostDecimals(x, k)) bad.push(`${what} ${x}`);
      };
      for (const t of demo.tenants) {
        for (const e of t.empleados ?? []) e.vinculaciones.forEach((v) => check('salarioBase', v.salarioBase, 2));
        for (const p of pagosOf(t)) {
          for (const e of p.empleados) {
            check('salarioBase', e.salarioBase, 2);
            for (const d of e.detalles) {
              check('valor', d.valor, 2);
              check('cantidad', d.cantidad, 4);
            }
          }
        }
        for (const v of ventasOf(t)) {
          for (const l of v.lineas) {
            check('precioUnitario', l.precioUnitario, 2);
            check('descuento', l.descuento, 2);
            check('impuestos', l.impuestos, 2);
            check('costoPromedio', l.costoPromedio, 4);
          }
        }
      }
      expect(bad).toEqual([]);
    });
  });

  describe('content', () => {
    it('has two active tenants with Colombian NITs and an inactive tenant with a user', () => {
      expect(active).toHaveLength(2);
      for (const t of demo.tenants) {
        const [base, dv] = t.nit.split('-');
        expect(t.nit).toMatch(/^\d{9}-\d$/);
        expect(dianCheckDigit(base)).toBe(dv);
      }
      const inactive = demo.tenants.filter((t) => !t.activo);
      expect(inactive).toHaveLength(1);
      expect(inactive[0].usuarios?.length).toBeGreaterThan(0);
      expect(demo.tenants[0].nominaElectronica).toBeDefined();
      expect(demo.tenants[1].nominaElectronica).toBeUndefined();
    });

    it('gives every user two businesses, exactly one with a PREMIUM subscription active now', () => {
      const now = new Date().toISOString();
      const premiumNow = (s: { plan: string; desde: string; hasta: string } | null | undefined): boolean =>
        !!s && s.plan === 'PREMIUM' && s.desde <= now && now <= s.hasta;
      for (const t of demo.tenants) {
        const byUuid = new Map((t.negocios ?? []).map((n) => [key(n.uuid), n]));
        for (const u of t.usuarios ?? []) {
          expect(u.negocios).toHaveLength(2);
          expect(u.negocios.filter((n) => premiumNow(byUuid.get(key(n))?.suscripcion))).toHaveLength(1);
        }
      }
      const subs = demo.tenants.flatMap((t) => (t.negocios ?? []).map((n) => n.suscripcion));
      expect(subs.some((s) => s?.plan === 'PREMIUM' && s.hasta < now)).toBe(true); // expired
      expect(subs.some((s) => s?.plan === 'PREMIUM' && s.desde > now)).toBe(true); // not started yet
      expect(demo.tenants.flatMap((t) => t.usuarios ?? []).some((u) => u.activo === false)).toBe(true);
    });

    it('lists the demo logins of the dataset users', () => {
      const users = new Map(demo.tenants.flatMap((t) => (t.usuarios ?? []).map((u) => [u.email, { u, t }] as const)));
      expect(DEMO_LOGINS.length).toBe(users.size);
      for (const l of DEMO_LOGINS) {
        const found = users.get(l.email);
        expect(found?.u.password).toBe(l.password);
        expect(found?.t.nombre).toBe(l.tenant);
        expect(l.password.length).toBeGreaterThanOrEqual(8);
        expect(l.note).not.toBe('');
      }
      expect(DEMO_LOGINS.some((l) => /inactivo/.test(l.note) && /tenant/i.test(l.note))).toBe(true);
    });

    it('has realistic employees: accents, document types, retired, rehired and future bonds', () => {
      for (const t of active) {
        const empleados = t.empleados ?? [];
        expect(empleados.length).toBeGreaterThanOrEqual(50);
        expect(empleados.some((e) => ACCENTED.test(`${e.nombres} ${e.apellidos}`))).toBe(true);
        for (const tipo of ['CC', 'CE', 'PPT', 'PEP']) expect(empleados.some((e) => e.tipoDocumento === tipo)).toBe(true);
        expect(empleados.every((e) => /^\d{6,10}$/.test(e.identificacion))).toBe(true);
        const bonds = empleados.flatMap((e) => e.vinculaciones);
        expect(empleados.some((e) => e.vinculaciones.length === 2 && !!e.vinculaciones[0].fechaRetiro)).toBe(true);
        expect(bonds.some((v) => v.fechaRetiro && v.fechaRetiro < '2026-01-01')).toBe(true);
        expect(bonds.some((v) => v.fechaIngreso > '2026-06-01')).toBe(true);
        expect(bonds.some((v) => v.salarioIntegral && v.salarioBase >= 13 * 1_300_000)).toBe(true);
        expect(bonds.some((v) => !v.salarioIntegral && v.salarioBase >= 10_000_000)).toBe(true);
        expect(bonds.some((v) => v.salarioBase === 1_423_500)).toBe(true);
        for (const c of ['01', '12', '19', '51']) expect(bonds.some((v) => v.tipoCotizante === c)).toBe(true);
      }
      const cotizantes = demo.tenants[0].tiposCotizante ?? [];
      expect(cotizantes).toContainEqual({ codigo: '12', descripcion: 'Aprendices del Sena en etapa lectiva' });
    });

    it('has payroll concepts that are and are not contribution base, earnings and deductions', () => {
      const conceptos = demo.tenants[0].conceptos ?? [];
      expect(conceptos.length).toBeGreaterThanOrEqual(15);
      expect(conceptos.find((c) => c.nombre === 'Auxilio de transporte')?.baseAportes).toBe(false);
      expect(conceptos.find((c) => c.nombre === 'Sueldo básico')?.baseAportes).toBe(true);
      expect(conceptos.some((c) => c.tipo === 'DEDUCCION' && c.baseAportes)).toBe(true);
      expect(conceptos.some((c) => c.baseAportes === undefined)).toBe(true);
    });

    it('covers every payment type and state, with the legacy edge cases', () => {
      for (const t of active) {
        const pagos = pagosOf(t);
        expect(pagos.length).toBeGreaterThanOrEqual(30);
        for (const tipo of ['PE', 'PR', 'CE', 'IC', 'LD', 'AN', 'DV', 'NE', 'VI', 'IN'])
          expect(pagos.some((p) => p.tipoPago === tipo)).toBe(true);
        for (const estado of ['EP', 'PA', 'PP', 'PG', 'RE', 'AN']) expect(pagos.some((p) => p.estado === estado)).toBe(true);
        expect(pagos.find((p) => p.tipoPago === 'IN')?.definitivo).toBe(true);
        expect(pagos.some((p) => p.definitivo) && pagos.some((p) => !p.definitivo)).toBe(true);
        expect(pagos.some((p) => p.grupoPago === null) && pagos.some((p) => !!p.grupoPago)).toBe(true);
        expect(pagos.some((p) => !('pendienteGenerarIngreso' in p))).toBe(true);
        expect(pagos.some((p) => p.pendienteGenerarIngreso === null)).toBe(true);
        expect(pagos.some((p) => p.pendienteGenerarIngreso === true) && pagos.some((p) => p.pendienteGenerarIngreso === false)).toBe(true);
        expect(pagos.some((p) => p.ingresoConErrores === true) && pagos.some((p) => p.ingresoConErrores === false)).toBe(true);
        expect(pagos.some((p) => p.descripcion === 'Nómina mensual enero 2024')).toBe(true);
        expect(pagos.some((p) => p.descripcion === 'Prima de servicios primer semestre 2024')).toBe(true);

        const primas = pagos.filter((p) => p.tipoPago === 'PR');
        expect(primas.every((p) => deducciones(p, t) < 0)).toBe(true);

        const lines = pagos.flatMap((p) => p.empleados.flatMap((e) => e.detalles));
        expect(lines.some((d) => d.valor >= 10_000_000)).toBe(true);
        expect(lines.some((d) => d.cantidad !== undefined && !Number.isInteger(d.cantidad))).toBe(true);
        const slips = pagos.flatMap((p) => p.empleados);
        expect(slips.filter((e) => e.diasTrabajados === 30).length).toBeGreaterThan(slips.length / 2);
        expect(slips.some((e) => e.diasTrabajados !== undefined && e.diasTrabajados < 30)).toBe(true);
      }
      const lines = pagosOf(demo.tenants[0]).flatMap((p) => p.empleados.flatMap((e) => e.detalles));
      expect(lines.some((d) => d.cantidad === 0.0005)).toBe(true);
      expect(lines.some((d) => d.valor === 18_404_777)).toBe(true);
    });

    it('pays the salary line as salarioBase × days / 30 and contributions at 4 %', () => {
      const pe = pagosOf(demo.tenants[0]).filter((p) => p.tipoPago === 'PE');
      for (const p of pe) {
        for (const e of p.empleados) {
          const salary = e.detalles.find((d) => d.concepto === '001');
          if (salary?.cantidad !== undefined) expect(salary.valor).toBe(Math.round((e.salarioBase * 100 * salary.cantidad) / 30) / 100);
          const salud = e.detalles.find((d) => d.concepto === '101');
          const pension = e.detalles.find((d) => d.concepto === '102');
          if (salud) expect(salud.valor).toBe(pension?.valor);
        }
      }
    });

    it('has sales with discounts, taxes, fractional quantities and changing average costs', () => {
      for (const t of active) {
        const ventas = ventasOf(t);
        expect(ventas.length).toBeGreaterThanOrEqual(300);
        for (const estado of ['Pagada', 'Pendiente', 'Anulada']) expect(ventas.some((v) => v.estado === estado)).toBe(true);
        const lineas = ventas.flatMap((v) => v.lineas);
        expect(lineas.some((l) => (l.descuento ?? 0) > 0)).toBe(true);
        expect(lineas.some((l) => (l.impuestos ?? 0) > 0)).toBe(true);
        expect(lineas.some((l) => !Number.isInteger(l.cantidad))).toBe(true);
        const costs = new Map<string, Set<number>>();
        for (const l of lineas) costs.set(l.producto, (costs.get(l.producto) ?? new Set()).add(l.costoPromedio));
        expect([...costs.values()].some((s) => s.size > 1)).toBe(true);
        for (const v of ventas) {
          expect(v.fecha).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
          const localHour = (new Date(v.fecha).getUTCHours() + 19) % 24;
          expect(localHour).toBeGreaterThanOrEqual(7);
          expect(localHour).toBeLessThan(21);
        }
        const negociosConVentas = new Set(ventas.map((v) => key(v.negocio)));
        const premium = (t.negocios ?? []).filter((n) => n.suscripcion?.plan === 'PREMIUM' && n.suscripcion.hasta > '2099');
        expect(premium.some((n) => negociosConVentas.has(key(n.uuid)))).toBe(true);
        expect(negociosConVentas.size).toBeGreaterThanOrEqual(2);
        expect((t.productos ?? []).some((p) => ACCENTED.test(p.nombre))).toBe(true);
        expect((t.productos ?? []).some((p) => /^P\d{4}$/.test(p.codigo))).toBe(true);
      }
    });

    it('has 100+ suppliers per active tenant in both table families, with overlaps and check digits', () => {
      for (const t of active) {
        const provs = t.proveedores ?? [];
        const def = provs.filter((p) => p.ubicacion === 'DEFINITIVA');
        const ent = provs.filter((p) => p.ubicacion === 'ENTRADA');
        expect(def.length).toBeGreaterThanOrEqual(100);
        expect(ent.length).toBeGreaterThanOrEqual(100);
        const defIds = new Set(def.map((p) => p.identificacion));
        expect(ent.some((p) => defIds.has(p.identificacion))).toBe(true);
        expect(ent.some((p) => !defIds.has(p.identificacion))).toBe(true);
        for (const p of provs) {
          if (p.tipoIdentificacion === 'NIT') expect(p.digitoVerificacion).toBe(dianCheckDigit(p.identificacion));
          else expect(p.digitoVerificacion ?? null).toBeNull();
          expect(p.establecimientos.length).toBeGreaterThanOrEqual(1);
          expect(p.establecimientos.length).toBeLessThanOrEqual(3);
        }
        expect(provs.some((p) => p.tipoIdentificacion === 'CC')).toBe(true);
        const lengths = new Set(provs.map((p) => p.identificacion.length));
        expect(lengths.size).toBeGreaterThanOrEqual(4);
        const ids = provs.map((p) => p.identificacion);
        for (const id of ['100', '1000', '799']) expect(ids).toContain(id);
        const ciudades = provs.flatMap((p) => p.establecimientos.map((e) => e.ciudad ?? ''));
        expect(ciudades.some((c) => ACCENTED.test(c))).toBe(true);
      }
    });
  });

  it('datasetStats(demo) matches the materialized data', () => {
    const stats = datasetStats({ scale: 'demo' });
    const pagos = demo.tenants.flatMap(pagosOf);
    const ventas = demo.tenants.flatMap(ventasOf);
    const provs = demo.tenants.flatMap((t) => t.proveedores ?? []);
    expect(stats).toEqual({
      tenants: demo.tenants.length,
      pagos: pagos.length,
      pagosEmpleado: pagos.reduce((a, p) => a + p.empleados.length, 0),
      lineasNomina: pagos.reduce((a, p) => a + p.empleados.reduce((b, e) => b + e.detalles.length, 0), 0),
      ventas: ventas.length,
      lineasVenta: ventas.reduce((a, v) => a + v.lineas.length, 0),
      proveedores: provs.length,
      establecimientos: provs.reduce((a, p) => a + p.establecimientos.length, 0),
    });
    expect(JSON.stringify(demo).length).toBeLessThan(8_000_000);
  });
});

describe('generateDataset (large scale, lazily)', () => {
  it('reports the intended sizes without materializing them', () => {
    const s = datasetStats({ scale: 'large' });
    expect(s.tenants).toBe(3);
    expect(s.pagosEmpleado).toBeGreaterThan(1_200_000);
    expect(s.pagosEmpleado).toBeLessThan(1_700_000);
    expect(s.lineasNomina).toBeGreaterThan(15_000_000);
    expect(s.lineasNomina).toBeLessThan(20_000_000);
    expect(s.lineasVenta).toBeGreaterThan(950_000);
    expect(s.lineasVenta).toBeLessThan(1_150_000);
    expect(s.establecimientos).toBeGreaterThan(45_000);
    expect(s.establecimientos).toBeLessThan(58_000);
  }, 60_000);

  it('keeps medium at about a tenth of large', () => {
    const s = datasetStats({ scale: 'medium' });
    expect(s.pagosEmpleado).toBeGreaterThan(120_000);
    expect(s.pagosEmpleado).toBeLessThan(170_000);
    expect(s.lineasVenta).toBeGreaterThan(95_000);
    expect(s.lineasVenta).toBeLessThan(115_000);
    expect(s.establecimientos).toBeGreaterThan(4_500);
    expect(s.establecimientos).toBeLessThan(6_000);
  }, 60_000);

  it('yields the same first payments on every iteration and every call', () => {
    const a = generateDataset({ scale: 'large' });
    const b = generateDataset({ scale: 'large' });
    const first = JSON.stringify(take(a.tenants[0].pagos ?? [], 3));
    expect(JSON.stringify(take(a.tenants[0].pagos ?? [], 3))).toBe(first);
    expect(JSON.stringify(take(b.tenants[0].pagos ?? [], 3))).toBe(first);
    expect(take(a.tenants[1].ventas ?? [], 2)).toEqual(take(b.tenants[1].ventas ?? [], 2));
    expect(a.tenants[0].empleados).toHaveLength(5_000);
    expect(a.tenants[1].empleados).toHaveLength(5_000);
    expect(Array.isArray(a.tenants[0].pagos)).toBe(false);
    expect(Array.isArray(a.tenants[0].ventas)).toBe(false);
  }, 60_000);
});

describe('dianCheckDigit', () => {
  it('computes the DIAN check digit of known NITs', () => {
    expect(dianCheckDigit('800197268')).toBe('4'); // DIAN
    expect(dianCheckDigit('899999068')).toBe('1'); // Ecopetrol
    expect(dianCheckDigit('860034313')).toBe('7'); // Davivienda
  });
});

import { generateDataset } from '@nomina-api/importer/demo/generate-dataset';
import type { PagoInput, TenantInput } from '@nomina-api/importer/dataset.types';
import { DEMO_EXAMPLES } from './demo-examples';

const wire = (uuid: string): string => uuid.replace(/-/g, '').toUpperCase();

describe('DEMO_EXAMPLES (the README and OpenAPI examples) exist in the demo dataset', () => {
  const dataset = generateDataset({ scale: 'demo' });
  const user = dataset.tenants
    .flatMap((t) => (t.usuarios ?? []).map((u) => ({ t, u })))
    .find(({ u }) => u.email === DEMO_EXAMPLES.login.email);
  const tenant = user?.t as TenantInput;
  const pagos = [...(tenant?.pagos ?? [])] as PagoInput[];

  it('logs in an active user of an active tenant with that password', () => {
    expect(user).toBeDefined();
    expect(user!.u.password).toBe(DEMO_EXAMPLES.login.password);
    expect(user!.u.activo).not.toBe(false);
    expect(tenant.activo).toBe(true);
  });

  it("documents that user's real login answer", () => {
    const { loginResponse: r } = DEMO_EXAMPLES;
    expect([r._id, r.name, r.lastName, r.email, r.role]).toEqual([
      wire(user!.u.uuid),
      user!.u.nombre,
      user!.u.apellido,
      user!.u.email,
      user!.u.rol,
    ]);
    expect(r.businesses.map((b) => b._id)).toEqual(user!.u.negocios.map(wire));
    expect(r.business).toBe(r.businesses[0]._id);
    for (const b of r.businesses) {
      const negocio = tenant.negocios!.find((n) => wire(n.uuid) === b._id)!;
      expect([b.name, b.premium]).toEqual([
        negocio.nombre,
        negocio.suscripcion?.plan === 'PREMIUM' && negocio.suscripcion.hasta > new Date().toISOString(),
      ]);
    }
  });

  it('prefills a businessId of that user with a current PREMIUM subscription', () => {
    const negocio = tenant.negocios!.find((n) => wire(n.uuid) === DEMO_EXAMPLES.businessId);
    expect(negocio).toBeDefined();
    expect(user!.u.negocios.map(wire)).toContain(DEMO_EXAMPLES.businessId);
    expect(negocio!.suscripcion).toEqual(expect.objectContaining({ plan: 'PREMIUM' }));
    const now = new Date().toISOString();
    expect(negocio!.suscripcion!.desde <= now && now <= negocio!.suscripcion!.hasta).toBe(true);
  });

  it('names a payment of the tenant and a payslip of that payment', () => {
    const pago = pagos.find((p) => wire(p.uuid) === DEMO_EXAMPLES.pago);
    expect(pago).toBeDefined();
    expect(pago!.empleados.map((e) => wire(e.uuid))).toContain(DEMO_EXAMPLES.pagoEmpleado);
  });

  it('names an employee of the tenant and a supplier with that check digit', () => {
    const { tipoDocumento, identificacion } = DEMO_EXAMPLES.empleado;
    const empleado = tenant.empleados!.find((e) => e.tipoDocumento === tipoDocumento && e.identificacion === identificacion);
    expect(empleado).toBeDefined();
    expect(wire(empleado!.uuid)).toBe(DEMO_EXAMPLES.empleadoUuid);
    const bonds = new Set(empleado!.vinculaciones.map((v) => wire(v.uuid)));
    expect(pagos.some((p) => p.tipoPago !== 'IN' && p.empleados.some((pe) => bonds.has(wire(pe.vinculacion))))).toBe(true);
    const [id, dv] = DEMO_EXAMPLES.proveedor.split('-');
    const proveedor = tenant.proveedores!.find((p) => p.identificacion === id && p.ubicacion === 'DEFINITIVA');
    expect(proveedor?.digitoVerificacion).toBe(dv);
  });

  it('names that employee by uuid with its current bond, and a payment group of the tenant', () => {
    const empleado = tenant.empleados!.find((e) => wire(e.uuid) === DEMO_EXAMPLES.empleadoUuid);
    expect(empleado?.identificacion).toBe(DEMO_EXAMPLES.empleado.identificacion);
    const bond = empleado!.vinculaciones.find((v) => wire(v.uuid) === DEMO_EXAMPLES.vinculado);
    // Current on any day: no retirement date.
    expect(bond).toBeDefined();
    expect(bond!.fechaRetiro ?? null).toBeNull();
    expect(tenant.gruposPago!.map((g) => wire(g.uuid))).toContain(DEMO_EXAMPLES.grupoPago);
  });

  it('picks periods with data: definitive payments for acumulados and e-payroll, sales for the report', () => {
    const { fechaDesde, fechaHasta } = DEMO_EXAMPLES.acumulados;
    expect(pagos.some((p) => p.definitivo && p.fechaDesde >= fechaDesde && p.fechaDesde <= fechaHasta)).toBe(true);
    const { ano, mes } = DEMO_EXAMPLES.nominaElectronica;
    expect(pagos.some((p) => p.definitivo && p.ano === ano && p.mes === mes && p.tipoPago !== 'IN' && p.estado !== 'AN')).toBe(true);
    const { dateInitISO, dateEndISO } = DEMO_EXAMPLES.report;
    const sales = [...(tenant.ventas ?? [])].filter(
      (v) => wire(v.negocio) === DEMO_EXAMPLES.businessId && v.fecha >= dateInitISO && v.fecha <= dateEndISO,
    );
    expect(sales.length).toBeGreaterThan(0);
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { verifyPassword } from '@nomina-api/platform/auth';
import { migrateDatabase } from '@nomina-api/platform/persistence';
import { ImportError } from '@nomina-api/platform/bulk';
import type { Dataset, PagoInput, TenantInput } from '@nomina-api/importer/dataset.types';
import { loadDataset, type LoadSummary } from '@nomina-api/importer/load-dataset';
import { ALL_TABLES, COLUMNS, type TableName } from '@nomina-api/importer/tables';
import { validateDataset } from '@nomina-api/importer/validate-dataset';
import { APP_SCHEMA } from '../apps/api/src/database/schema';
import { freshDatabase, runScoped } from './support/test-database';

jest.setTimeout(60_000);

const REPO = join(__dirname, '..');
const FIXTURE = JSON.parse(readFileSync(join(REPO, 'test/fixtures/example-dataset.json'), 'utf8')) as Dataset;

/** Everything COPY's text format treats specially, plus what merely looks special. */
const TRICKY_TEXT = "Pérez\tO'Neil \\N\nsegunda\rlínea \\ fin";

/** The example, plus what it lacks to exercise defaults: absent nullable flags, a lower-case supplier id. */
function dataset(): Dataset {
  const data = structuredClone(FIXTURE);
  const pago = data.tenants[2].pagos as PagoInput[];
  delete pago[0].pendienteGenerarIngreso;
  delete pago[0].ingresoConErrores;
  data.tenants[2].proveedores![0].identificacion = 'ab99x1';
  data.tenants[2].empleados![0].apellidos = TRICKY_TEXT;
  return data;
}

const DATA = dataset();
const [ANDINA, INACTIVAS, PACIFICO] = DATA.tenants;
const pagosOf = (t: TenantInput): PagoInput[] => t.pagos as PagoInput[];
const key = (uuid: string): string => uuid.replace(/-/g, '').toLowerCase();
const cents = (v: number): bigint => BigInt(Math.round(v * 100));
const money = (c: bigint): string => `${c < 0n ? '-' : ''}${(c < 0n ? -c : c) / 100n}.${String((c < 0n ? -c : c) % 100n).padStart(2, '0')}`;

let url: string;
let client: Client;
let summary: LoadSummary;

beforeAll(async () => {
  // A database of its own on the run's server (the global setup's), dropped by its teardown.
  url = await freshDatabase(process.env.TEST_PG_ADMIN_URL!, runScoped('nomina_test_importer'));
  await migrateDatabase(url, APP_SCHEMA);
  client = new Client({ connectionString: url });
  await client.connect();
  // Cascade: tables outside the import (the numbering's block record) reference the tenant.
  await client.query(`truncate ${ALL_TABLES.join(', ')} cascade`);
  summary = await loadDataset(client, DATA, { replace: false });
});

afterAll(async () => {
  await client?.end();
});

async function count(table: string, where = 'true', params: unknown[] = []): Promise<number> {
  const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${table} where ${where}`, params);
  return Number(rows[0].n);
}

/** Row counts and a digest of every table's content (volatile columns left out: hashes are salted). */
async function snapshot(): Promise<Record<string, string>> {
  const volatile = new Set(['password_hash', 'imported_at']);
  const result: Record<string, string> = {};
  for (const table of ALL_TABLES) {
    const columns = (COLUMNS[table as TableName] as readonly string[]).filter((c) => !volatile.has(c));
    const { rows } = await client.query<{ n: string; digest: string | null }>(
      `select count(*) as n, md5(string_agg(r::text, '|' order by r::text)) as digest from (select ${columns.join(', ')} from ${table}) r`,
    );
    result[table] = `${rows[0].n} ${rows[0].digest ?? ''}`;
  }
  return result;
}

describe('loadDataset', () => {
  it('writes every entity of the file', async () => {
    const all = DATA.tenants;
    const sum = (f: (t: TenantInput) => number): number => all.reduce((n, t) => n + f(t), 0);
    const payslips = (t: TenantInput): PagoInput['empleados'] => pagosOf(t).flatMap((p) => p.empleados);
    const expected: Record<string, number> = {
      tenant: all.length,
      negocio: sum((t) => t.negocios!.length),
      suscripcion: sum((t) => t.negocios!.filter((n) => n.suscripcion).length),
      usuario: sum((t) => t.usuarios!.length),
      usuario_negocio: sum((t) => t.usuarios!.reduce((n, u) => n + u.negocios.length, 0)),
      login_directory: sum((t) => t.usuarios!.length),
      tipo_cotizante: sum((t) => t.tiposCotizante!.length),
      concepto: sum((t) => t.conceptos!.length),
      grupo_pago: sum((t) => t.gruposPago!.length),
      empleado: sum((t) => t.empleados!.length),
      vinculacion: sum((t) => t.empleados!.reduce((n, e) => n + e.vinculaciones.length, 0)),
      pago: sum((t) => pagosOf(t).length),
      pago_empleado: sum((t) => payslips(t).length),
      pago_empleado_detalle: sum((t) => payslips(t).reduce((n, pe) => n + pe.detalles.length, 0)),
      pago_concepto_total: sum((t) =>
        pagosOf(t).reduce((n, p) => n + new Set(p.empleados.flatMap((pe) => pe.detalles.map((d) => d.concepto))).size, 0),
      ),
      nomina_electronica_secuencia: sum((t) => (t.nominaElectronica ? 1 : 0)),
      categoria: sum((t) => t.categorias!.length),
      producto: sum((t) => t.productos!.length),
      venta: sum((t) => (t.ventas as unknown[]).length),
      venta_linea: sum((t) => (t.ventas as { lineas: unknown[] }[]).reduce((n, v) => n + v.lineas.length, 0)),
      proveedor: sum((t) => t.proveedores!.filter((p) => p.ubicacion === 'DEFINITIVA').length),
      proveedor_establecimiento: sum((t) =>
        t.proveedores!.filter((p) => p.ubicacion === 'DEFINITIVA').reduce((n, p) => n + p.establecimientos.length, 0),
      ),
      proveedor_entrada: sum((t) => t.proveedores!.filter((p) => p.ubicacion === 'ENTRADA').length),
      proveedor_entrada_establecimiento: sum((t) =>
        t.proveedores!.filter((p) => p.ubicacion === 'ENTRADA').reduce((n, p) => n + p.establecimientos.length, 0),
      ),
    };
    const actual: Record<string, number> = {};
    for (const table of Object.keys(expected)) actual[table] = await count(table);
    expect(actual).toEqual(expected);
    expect(summary).toMatchObject({
      tenants: 3,
      usuarios: expected.usuario,
      empleados: expected.empleado,
      pagos: expected.pago,
      pagosEmpleado: expected.pago_empleado,
      lineasNomina: expected.pago_empleado_detalle,
      ventas: expected.venta,
      lineasVenta: expected.venta_linea,
      proveedores: expected.proveedor_establecimiento + expected.proveedor_entrada_establecimiento,
    });
  });

  it("stores a payslip's totals: devengados, deducciones, neto and the baseAportes sums", async () => {
    // Andina's opening balances, first payslip: 001 (DEVENGADO, base) 202452547, 101 and 102
    // (DEDUCCION, base) 5668671.32 each.
    const pe = pagosOf(ANDINA)[0].empleados[0];
    const { rows } = await client.query(
      `select total_devengados, total_deducciones, total_neto, aportes_devengados, aportes_deducciones, aportes_lineas,
              dias_trabajados, salario_base, pago_fecha_desde::text, pago_fecha_pago::text, pago_definitivo, empleado_id::text
         from pago_empleado where tenant_id = $1 and id = $2`,
      [key(ANDINA.uuid), key(pe.uuid)],
    );
    expect(rows[0]).toEqual({
      total_devengados: '202452547.00',
      total_deducciones: '11337342.64',
      total_neto: '191115204.36',
      aportes_devengados: '202452547.00',
      aportes_deducciones: '11337342.64',
      aportes_lineas: 3,
      dias_trabajados: '30.0000',
      salario_base: '18404777.00',
      pago_fecha_desde: '2022-12-01',
      pago_fecha_pago: '2022-12-31',
      pago_definitivo: true,
      empleado_id: '21e10c42-c883-413c-b093-0c65f1b7acd9',
    });
  });

  it('sums every payslip exactly, and leaves non-base concepts out of the aportes sums', async () => {
    const concepts = new Map(ANDINA.conceptos!.map((c) => [c.codigo, c]));
    const { rows } = await client.query<Record<string, string | number>>(
      `select id::text, total_devengados, total_deducciones, total_neto, aportes_devengados, aportes_deducciones, aportes_lineas, dias_trabajados
         from pago_empleado where tenant_id = $1`,
      [key(ANDINA.uuid)],
    );
    const stored = new Map(rows.map((r) => [key(String(r.id)), r]));
    let mixed = 0;
    for (const pe of pagosOf(ANDINA).flatMap((p) => p.empleados)) {
      let dev = 0n, ded = 0n, aDev = 0n, aDed = 0n, aLines = 0; // prettier-ignore
      for (const d of pe.detalles) {
        const c = concepts.get(d.concepto)!;
        const isDev = c.tipo === 'DEVENGADO';
        if (isDev) dev += cents(d.valor);
        else ded += cents(d.valor);
        if (c.baseAportes) {
          if (isDev) aDev += cents(d.valor);
          else aDed += cents(d.valor);
          aLines++;
        }
      }
      if (aLines && aLines < pe.detalles.length) mixed++;
      expect(stored.get(key(pe.uuid))).toEqual({
        id: expect.any(String),
        total_devengados: money(dev),
        total_deducciones: money(ded),
        total_neto: money(dev - ded),
        aportes_devengados: money(aDev),
        aportes_deducciones: money(aDed),
        aportes_lineas: aLines,
        dias_trabajados: (pe.diasTrabajados ?? 30).toFixed(4),
      });
    }
    expect(mixed).toBeGreaterThan(10);
  });

  it("stores a payment's totals as the sums of its payslips and counts them", async () => {
    const concepts = new Map(ANDINA.conceptos!.map((c) => [c.codigo, c.tipo]));
    for (const pago of pagosOf(ANDINA).slice(0, 4)) {
      let dev = 0n;
      let ded = 0n;
      for (const d of pago.empleados.flatMap((pe) => pe.detalles)) {
        if (concepts.get(d.concepto) === 'DEVENGADO') dev += cents(d.valor);
        else ded += cents(d.valor);
      }
      const { rows } = await client.query(
        'select total_devengados, total_deducciones, total_neto, numero_empleados from pago where tenant_id = $1 and id = $2',
        [key(ANDINA.uuid), key(pago.uuid)],
      );
      expect(rows[0]).toEqual({
        total_devengados: money(dev),
        total_deducciones: money(ded),
        total_neto: money(dev - ded),
        numero_empleados: pago.empleados.length,
      });
    }
  });

  it('stores per payment and concept the summed quantity and value and the payslips having it', async () => {
    const pago = pagosOf(ANDINA)[3];
    const lines = pago.empleados.flatMap((pe) => pe.detalles.filter((d) => d.concepto === '001').map((d) => ({ d, pe })));
    const units = lines.reduce((n, { d }) => n + BigInt(Math.round((d.cantidad ?? 0) * 10000)), 0n);
    const value = lines.reduce((n, { d }) => n + cents(d.valor), 0n);
    const { rows } = await client.query(
      `select cantidad, valor, numero_empleados from pago_concepto_total where tenant_id = $1 and pago_id = $2 and concepto_codigo = '001'`,
      [key(ANDINA.uuid), key(pago.uuid)],
    );
    expect(rows[0]).toEqual({
      cantidad: `${units / 10000n}.${String(units % 10000n).padStart(4, '0')}`,
      valor: money(value),
      numero_empleados: new Set(lines.map(({ pe }) => pe.uuid)).size,
    });
  });

  it('stores absent nullable flags as null, other absent flags as false, and keeps explicit values', async () => {
    const flags = async (t: TenantInput, p: PagoInput): Promise<unknown> =>
      (
        await client.query(
          `select pendiente_generar_ingreso, ingreso_con_errores, incluir_prima, genero_plano, egreso_con_errores,
                  pendiente_generar_egreso, grupo_pago_id::text
             from pago where tenant_id = $1 and id = $2`,
          [key(t.uuid), key(p.uuid)],
        )
      ).rows[0];
    expect(await flags(PACIFICO, pagosOf(PACIFICO)[0])).toMatchObject({ pendiente_generar_ingreso: null, ingreso_con_errores: null });
    expect(await flags(ANDINA, pagosOf(ANDINA)[0])).toMatchObject({
      pendiente_generar_ingreso: null,
      ingreso_con_errores: null,
      incluir_prima: false,
      genero_plano: true,
    });
    // incluirPrima, egresoConErrores and pendienteGenerarEgreso are absent from this payment.
    expect(await flags(ANDINA, pagosOf(ANDINA)[1])).toEqual({
      pendiente_generar_ingreso: false,
      ingreso_con_errores: false,
      incluir_prima: false,
      genero_plano: true,
      egreso_con_errores: false,
      pendiente_generar_egreso: false,
      grupo_pago_id: '53635667-e4ae-48c6-b75c-75a4b4645d3a',
    });
    expect(await flags(ANDINA, pagosOf(ANDINA)[10])).toMatchObject({
      pendiente_generar_ingreso: true,
      grupo_pago_id: '910205db-d16a-48ea-929d-79b4a4fac3f6',
    });
  });

  it('stores users with a verifiable hash, defaults, business order and the login directory', async () => {
    const jorge = ANDINA.usuarios![1]; // no rol, no activo in the file
    const { rows } = await client.query(
      `select u.email, u.password_hash, u.rol, u.activo, array_agg(un.negocio_id::text order by un.orden) as negocios
         from usuario u join usuario_negocio un on un.tenant_id = u.tenant_id and un.usuario_id = u.id
        where u.tenant_id = $1 and u.id = $2 group by u.email, u.password_hash, u.rol, u.activo`,
      [key(ANDINA.uuid), key(jorge.uuid)],
    );
    expect(rows[0]).toMatchObject({
      email: jorge.email,
      rol: 'ADMIN',
      activo: true,
      negocios: ['3a2b51cd-ba4b-4dc8-8437-d3cfa4b48f6f', 'e3a021f0-bd8c-4948-a428-d0c5ea79dba1'],
    });
    expect(rows[0].password_hash).not.toContain(jorge.password);
    await expect(verifyPassword(jorge.password, rows[0].password_hash)).resolves.toBe(true);
    const login = await client.query('select tenant_id::text, usuario_id::text from login_directory where email_key = $1', [
      jorge.email.toLowerCase(),
    ]);
    expect(login.rows).toEqual([{ tenant_id: ANDINA.uuid, usuario_id: jorge.uuid }]);
    const orden = await client.query('select id::text from negocio where tenant_id = $1 order by orden', [key(ANDINA.uuid)]);
    expect(orden.rows.map((r) => key(r.id))).toEqual(ANDINA.negocios!.map((n) => key(n.uuid)));
  });

  it('copies the sale onto its lines and defaults absent amounts to 0', async () => {
    const venta = (ANDINA.ventas as { uuid: string; negocio: string; lineas: { descuento?: number; impuestos?: number }[] }[])[0];
    const { rows } = await client.query(
      `select linea, negocio_id::text, fecha, estado, cantidad, precio_unitario, descuento, impuestos, costo_promedio
         from venta_linea where tenant_id = $1 and venta_id = $2 order by linea`,
      [key(ANDINA.uuid), key(venta.uuid)],
    );
    expect(rows.map((r) => r.linea)).toEqual([0, 1, 2, 3]);
    expect(rows[0]).toMatchObject({
      negocio_id: 'e3a021f0-bd8c-4948-a428-d0c5ea79dba1',
      estado: 'Pagada',
      cantidad: '8',
      precio_unitario: '7790.50',
      descuento: '9348.60',
      impuestos: '0.00',
      costo_promedio: '4792.8314',
    });
    expect(rows[0].fecha.toISOString()).toBe('2023-09-01T11:41:36.204Z');
    expect(rows[3]).toMatchObject({ descuento: '0.00', impuestos: '4430.80' });
  });

  it('stores supplier identifications upper case, in the table of their ubicacion', async () => {
    const ids = await client.query(`select identificacion from proveedor where tenant_id = $1 order by identificacion`, [
      key(PACIFICO.uuid),
    ]);
    expect(ids.rows.map((r) => r.identificacion)).toContain('AB99X1');
    const entry = ANDINA.proveedores!.find((p) => p.ubicacion === 'ENTRADA')!;
    expect(
      await count('proveedor_entrada_establecimiento', 'tenant_id = $1 and identificacion = $2', [key(ANDINA.uuid), entry.identificacion]),
    ).toBe(entry.establecimientos.length);
    expect(await count('proveedor', 'tenant_id = $1 and identificacion = $2', [key(ANDINA.uuid), entry.identificacion])).toBe(0);
  });

  it('stores text exactly, whatever COPY would treat specially', async () => {
    const { rows } = await client.query('select apellidos, nombre_completo from empleado where tenant_id = $1 and id = $2', [
      key(PACIFICO.uuid),
      key(PACIFICO.empleados![0].uuid),
    ]);
    expect(rows[0]).toEqual({ apellidos: TRICKY_TEXT, nombre_completo: `${PACIFICO.empleados![0].nombres} ${TRICKY_TEXT}` });
  });

  it('stores extreme values exactly: signs, tiny and huge amounts, dates around 2000-01-01', async () => {
    const u = (n: number): string => `7${String(n).padStart(7, '0')}-0000-4000-8000-000000000000`;
    const extremos: TenantInput = {
      uuid: u(1), nit: '7', nombre: 'Extremos', activo: true,
      negocios: [{ uuid: u(2), nombre: 'N' }],
      tiposCotizante: [{ codigo: '01', descripcion: 'D' }],
      conceptos: [{ codigo: 'A', nombre: 'Dev', tipo: 'DEVENGADO' }, { codigo: 'B', nombre: 'Ded', tipo: 'DEDUCCION', baseAportes: true }],
      empleados: [{ uuid: u(3), tipoDocumento: 'CC', identificacion: '123', nombres: 'X', apellidos: 'Y', vinculaciones: [{ uuid: u(4), fechaIngreso: '1999-01-01', salarioBase: 0.1, salarioIntegral: false, tipoCotizante: '01' }] }],
      pagos: [{
        uuid: u(5), ano: 1999, mes: 12, descripcion: '', fechaDesde: '1999-12-31', fechaHasta: '2000-01-01', fechaPago: '2000-01-01', estado: 'PG', tipoPago: 'PE', definitivo: false,
        empleados: [{ uuid: u(6), vinculacion: u(4).toUpperCase(), salarioBase: 0.1, diasTrabajados: 15.5, detalles: [
          { uuid: u(10), concepto: 'A', cantidad: 0.0005, valor: 9999999999999.99 },
          { uuid: u(11), concepto: 'A', cantidad: -3, valor: 0.01 },
          { uuid: u(12), concepto: 'A', cantidad: 12345678.1234, valor: 123.4 },
          { uuid: u(13), concepto: 'B', valor: -52000.5 },
          { uuid: u(14), concepto: 'B', valor: 0 },
        ] }],
      }],
      productos: [{ uuid: u(7), negocio: u(2), codigo: 'P', nombre: 'P' }],
      ventas: [
        { uuid: u(8), negocio: u(2), fecha: '1999-12-31T23:59:59.999Z', estado: 'Anulada', lineas: [
          { producto: u(7), cantidad: 1e-7, precioUnitario: 0.29, costoPromedio: 4719.611 },
          { producto: u(7), cantidad: 0.333333, precioUnitario: -1.5, descuento: 0.01, impuestos: 9999999999999.99, costoPromedio: 0 },
        ] },
        { uuid: u(9), negocio: u(2), fecha: '2099-01-01T00:00:00.5Z', estado: 'Pendiente', lineas: [{ producto: u(7), cantidad: 12345.5, precioUnitario: 1, costoPromedio: 0.0001 }] },
      ],
    }; // prettier-ignore
    expect(validateDataset({ tenants: [extremos] })).toEqual([]);
    await loadDataset(client, { tenants: [extremos] }, { replace: false });
    const tenant = key(extremos.uuid);
    const lines = await client.query(`select cantidad::text, valor::text from pago_empleado_detalle where tenant_id = $1 order by id`, [
      tenant,
    ]);
    expect(lines.rows).toEqual([
      { cantidad: '0.0005', valor: '9999999999999.99' },
      { cantidad: '-3.0000', valor: '0.01' },
      { cantidad: '12345678.1234', valor: '123.40' },
      { cantidad: '0.0000', valor: '-52000.50' },
      { cantidad: '0.0000', valor: '0.00' },
    ]);
    const payslip = await client.query(
      `select salario_base::text, dias_trabajados::text, total_devengados::text, total_deducciones::text, total_neto::text,
              aportes_devengados::text, aportes_deducciones::text, aportes_lineas, pago_fecha_desde::text, pago_fecha_pago::text, pago_definitivo
         from pago_empleado where tenant_id = $1`,
      [tenant],
    );
    expect(payslip.rows).toEqual([{
      salario_base: '0.10', dias_trabajados: '15.5000', total_devengados: '10000000000123.40', total_deducciones: '-52000.50',
      total_neto: '10000000052123.90', aportes_devengados: '0.00', aportes_deducciones: '-52000.50', aportes_lineas: 2,
      pago_fecha_desde: '1999-12-31', pago_fecha_pago: '2000-01-01', pago_definitivo: false,
    }]); // prettier-ignore
    const sales = await client.query(
      `select venta_id::text, linea, fecha, estado, cantidad::text, precio_unitario::text, descuento::text, impuestos::text, costo_promedio::text
         from venta_linea where tenant_id = $1 order by venta_id, linea`,
      [tenant],
    );
    expect(sales.rows.map((r) => ({ ...r, fecha: r.fecha.toISOString() }))).toEqual([
      {
        venta_id: u(8),
        linea: 0,
        fecha: '1999-12-31T23:59:59.999Z',
        estado: 'Anulada',
        cantidad: '0.0000001',
        precio_unitario: '0.29',
        descuento: '0.00',
        impuestos: '0.00',
        costo_promedio: '4719.611',
      },
      {
        venta_id: u(8),
        linea: 1,
        fecha: '1999-12-31T23:59:59.999Z',
        estado: 'Anulada',
        cantidad: '0.333333',
        precio_unitario: '-1.50',
        descuento: '0.01',
        impuestos: '9999999999999.99',
        costo_promedio: '0',
      },
      {
        venta_id: u(9),
        linea: 0,
        fecha: '2099-01-01T00:00:00.500Z',
        estado: 'Pendiente',
        cantidad: '12345.5',
        precio_unitario: '1.00',
        descuento: '0.00',
        impuestos: '0.00',
        costo_promedio: '0.0001',
      },
    ]);
    const venta = await client.query(`select fecha, estado from venta where tenant_id = $1 order by id`, [tenant]);
    expect(venta.rows.map((r) => [r.fecha.toISOString(), r.estado])).toEqual([
      ['1999-12-31T23:59:59.999Z', 'Anulada'],
      ['2099-01-01T00:00:00.500Z', 'Pendiente'],
    ]);
  });

  it('refuses a tenant that exists without --replace, and changes nothing', async () => {
    const before = await snapshot();
    const attempt = loadDataset(client, { tenants: [PACIFICO] }, { replace: false });
    await expect(attempt).rejects.toBeInstanceOf(ImportError);
    await expect(attempt).rejects.toMatchObject({
      code: 'TENANT_EXISTS',
      message: `El tenant ${PACIFICO.uuid} (${PACIFICO.nombre}) ya existe; use --replace para reemplazar sus datos`,
    });
    expect(await snapshot()).toEqual(before);
  });

  it('rolls back every tenant of the file when a later one fails', async () => {
    const before = await snapshot();
    const fresh: TenantInput = { uuid: '11111111-2222-4333-8444-555555555555', nit: '1', nombre: 'Nuevo', activo: true };
    await expect(loadDataset(client, { tenants: [fresh, INACTIVAS] }, { replace: false })).rejects.toMatchObject({ code: 'TENANT_EXISTS' });
    expect(await snapshot()).toEqual(before);
  });

  it('rolls back a replace that fails half-way through the payments', async () => {
    const before = await snapshot();
    function* failing(): Generator<PagoInput> {
      yield pagosOf(PACIFICO)[0];
      yield pagosOf(PACIFICO)[1];
      throw new Error('fuente rota');
    }
    await expect(loadDataset(client, { tenants: [{ ...PACIFICO, pagos: failing() }] }, { replace: true })).rejects.toThrow('fuente rota');
    expect(await snapshot()).toEqual(before);
    // The connection is usable afterwards.
    expect((await client.query('select 1 as ok')).rows).toEqual([{ ok: 1 }]);
  });

  it('refuses an e-mail that already logs in to another tenant', async () => {
    const before = await snapshot();
    const intruder: TenantInput = {
      uuid: '21111111-2222-4333-8444-555555555555', nit: '2', nombre: 'Intruso', activo: true,
      negocios: [{ uuid: '31111111-2222-4333-8444-555555555555', nombre: 'N' }],
      usuarios: [{ uuid: '41111111-2222-4333-8444-555555555555', email: ANDINA.usuarios![0].email.toUpperCase(), password: 'x'.repeat(8), nombre: 'I', apellido: 'I', negocios: ['31111111-2222-4333-8444-555555555555'] }],
    }; // prettier-ignore
    await expect(loadDataset(client, { tenants: [intruder] }, { replace: false })).rejects.toMatchObject({ code: 'EMAIL_IN_USE' });
    expect(await snapshot()).toEqual(before);
  });

  it('catches a reference to nothing even without the per-row foreign keys', async () => {
    const before = await snapshot();
    const broken = structuredClone(PACIFICO);
    broken.productos![0].categoria = '51111111-2222-4333-8444-555555555555';
    await expect(loadDataset(client, { tenants: [broken] }, { replace: true })).rejects.toThrow(/producto/);
    expect(await snapshot()).toEqual(before);
  });

  it('keeps the per-row foreign keys for a role that may not switch them off', async () => {
    const su = await client.query(`select current_setting('is_superuser') as su`);
    if (su.rows[0].su !== 'on') return; // creating a role needs the privilege this test is about
    await client.query(`do $$ begin
      if not exists (select from pg_roles where rolname = 'importer_plain') then create role importer_plain login password 'plain-password'; end if;
    end $$`);
    await client.query('grant usage on schema public to importer_plain');
    await client.query('grant all on all tables in schema public to importer_plain');
    const plainUrl = new URL(url);
    plainUrl.username = 'importer_plain';
    plainUrl.password = 'plain-password';
    const plain = new Client({ connectionString: plainUrl.toString() });
    await plain.connect();
    try {
      const before = await snapshot();
      const broken = structuredClone(PACIFICO);
      broken.productos![0].categoria = '51111111-2222-4333-8444-555555555555';
      await expect(loadDataset(plain, { tenants: [broken] }, { replace: true })).rejects.toMatchObject({ code: '23503' });
      await loadDataset(plain, { tenants: [PACIFICO] }, { replace: true });
      expect(await snapshot()).toEqual(before);
    } finally {
      await plain.end();
    }
  });

  it('replaces a tenant: its old rows go (line tables included), other tenants stay', async () => {
    const before = await snapshot();
    const changed = structuredClone(PACIFICO);
    const dropped = pagosOf(changed).pop()!;
    changed.nombre = 'Pacífico Renombrado';
    await loadDataset(client, { tenants: [changed] }, { replace: true });
    expect(await count('pago', 'tenant_id = $1 and id = $2', [key(PACIFICO.uuid), key(dropped.uuid)])).toBe(0);
    expect(await count('pago_empleado_detalle', 'tenant_id = $1 and pago_id = $2', [key(PACIFICO.uuid), key(dropped.uuid)])).toBe(0);
    expect((await client.query('select nombre from tenant where id = $1', [key(PACIFICO.uuid)])).rows[0].nombre).toBe(
      'Pacífico Renombrado',
    );
    const after = await snapshot();
    expect(after.pago).not.toEqual(before.pago);

    await loadDataset(client, { tenants: [PACIFICO] }, { replace: true });
    expect(await snapshot()).toEqual(before);
  });

  it('never moves the e-payroll sequence backwards on replace', async () => {
    // A tenant of its own: nothing but the sequence matters here, and it keeps the test fast.
    const small: TenantInput = {
      uuid: '61111111-2222-4333-8444-555555555555',
      nit: '6',
      nombre: 'Secuencia',
      activo: true,
      nominaElectronica: { prefijo: 'NE', siguienteNumero: 591 },
    };
    const tenant = key(small.uuid);
    const sequence = async (): Promise<unknown> =>
      (await client.query('select prefijo, siguiente_numero from nomina_electronica_secuencia where tenant_id = $1', [tenant])).rows[0];
    await loadDataset(client, { tenants: [small] }, { replace: false });
    expect(await sequence()).toEqual({ prefijo: 'NE', siguiente_numero: '591' });
    // The API has issued numbers since the first import.
    await client.query('update nomina_electronica_secuencia set siguiente_numero = 700 where tenant_id = $1', [tenant]);

    await loadDataset(client, { tenants: [small] }, { replace: true });
    expect(await sequence()).toEqual({ prefijo: 'NE', siguiente_numero: '700' });

    await loadDataset(client, { tenants: [{ ...small, nominaElectronica: { prefijo: 'NE', siguienteNumero: 900 } }] }, { replace: true });
    expect(await sequence()).toEqual({ prefijo: 'NE', siguiente_numero: '900' });

    const { nominaElectronica: _none, ...withoutSequence } = small;
    await loadDataset(client, { tenants: [withoutSequence] }, { replace: true });
    expect(await sequence()).toEqual({ prefijo: 'NE', siguiente_numero: '900' });

    await loadDataset(client, { tenants: [{ ...small, nominaElectronica: { prefijo: 'NEX', siguienteNumero: 5 } }] }, { replace: true });
    expect(await sequence()).toEqual({ prefijo: 'NEX', siguiente_numero: '5' });
  });
});

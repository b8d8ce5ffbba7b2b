import type { Dataset, NegocioInput, PagoInput, TenantInput, UsuarioInput, VentaInput } from '../dataset.types';
import { CONCEPTOS, TIPOS_COTIZANTE } from './catalogs';
import { PayrollPlan, buildSpecs, countPagos, generatePagos } from './payroll-payments';
import { PeriodCfg, generatePeople } from './payroll-people';
import { rngFor, uuidFrom } from './prng';
import { SalesBusiness, countVentas, generateCategorias, generateProductos, generateVentas } from './sales';
import { RECORDS_PER_IDENTITY, dianCheckDigit, generateProveedores } from './suppliers';

/**
 * Deterministic Colombian demo data: same options, byte-identical dataset. Payments and sales are
 * lazy, re-iterable collections so the large scale never holds millions of lines in memory.
 */

export type Scale = 'demo' | 'medium' | 'large';

export interface GenerateOptions {
  scale: Scale;
  seed?: number;
}

export interface DemoLogin {
  email: string;
  password: string;
  tenant: string;
  note: string;
}

export interface DatasetStats {
  tenants: number;
  pagos: number;
  pagosEmpleado: number;
  lineasNomina: number;
  ventas: number;
  lineasVenta: number;
  /** supplier entries (one per identification and ubicacion) */
  proveedores: number;
  /** supplier records as the API counts them (one per establishment) */
  establecimientos: number;
}

export const DEFAULT_SEED = 20240601;

interface ScaleCfg {
  employees: number;
  startYear: number;
  months: number;
  /** products and sales of the first tenant's premium business */
  mainProducts: number;
  mainSales: number;
  /** sales of the first tenant's non-premium business */
  sideSales: number;
  /** supplier identities of the first tenant */
  supplierIdentities: number;
}

const SCALES: Record<Scale, ScaleCfg> = {
  demo: { employees: 60, startYear: 2024, months: 24, mainProducts: 60, mainSales: 300, sideSales: 150, supplierIdentities: 200 },
  medium: {
    employees: 500,
    startYear: 2016,
    months: 120,
    mainProducts: 200,
    mainSales: 33_000,
    sideSales: 1_500,
    supplierIdentities: Math.round(5_000 / RECORDS_PER_IDENTITY),
  },
  large: {
    employees: 5_000,
    startYear: 2016,
    months: 120,
    mainProducts: 2_000,
    mainSales: 330_000,
    sideSales: 3_000,
    supplierIdentities: Math.round(50_000 / RECORDS_PER_IDENTITY),
  },
};

// ---------------------------------------------------------------------------------------------
// Fixed cast: tenants, businesses and users are the same at every scale.

type Subscription = 'premium' | 'expired' | 'future' | 'gratis' | 'trial' | 'null' | 'absent';

interface UserDef {
  email: string;
  password: string;
  nombre: string;
  apellido: string;
  rol: 'ADMIN' | 'CONTADOR';
  activo: boolean;
  /** indexes into the tenant's businesses; the first is the default */
  negocios: [number, number];
  note: string;
}

interface TenantDef {
  nitBase: string;
  nombre: string;
  activo: boolean;
  nominaElectronica?: { prefijo: string; siguienteNumero: number };
  negocios: ReadonlyArray<{ nombre: string; sub: Subscription; products: number; sales: number }>;
  users: UserDef[];
}

/** Products/sales of -1 take the scale's main business sizes; -2 the side business sales. */
const TENANTS: TenantDef[] = [
  {
    nitBase: '900123456',
    nombre: 'Comercializadora Andina S.A.S.',
    activo: true,
    nominaElectronica: { prefijo: 'NEA', siguienteNumero: 1001 },
    negocios: [
      { nombre: 'Sede Norte', sub: 'premium', products: -1, sales: -1 },
      { nombre: 'Sede Sur', sub: 'null', products: 25, sales: -2 },
      { nombre: 'Sede Centro', sub: 'expired', products: 0, sales: 0 },
      { nombre: 'Sede Chapinero', sub: 'future', products: 0, sales: 0 },
    ],
    users: [
      {
        email: 'admin@andina.demo.co',
        password: 'Andina#2024',
        nombre: 'Ana',
        apellido: 'Gómez Pérez',
        rol: 'ADMIN',
        activo: true,
        negocios: [0, 1],
        note: 'ADMIN, 2 negocios, Sede Norte es premium (por defecto), Sede Sur sin suscripción',
      },
      {
        email: 'contador@andina.demo.co',
        password: 'Contador#2024',
        nombre: 'José',
        apellido: 'Muñoz Ramírez',
        rol: 'CONTADOR',
        activo: true,
        negocios: [1, 0],
        note: 'CONTADOR, negocio por defecto Sede Sur sin premium (402 en reportUtility salvo businessId de Sede Norte)',
      },
      {
        email: 'gerencia@andina.demo.co',
        password: 'Gerencia#2024',
        nombre: 'Lucía',
        apellido: 'Núñez Peña',
        rol: 'ADMIN',
        activo: true,
        negocios: [2, 0],
        note: 'ADMIN, por defecto Sede Centro con premium vencido (402), Sede Norte premium',
      },
      {
        email: 'compras@andina.demo.co',
        password: 'Compras#2024',
        nombre: 'Óscar',
        apellido: 'Ibáñez Rodríguez',
        rol: 'CONTADOR',
        activo: true,
        negocios: [3, 0],
        note: 'CONTADOR, por defecto Sede Chapinero con premium que aún no empieza (402), Sede Norte premium',
      },
      {
        email: 'inactivo@andina.demo.co',
        password: 'Inactivo#2024',
        nombre: 'Pedro',
        apellido: 'Ramírez Acuña',
        rol: 'ADMIN',
        activo: false,
        negocios: [0, 1],
        note: 'usuario inactivo (401 "Usuario inactivo")',
      },
    ],
  },
  {
    nitBase: '901456789',
    nombre: 'Distribuidora del Pacífico S.A.S.',
    activo: true,
    negocios: [
      { nombre: 'Tienda Cali Centro', sub: 'premium', products: 40, sales: 300 },
      { nombre: 'Tienda Palmira', sub: 'gratis', products: 20, sales: 150 },
      { nombre: 'Bodega Buenaventura', sub: 'trial', products: 0, sales: 0 },
    ],
    users: [
      {
        email: 'admin@pacifico.demo.co',
        password: 'Pacifico#2024',
        nombre: 'María José',
        apellido: 'Peña Ibáñez',
        rol: 'ADMIN',
        activo: true,
        negocios: [0, 1],
        note: 'ADMIN, 2 negocios, Tienda Cali Centro es premium, Tienda Palmira plan GRATIS; tenant sin secuencia de nómina electrónica (NE1...)',
      },
      {
        email: 'nomina@pacifico.demo.co',
        password: 'Nomina#2024',
        nombre: 'Andrés',
        apellido: 'Rodríguez Suárez',
        rol: 'CONTADOR',
        activo: true,
        negocios: [1, 0],
        note: 'CONTADOR, por defecto Tienda Palmira (GRATIS, 402), Tienda Cali Centro premium',
      },
    ],
  },
  {
    nitBase: '830045678',
    nombre: 'Inversiones El Ocaso S.A.S.',
    activo: false,
    negocios: [
      { nombre: 'Oficina Principal', sub: 'premium', products: 0, sales: 0 },
      { nombre: 'Sucursal Norte', sub: 'absent', products: 0, sales: 0 },
    ],
    users: [
      {
        email: 'admin@ocaso.demo.co',
        password: 'Ocaso#2024',
        nombre: 'Jorge',
        apellido: 'Cárdenas Ospina',
        rol: 'ADMIN',
        activo: true,
        negocios: [0, 1],
        note: 'tenant inactivo (401 "Tenant no existe o está inactivo")',
      },
    ],
  },
];

export const DEMO_LOGINS: DemoLogin[] = TENANTS.flatMap((t) =>
  t.users.map((u) => ({ email: u.email, password: u.password, tenant: t.nombre, note: u.note })),
);

function suscripcion(sub: Subscription): NegocioInput['suscripcion'] {
  switch (sub) {
    case 'premium':
      return { plan: 'PREMIUM', desde: '2020-01-01T00:00:00.000Z', hasta: '2099-12-31T23:59:59.999Z' };
    case 'expired':
      return { plan: 'PREMIUM', desde: '2020-01-01T00:00:00.000Z', hasta: '2023-12-31T23:59:59.999Z' };
    case 'future':
      return { plan: 'PREMIUM', desde: '2099-01-01T00:00:00.000Z', hasta: '2099-12-31T23:59:59.999Z' };
    case 'gratis':
      return { plan: 'GRATIS', desde: '2020-01-01T00:00:00.000Z', hasta: '2099-12-31T23:59:59.999Z' };
    case 'trial':
      return { plan: 'TRIAL', desde: '2024-01-01T00:00:00.000Z', hasta: '2099-12-31T23:59:59.999Z' };
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------

const TAG_ENTITIES = 1;
const TAG_PEOPLE = 2;
const TAG_PRODUCTS = 3;
const TAG_SUPPLIERS = 4;

interface BuiltTenant {
  tenant: TenantInput;
  payroll: PayrollPlan;
  sales: SalesBusiness[];
}

function periodFor(ti: number, cfg: ScaleCfg): PeriodCfg {
  return TENANTS[ti].activo
    ? { employees: cfg.employees, startYear: cfg.startYear, startMonth: 1, months: cfg.months }
    : { employees: 5, startYear: 2025, startMonth: 11, months: 2 };
}

function buildTenant(ti: number, cfg: ScaleCfg, seed: number): BuiltTenant {
  const def = TENANTS[ti];
  const er = rngFor(seed, ti, TAG_ENTITIES);
  const uuid = uuidFrom(er);

  const negocios: NegocioInput[] = def.negocios.map((n) => {
    const neg: NegocioInput = { uuid: uuidFrom(er), nombre: n.nombre };
    if (n.sub !== 'absent') neg.suscripcion = suscripcion(n.sub);
    return neg;
  });
  const usuarios: UsuarioInput[] = def.users.map((u) => {
    const out: UsuarioInput = {
      uuid: uuidFrom(er),
      email: u.email,
      password: u.password,
      nombre: u.nombre,
      apellido: u.apellido,
      rol: u.rol,
      negocios: u.negocios.map((i) => negocios[i].uuid),
    };
    if (!u.activo) out.activo = false;
    return out;
  });
  const groups = { adm: uuidFrom(er), ope: uuidFrom(er) };
  const catalog = generateCategorias(er);

  // Payroll
  const period = periodFor(ti, cfg);
  const people = generatePeople(rngFor(seed, ti, TAG_PEOPLE), period, def.activo, ti === 0);
  const payroll: PayrollPlan = {
    seed,
    tenantIndex: ti,
    bonds: people.bonds,
    specs: buildSpecs(period, people.bonds, groups, ti === 0),
  };

  // Products and sales
  const productos: TenantInput['productos'] = [];
  const sales: SalesBusiness[] = [];
  def.negocios.forEach((n, bi) => {
    const count = n.products === -1 ? cfg.mainProducts : n.products;
    if (count === 0) return;
    const generated = generateProductos(rngFor(seed, ti, TAG_PRODUCTS, bi), negocios[bi].uuid, count, catalog, 'PSTU'[bi] ?? 'X');
    productos.push(...generated.productos);
    const salesCount = n.sales === -1 ? cfg.mainSales : n.sales === -2 ? cfg.sideSales : n.sales;
    if (salesCount > 0) sales.push({ key: bi, negocio: negocios[bi].uuid, products: generated.products, sales: salesCount });
  });

  const identities = !def.activo ? 6 : ti === 0 ? cfg.supplierIdentities : 200;
  const proveedores = generateProveedores(rngFor(seed, ti, TAG_SUPPLIERS), identities, def.activo);

  const tenant: TenantInput = {
    uuid,
    nit: `${def.nitBase}-${dianCheckDigit(def.nitBase)}`,
    nombre: def.nombre,
    activo: def.activo,
  };
  if (def.nominaElectronica) tenant.nominaElectronica = { ...def.nominaElectronica };
  Object.assign(tenant, {
    negocios,
    usuarios,
    tiposCotizante: TIPOS_COTIZANTE.map((t) => ({ ...t })),
    conceptos: CONCEPTOS.map((c) => ({ ...c })),
    gruposPago: [
      { uuid: groups.adm, codigo: 'ADM', nombre: 'Administrativos' },
      { uuid: groups.ope, codigo: 'OPE', nombre: 'Operativos' },
    ],
    empleados: people.empleados,
    pagos: { [Symbol.iterator]: (): Iterator<PagoInput> => generatePagos(payroll) } as Iterable<PagoInput>,
  });
  if (productos.length > 0) {
    tenant.categorias = catalog.categorias;
    tenant.productos = productos;
  }
  if (sales.length > 0) {
    tenant.ventas = { [Symbol.iterator]: (): Iterator<VentaInput> => generateVentas(seed, ti, sales) };
  }
  tenant.proveedores = proveedores;
  return { tenant, payroll, sales };
}

function scaleCfg(scale: Scale): ScaleCfg {
  const cfg = SCALES[scale];
  if (!cfg) throw new Error(`Escala desconocida "${String(scale)}"; use demo, medium o large.`);
  return cfg;
}

export function generateDataset(opts: GenerateOptions): Dataset {
  const cfg = scaleCfg(opts.scale);
  const seed = opts.seed ?? DEFAULT_SEED;
  return { tenants: TENANTS.map((_, ti) => buildTenant(ti, cfg, seed).tenant) };
}

/** Expected counts, computed without building payments or sales (cheap enough for progress bars). */
export function datasetStats(opts: GenerateOptions): DatasetStats {
  const cfg = scaleCfg(opts.scale);
  const seed = opts.seed ?? DEFAULT_SEED;
  const stats: DatasetStats = {
    tenants: 0,
    pagos: 0,
    pagosEmpleado: 0,
    lineasNomina: 0,
    ventas: 0,
    lineasVenta: 0,
    proveedores: 0,
    establecimientos: 0,
  };
  TENANTS.forEach((_, ti) => {
    const built = buildTenant(ti, cfg, seed);
    const p = countPagos(built.payroll);
    const v = countVentas(seed, ti, built.sales);
    const provs = built.tenant.proveedores ?? [];
    stats.tenants++;
    stats.pagos += p.pagos;
    stats.pagosEmpleado += p.pagosEmpleado;
    stats.lineasNomina += p.lineas;
    stats.ventas += v.ventas;
    stats.lineasVenta += v.lineas;
    stats.proveedores += provs.length;
    for (const pr of provs) stats.establecimientos += pr.establecimientos.length;
  });
  return stats;
}

/** Turns the lazy collections into arrays (for JSON files, validation and tests; demo scale only). */
export function materializeDataset(ds: Dataset): Dataset {
  return {
    tenants: ds.tenants.map((t) => {
      const out: TenantInput = { ...t };
      if (t.pagos) out.pagos = Array.from(t.pagos);
      if (t.ventas) out.ventas = Array.from(t.ventas);
      return out;
    }),
  };
}

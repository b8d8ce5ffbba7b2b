import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { sign } from 'jsonwebtoken';
import { Client } from 'pg';
import type { Dataset } from '@nomina-api/importer/dataset.types';
import { createTestApp, expectProblem, get, type InjectResult, login, post, TEST_JWT_SECRET } from './support/test-app';
import { seedDatabase } from './support/test-database';

// Seeding (migrations, scrypt hashes) and the streaming tests take longer than jest's default 5 s.
jest.setTimeout(60_000);

/**
 * GET /reports/reportUtility (CONTRACT §4) on a database of its own with hand-made sales whose
 * every expected figure is computed below by hand (exact decimal arithmetic in the comments).
 */

/** Wire field order of the sales reports' rows and totals (CONTRACT §4, §11.4), stated here rather than read from the code under test. */
const SALE_FIELDS = ['quantity', 'totalBruto', 'totalDiscount', 'totalTaxes', 'total'];
const PRODUCT_FIELDS = ['productId', 'code', 'name', 'categoryName', ...SALE_FIELDS];

const PASSWORD = 'Clave-Segura#2024';
const TENANT_A = '0a0a0a0a-0000-4000-8000-000000000001';
const TENANT_B = '0b0b0b0b-0000-4000-8000-000000000001';
const TENANT_OFF = '0c0c0c0c-0000-4000-8000-000000000001';

const NORTE = '11111111-0000-4000-8000-000000000001'; // PREMIUM, vigente
const SUR = '11111111-0000-4000-8000-000000000002'; // PREMIUM, vigente
const GRATIS = '11111111-0000-4000-8000-000000000003'; // plan GRATIS
const VENCIDO = '11111111-0000-4000-8000-000000000004'; // PREMIUM que terminó en 2021
const FUTURO = '11111111-0000-4000-8000-000000000005'; // PREMIUM que empieza en 2098
const TRIAL = '11111111-0000-4000-8000-000000000006'; // plan TRIAL
const SIN_PLAN = '11111111-0000-4000-8000-000000000007'; // sin suscripción
const AJENO = '22222222-0000-4000-8000-000000000001'; // PREMIUM de otro tenant
const CERRADO = '33333333-0000-4000-8000-000000000001'; // PREMIUM de un tenant inactivo
// A tenant of its own for the tests that move the clock: what they leave in caches touches no other test.
const TENANT_RELOJ = '0d0d0d0d-0000-4000-8000-000000000001';
const LIMITE = '44444444-0000-4000-8000-000000000001'; // PREMIUM de PLAN_DESDE a PLAN_HASTA
const CACHE = '44444444-0000-4000-8000-000000000002'; // PREMIUM vigente, borrada por el test de la caché
// 08:00 and 10:00 in Bogotá (13:00Z, 15:00Z): one calendar day in both zones, so a comparison by day cannot tell them apart.
const PLAN_DESDE = '2030-03-01T13:00:00.000Z';
const PLAN_HASTA = '2030-03-14T15:00:00.000Z';

const uuid = (n: string): string => `c0ffee00-0000-4000-8000-0000000000${n}`;
const sale = (n: string): string => `5a1e0000-0000-4000-8000-0000000000${n}`;
const wire = (u: string): string => u.replace(/-/g, '').toUpperCase();

const P1 = uuid('01');
const P2 = uuid('02');
const P3 = uuid('03');
const P4 = uuid('04');
const P5 = uuid('05');
const P6 = uuid('06');
const Q1 = uuid('11');
const R1 = uuid('21');
const X1 = uuid('31');

const premium = { plan: 'PREMIUM' as const, desde: '2020-01-01T00:00:00Z', hasta: '2099-12-31T23:59:59Z' };
const user = (id: string, email: string, negocios: string[]) => ({
  uuid: id,
  email,
  password: PASSWORD,
  nombre: email.split('@')[0],
  apellido: 'Prueba',
  negocios,
});

const DATASET: Dataset = {
  tenants: [
    {
      uuid: TENANT_A,
      nit: '900000001',
      nombre: 'Comercial Prueba S.A.S.',
      activo: true,
      negocios: [
        { uuid: NORTE, nombre: 'Tienda Norte', suscripcion: premium },
        { uuid: SUR, nombre: 'Tienda Sur', suscripcion: premium },
        {
          uuid: GRATIS,
          nombre: 'Tienda Gratis',
          suscripcion: { plan: 'GRATIS', desde: '2020-01-01T00:00:00Z', hasta: '2099-12-31T23:59:59Z' },
        },
        {
          uuid: VENCIDO,
          nombre: 'Tienda Vencida',
          suscripcion: { plan: 'PREMIUM', desde: '2020-01-01T00:00:00Z', hasta: '2021-12-31T23:59:59.999Z' },
        },
        {
          uuid: FUTURO,
          nombre: 'Tienda Futura',
          suscripcion: { plan: 'PREMIUM', desde: '2098-01-01T00:00:00Z', hasta: '2099-12-31T23:59:59Z' },
        },
        {
          uuid: TRIAL,
          nombre: 'Tienda Trial',
          suscripcion: { plan: 'TRIAL', desde: '2020-01-01T00:00:00Z', hasta: '2099-12-31T23:59:59Z' },
        },
        { uuid: SIN_PLAN, nombre: 'Tienda Sin Plan', suscripcion: null },
      ],
      usuarios: [
        user('aaaa0000-0000-4000-8000-000000000001', 'ana@prueba.co', [NORTE, SUR, GRATIS]),
        user('aaaa0000-0000-4000-8000-000000000002', 'beto@prueba.co', [NORTE, SUR]),
        user('aaaa0000-0000-4000-8000-000000000003', 'carla@prueba.co', [VENCIDO]),
        user('aaaa0000-0000-4000-8000-000000000004', 'diego@prueba.co', [FUTURO]),
        user('aaaa0000-0000-4000-8000-000000000005', 'elena@prueba.co', [TRIAL]),
        user('aaaa0000-0000-4000-8000-000000000006', 'fabio@prueba.co', [SIN_PLAN]),
        user('aaaa0000-0000-4000-8000-000000000007', 'gina@prueba.co', [GRATIS]),
      ],
      categorias: [
        { uuid: 'ca000000-0000-4000-8000-000000000001', nombre: 'Bebidas' },
        { uuid: 'ca000000-0000-4000-8000-000000000002', nombre: 'Panadería' },
        { uuid: 'ca000000-0000-4000-8000-000000000003', nombre: 'Promociones' },
        { uuid: 'ca000000-0000-4000-8000-000000000004', nombre: 'Verduras' },
      ],
      productos: [
        { uuid: P1, negocio: NORTE, categoria: 'ca000000-0000-4000-8000-000000000001', codigo: 'A-100', nombre: 'Café especial, tostado' },
        { uuid: P2, negocio: NORTE, categoria: null, codigo: 'B-200', nombre: 'Azúcar "morena" 1 kg' },
        { uuid: P3, negocio: NORTE, categoria: 'ca000000-0000-4000-8000-000000000002', codigo: 'C-300', nombre: 'Pan de yuca' },
        { uuid: P4, negocio: NORTE, categoria: 'ca000000-0000-4000-8000-000000000003', codigo: 'D-400', nombre: '=Promo día' },
        { uuid: P5, negocio: NORTE, categoria: 'ca000000-0000-4000-8000-000000000003', codigo: 'E-500', nombre: 'Vela aromática' },
        { uuid: P6, negocio: NORTE, categoria: 'ca000000-0000-4000-8000-000000000004', codigo: 'D-350', nombre: 'Ñame criollo' },
        // Same code as P1, in another business: with allBusiness both rows stay apart.
        { uuid: Q1, negocio: SUR, categoria: 'ca000000-0000-4000-8000-000000000001', codigo: 'A-100', nombre: 'Café de origen' },
        { uuid: R1, negocio: GRATIS, codigo: 'Z-900', nombre: 'Producto gratis' },
      ],
      // Lines: [producto, cantidad, precioUnitario, descuento, impuestos, costoPromedio]
      ventas: [
        venta(sale('00'), NORTE, '2024-02-29T23:59:59.999Z', 'Pagada', [[P1, 1, 5000, 0, 0, 1234.5678]]), // 1 ms before March
        venta(sale('a1'), NORTE, '2024-03-01T00:00:00.000Z', 'Pagada', [
          [P1, 2, 5000, 500, 855, 1234.5678],
          [P2, 1.5, 3000.5, 0, 0, 2000.0001],
          [P1, 1, 5000, 0, 950, 1234.5678], // second line of P1 in the same sale: one detail row
        ]),
        venta(sale('b2'), NORTE, '2024-03-15T12:30:45.123Z', 'Pendiente', [
          [P1, 0.25, 5200, 0, 247, 1000.1234],
          [P3, 10, 1500, 1500, 0, 900.5],
        ]),
        // Same instant as b2 with a smaller uuid: detail order puts it first.
        venta(sale('a7'), NORTE, '2024-03-15T12:30:45.123Z', 'Pendiente', [[P3, 0.5, 1500, 0, 0, 905.5]]),
        venta(sale('a3'), NORTE, '2024-03-20T08:00:00.000Z', 'Anulada', [[P1, 100, 5000, 0, 0, 1234.5678]]),
        venta(sale('a6'), NORTE, '2024-03-10T10:00:00.000Z', 'Pendiente', [
          [P5, 1, 20, 0, 0, 10.0025],
          [P6, 4, 25, 0, 0, 20],
        ]),
        venta(sale('a4'), NORTE, '2024-03-31T23:59:59.999Z', 'Pagada', [
          [P3, 3, 1500, 0, 855, 910.25],
          [P2, 2, 3000.5, 100, 0, 2100.1],
          [P4, 1, 100, 0, 19, 150.555],
          [P5, 1, 20, 0, 0, 10],
        ]),
        venta(sale('a5'), NORTE, '2024-04-01T00:00:00.000Z', 'Pagada', [[P3, 1, 1500, 0, 0, 900]]), // 1 ms after March
        venta(sale('c1'), SUR, '2024-03-05T09:15:00.500Z', 'Pagada', [[Q1, 4, 2500, 0, 1900, 1500.3333]]),
        venta(sale('c2'), GRATIS, '2024-03-05T09:15:00.500Z', 'Pagada', [[R1, 1, 100, 0, 0, 50]]),
      ],
    },
    {
      uuid: TENANT_B,
      nit: '900000002',
      nombre: 'Otra Empresa Ltda.',
      activo: true,
      negocios: [{ uuid: AJENO, nombre: 'Sede Ajena', suscripcion: premium }],
      usuarios: [user('bbbb0000-0000-4000-8000-000000000001', 'zoe@otra.co', [AJENO])],
      productos: [{ uuid: X1, negocio: AJENO, codigo: 'A-100', nombre: 'Producto ajeno' }],
      ventas: [venta(sale('d1'), AJENO, '2024-03-02T10:00:00.000Z', 'Pagada', [[X1, 7, 1000, 0, 0, 600]])],
    },
    {
      uuid: TENANT_OFF,
      nit: '900000003',
      nombre: 'Empresa Cerrada',
      activo: false,
      negocios: [{ uuid: CERRADO, nombre: 'Sede Cerrada', suscripcion: premium }],
      usuarios: [user('cccc0000-0000-4000-8000-000000000001', 'ivan@cerrada.co', [CERRADO])],
    },
    {
      uuid: TENANT_RELOJ,
      nit: '900000004',
      nombre: 'Relojería Prueba S.A.S.',
      activo: true,
      negocios: [
        { uuid: LIMITE, nombre: 'Tienda Límite', suscripcion: { plan: 'PREMIUM', desde: PLAN_DESDE, hasta: PLAN_HASTA } },
        { uuid: CACHE, nombre: 'Tienda Caché', suscripcion: premium },
      ],
      usuarios: [
        user('dddd0000-0000-4000-8000-000000000001', 'hugo@reloj.co', [LIMITE]),
        user('dddd0000-0000-4000-8000-000000000002', 'ines@reloj.co', [CACHE]),
      ],
    },
  ],
};

type Line = [string, number, number, number, number, number];
function venta(id: string, negocio: string, fecha: string, estado: 'Pagada' | 'Pendiente' | 'Anulada', lineas: Line[]) {
  return {
    uuid: id,
    negocio,
    fecha,
    estado,
    lineas: lineas.map(([producto, cantidad, precioUnitario, descuento, impuestos, costoPromedio]) => ({
      producto,
      cantidad,
      precioUnitario,
      descuento,
      impuestos,
      costoPromedio,
    })),
  };
}

const MARCH = 'dateInitISO=2024-03-01T00:00:00.000Z&dateEndISO=2024-03-31T23:59:59.999Z';
const URL = '/reports/reportUtility';

/*
 * Expected rows of Tienda Norte in March, default statuses (Pagada + Pendiente; a3 Anulada is out,
 * 00 and a5 are 1 ms outside). b = Σ cantidad×precio, c = Σ cantidad×costo.
 *
 * P1 A-100: a1 (2×5000=10000, d 500, i 855, c 2×1234.5678=2469.1356) + a1 (1×5000=5000, i 950,
 *   c 1234.5678) + b2 (0.25×5200=1300, i 247, c 0.25×1000.1234=250.03085)
 *   q 3.25, b 16300, d 500, i 2052, total 16300−500+2052 = 17852,
 *   c = 2469.1356+1234.5678+250.03085 = 3953.73425, avgCost = 3953.73425/3.25 = 1216.53361538… → 1216.5336,
 *   grossProfit = 16300 − 3953.73425 = 12346.26575 → 12346.27
 * P2 B-200: a1 (1.5×3000.5=4500.75, c 1.5×2000.0001=3000.00015) + a4 (2×3000.5=6001, d 100, c 4200.2)
 *   q 3.5, b 10501.75, d 100, i 0, total 10401.75, c 7200.20015, avgCost 2057.20004285… → 2057.2,
 *   grossProfit 10501.75 − 7200.20015 = 3301.54985 → 3301.55
 * P3 C-300: b2 (10×1500=15000, d 1500, c 9005) + a7 (0.5×1500=750, c 452.75) + a4 (3×1500=4500, i 855, c 2730.75)
 *   q 13.5, b 20250, d 1500, i 855, total 19605, c 12188.5, avgCost 902.851851… → 902.8519, gp 8061.5
 * P6 D-350: a6 (4×25=100, c 80) → avgCost 20, gp 20
 * P4 D-400: a4 (1×100=100, i 19, c 150.555) → total 119, avgCost 150.555, gp 100−150.555 = −50.555 → −50.56 (half away from zero)
 * P5 E-500: a6 (20, c 10.0025) + a4 (20, c 10) → q 2, b 40, c 20.0025, avgCost 10.00125 → 10.0013 (a tie, rounded up), gp 19.9975 → 20
 * Order: totalBruto desc — 20250, 16300, 10501.75, 100 (D-350 before D-400 by code), 40.
 */
const GROUPED_NORTE = [
  {
    productId: wire(P3),
    code: 'C-300',
    name: 'Pan de yuca',
    categoryName: 'Panadería',
    quantity: 13.5,
    totalBruto: 20250,
    totalDiscount: 1500,
    totalTaxes: 855,
    total: 19605,
    avgCost: 902.8519,
    grossProfit: 8061.5,
  },
  {
    productId: wire(P1),
    code: 'A-100',
    name: 'Café especial, tostado',
    categoryName: 'Bebidas',
    quantity: 3.25,
    totalBruto: 16300,
    totalDiscount: 500,
    totalTaxes: 2052,
    total: 17852,
    avgCost: 1216.5336,
    grossProfit: 12346.27,
  },
  {
    productId: wire(P2),
    code: 'B-200',
    name: 'Azúcar "morena" 1 kg',
    categoryName: null,
    quantity: 3.5,
    totalBruto: 10501.75,
    totalDiscount: 100,
    totalTaxes: 0,
    total: 10401.75,
    avgCost: 2057.2,
    grossProfit: 3301.55,
  },
  {
    productId: wire(P6),
    code: 'D-350',
    name: 'Ñame criollo',
    categoryName: 'Verduras',
    quantity: 4,
    totalBruto: 100,
    totalDiscount: 0,
    totalTaxes: 0,
    total: 100,
    avgCost: 20,
    grossProfit: 20,
  },
  {
    productId: wire(P4),
    code: 'D-400',
    name: '=Promo día',
    categoryName: 'Promociones',
    quantity: 1,
    totalBruto: 100,
    totalDiscount: 0,
    totalTaxes: 19,
    total: 119,
    avgCost: 150.555,
    grossProfit: -50.56,
  },
  {
    productId: wire(P5),
    code: 'E-500',
    name: 'Vela aromática',
    categoryName: 'Promociones',
    quantity: 2,
    totalBruto: 40,
    totalDiscount: 0,
    totalTaxes: 0,
    total: 40,
    avgCost: 10.0013,
    grossProfit: 20,
  },
];

/*
 * Totals of the same lines: q 3.25+3.5+13.5+4+1+2 = 27.25; b 20250+16300+10501.75+100+100+40 = 47291.75;
 * d 1500+500+100 = 2100; i 855+2052+19 = 2926; total 47291.75−2100+2926 = 48117.75;
 * cost = 12188.5+3953.73425+7200.20015+80+150.555+20.0025 = 23592.9919 → 23592.99;
 * grossProfit = 47291.75 − 23592.9919 = 23698.7581 → 23698.76.
 */
const TOTALS_NORTE = {
  quantity: 27.25,
  totalBruto: 47291.75,
  totalDiscount: 2100,
  totalTaxes: 2926,
  total: 48117.75,
  cost: 23592.99,
  grossProfit: 23698.76,
};

/*
 * Detail (one row per product per sale), ordered by date, saleId, code:
 * a1 00:00:00.000 — P1 merges its two lines: q 3, b 15000, d 500, i 855+950 = 1805, total 16305,
 *   c 3703.7034, avgCost 1234.5678, gp 11296.2966 → 11296.3; P2: q 1.5, b 4500.75, c 3000.00015,
 *   avgCost 2000.0001, gp 1500.74985 → 1500.75
 * a6 03-10 — D-350 before E-500: P6 q 4, b 100, gp 20; P5 q 1, b 20, c 10.0025, avgCost 10.0025, gp 9.9975 → 10
 * a7 and b2 share 03-15T12:30:45.123Z; a7 < b2: P3 q 0.5, b 750, c 452.75, gp 297.25;
 *   b2: P1 q 0.25, b 1300, i 247, total 1547, c 250.03085, avgCost 1000.1234, gp 1049.96915 → 1049.97;
 *   P3 q 10, b 15000, d 1500, total 13500, avgCost 900.5, gp 5995
 * a4 23:59:59.999 — by code, not by line order: B-200 (q 2, b 6001, d 100, total 5901, avgCost 2100.1,
 *   gp 1800.8), C-300 (q 3, b 4500, i 855, total 5355, avgCost 910.25, gp 1769.25), D-400 (gp −50.56),
 *   E-500 (q 1, b 20, c 10, gp 10)
 */
const row = (saleId: string, date: string, product: (typeof GROUPED_NORTE)[number], figures: Partial<(typeof GROUPED_NORTE)[number]>) => ({
  saleId: wire(saleId),
  date,
  ...product,
  ...figures,
});
const [G3, G1, G2, G6, G4, G5] = GROUPED_NORTE;
const DETAIL_NORTE = [
  row(sale('a1'), '2024-03-01T00:00:00.000Z', G1, {
    quantity: 3,
    totalBruto: 15000,
    totalDiscount: 500,
    totalTaxes: 1805,
    total: 16305,
    avgCost: 1234.5678,
    grossProfit: 11296.3,
  }),
  row(sale('a1'), '2024-03-01T00:00:00.000Z', G2, {
    quantity: 1.5,
    totalBruto: 4500.75,
    totalDiscount: 0,
    totalTaxes: 0,
    total: 4500.75,
    avgCost: 2000.0001,
    grossProfit: 1500.75,
  }),
  row(sale('a6'), '2024-03-10T10:00:00.000Z', G6, {}),
  row(sale('a6'), '2024-03-10T10:00:00.000Z', G5, { quantity: 1, totalBruto: 20, total: 20, avgCost: 10.0025, grossProfit: 10 }),
  row(sale('a7'), '2024-03-15T12:30:45.123Z', G3, {
    quantity: 0.5,
    totalBruto: 750,
    totalDiscount: 0,
    totalTaxes: 0,
    total: 750,
    avgCost: 905.5,
    grossProfit: 297.25,
  }),
  row(sale('b2'), '2024-03-15T12:30:45.123Z', G1, {
    quantity: 0.25,
    totalBruto: 1300,
    totalDiscount: 0,
    totalTaxes: 247,
    total: 1547,
    avgCost: 1000.1234,
    grossProfit: 1049.97,
  }),
  row(sale('b2'), '2024-03-15T12:30:45.123Z', G3, {
    quantity: 10,
    totalBruto: 15000,
    totalDiscount: 1500,
    totalTaxes: 0,
    total: 13500,
    avgCost: 900.5,
    grossProfit: 5995,
  }),
  row(sale('a4'), '2024-03-31T23:59:59.999Z', G2, {
    quantity: 2,
    totalBruto: 6001,
    totalDiscount: 100,
    totalTaxes: 0,
    total: 5901,
    avgCost: 2100.1,
    grossProfit: 1800.8,
  }),
  row(sale('a4'), '2024-03-31T23:59:59.999Z', G3, {
    quantity: 3,
    totalBruto: 4500,
    totalDiscount: 0,
    totalTaxes: 855,
    total: 5355,
    avgCost: 910.25,
    grossProfit: 1769.25,
  }),
  row(sale('a4'), '2024-03-31T23:59:59.999Z', G4, {}),
  row(sale('a4'), '2024-03-31T23:59:59.999Z', G5, { quantity: 1, totalBruto: 20, total: 20, avgCost: 10, grossProfit: 10 }),
];

/* Tienda Sur: c1 Q1 q 4, b 4×2500 = 10000, i 1900, total 11900, c 4×1500.3333 = 6001.3332, avgCost 1500.3333, gp 3998.6668 → 3998.67 */
const Q1_ROW = {
  productId: wire(Q1),
  code: 'A-100',
  name: 'Café de origen',
  categoryName: 'Bebidas',
  quantity: 4,
  totalBruto: 10000,
  totalDiscount: 0,
  totalTaxes: 1900,
  total: 11900,
  avgCost: 1500.3333,
  grossProfit: 3998.67,
};

const ZERO_TOTALS = { quantity: 0, totalBruto: 0, totalDiscount: 0, totalTaxes: 0, total: 0, cost: 0, grossProfit: 0 };
const PREMIUM_REQUIRED = 'Suscripción premium requerida';

describe('GET /reports/reportUtility (e2e)', () => {
  let url: string;
  let app: NestFastifyApplication;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    url = await seedDatabase('nomina_test_reportes', [DATASET]);
    await addVolume(url);
    app = await createTestApp({}, url);
    for (const name of ['ana', 'beto', 'carla', 'diego', 'elena', 'fabio', 'gina'])
      tokens[name] = await login(app, `${name}@prueba.co`, PASSWORD);
    tokens.zoe = await login(app, 'zoe@otra.co', PASSWORD);
  });
  afterAll(async () => {
    await app?.close();
  });

  const report = (token: string, query: string, headers: Record<string, string> = {}): Promise<InjectResult> =>
    get(app, `${URL}?${query}`, token, headers);

  describe('figures and order', () => {
    it('groupResult=true: one row per product, exact rounding, ordered by totalBruto desc then code', async () => {
      const res = await report(tokens.ana, `${MARCH}&groupResult=true`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ reportByProduct: GROUPED_NORTE, totals: TOTALS_NORTE });
      // Wire order of the fields, too.
      expect(Object.keys(res.json().reportByProduct[0])).toEqual([...PRODUCT_FIELDS, 'avgCost', 'grossProfit']);
      expect(Object.keys(res.json().totals)).toEqual([...SALE_FIELDS, 'cost', 'grossProfit']);
    });

    it('groupResult absent or false: one row per product per sale, ordered by date, saleId, code; same totals', async () => {
      const absent = await report(tokens.ana, MARCH);
      expect(absent.status).toBe(200);
      expect(absent.json()).toEqual({ reportByProduct: DETAIL_NORTE, totals: TOTALS_NORTE });
      expect(Object.keys(absent.json().reportByProduct[0]).slice(0, 3)).toEqual(['saleId', 'date', 'productId']);
      expect((await report(tokens.ana, `${MARCH}&groupResult=false`)).json()).toEqual(absent.json());
    });

    it('both ends of the range are inclusive at millisecond precision', async () => {
      // One ms later start drops a1 (00:00:00.000); one ms earlier end drops a4 (23:59:59.999).
      const inner = await report(tokens.ana, 'dateInitISO=2024-03-01T00:00:00.001Z&dateEndISO=2024-03-31T23:59:59.998Z');
      expect(inner.json().reportByProduct.map((r: { saleId: string }) => r.saleId)).toEqual(
        [sale('a6'), sale('a6'), sale('a7'), sale('b2'), sale('b2')].map(wire),
      );
      // A zero-length range on an exact sale instant finds that sale (00, 1 ms before March).
      const instant = await report(tokens.ana, 'dateInitISO=2024-02-29T23:59:59.999Z&dateEndISO=2024-02-29T23:59:59.999Z');
      expect(instant.json()).toEqual({
        reportByProduct: [
          {
            ...row(sale('00'), '2024-02-29T23:59:59.999Z', G1, {
              quantity: 1,
              totalBruto: 5000,
              totalDiscount: 0,
              totalTaxes: 0,
              total: 5000,
              avgCost: 1234.5678,
              grossProfit: 3765.43,
            }),
          },
        ],
        totals: { quantity: 1, totalBruto: 5000, totalDiscount: 0, totalTaxes: 0, total: 5000, cost: 1234.57, grossProfit: 3765.43 },
      });
      // Extending the end to April 1st 00:00:00.000 adds a5.
      const april = await report(tokens.ana, 'dateInitISO=2024-03-01T00:00:00.000Z&dateEndISO=2024-04-01T00:00:00.000Z');
      expect(april.json().reportByProduct.at(-1)).toEqual(
        row(sale('a5'), '2024-04-01T00:00:00.000Z', G3, {
          quantity: 1,
          totalBruto: 1500,
          totalDiscount: 0,
          totalTaxes: 0,
          total: 1500,
          avgCost: 900,
          grossProfit: 600,
        }),
      );
    });

    it('a period without sales is 200 with no rows and zero totals', async () => {
      const res = await report(tokens.ana, 'dateInitISO=2030-01-01T00:00:00.000Z&dateEndISO=2030-12-31T23:59:59.999Z&groupResult=true');
      expect(res.status).toBe(200);
      expect(res.json()).toEqual({ reportByProduct: [], totals: ZERO_TOTALS });
    });
  });

  describe('status', () => {
    it('Anulada: only the annulled sale (a3: 100 × 5000, c 100 × 1234.5678 = 123456.78)', async () => {
      const res = await report(tokens.ana, `${MARCH}&groupResult=true&status=Anulada`);
      expect(res.json()).toEqual({
        reportByProduct: [
          {
            ...G1,
            quantity: 100,
            totalBruto: 500000,
            totalDiscount: 0,
            totalTaxes: 0,
            total: 500000,
            avgCost: 1234.5678,
            grossProfit: 376543.22,
          },
        ],
        totals: {
          quantity: 100,
          totalBruto: 500000,
          totalDiscount: 0,
          totalTaxes: 0,
          total: 500000,
          cost: 123456.78,
          grossProfit: 376543.22,
        },
      });
    });

    it('Pagada: a1 and a4 only', async () => {
      // P1 15000 (a1), P2 10501.75, P3 4500 (a4), P4 100, P5 20 (a4, c 10)
      // cost = 3703.7034 + 7200.20015 + 2730.75 + 150.555 + 10 = 13795.20855 → 13795.21; gp 30121.75 − 13795.20855 = 16326.54145 → 16326.54
      const res = await report(tokens.ana, `${MARCH}&groupResult=true&status=Pagada`);
      expect(res.json().reportByProduct.map((r: { code: string; totalBruto: number }) => [r.code, r.totalBruto])).toEqual([
        ['A-100', 15000],
        ['B-200', 10501.75],
        ['C-300', 4500],
        ['D-400', 100],
        ['E-500', 20],
      ]);
      expect(res.json().totals).toEqual({
        quantity: 11.5,
        totalBruto: 30121.75,
        totalDiscount: 600,
        totalTaxes: 2679,
        total: 32200.75,
        cost: 13795.21,
        grossProfit: 16326.54,
      });
    });

    it('Pendiente: b2, a7 and a6 only', async () => {
      // P3 b2+a7: q 10.5, b 15750, c 9005 + 452.75 = 9457.75, avgCost 900.738095… → 900.7381, gp 6292.25
      const res = await report(tokens.ana, `${MARCH}&groupResult=true&status=Pendiente`);
      expect(res.json().reportByProduct[0]).toEqual({
        ...G3,
        quantity: 10.5,
        totalBruto: 15750,
        totalDiscount: 1500,
        totalTaxes: 0,
        total: 14250,
        avgCost: 900.7381,
        grossProfit: 6292.25,
      });
      expect(res.json().reportByProduct.map((r: { code: string }) => r.code)).toEqual(['C-300', 'A-100', 'D-350', 'E-500']);
      expect(res.json().totals).toEqual({
        quantity: 15.75,
        totalBruto: 17170,
        totalDiscount: 1500,
        totalTaxes: 247,
        total: 15917,
        cost: 9797.78,
        grossProfit: 7372.22,
      });
    });

    it('another value (also another case) is 400 listing the allowed values', async () => {
      for (const bad of ['pagada', 'PAGADA', 'Cancelada', '']) {
        const body = expectProblem(await report(tokens.ana, `${MARCH}&status=${bad}`), 400, 'VALIDATION');
        expect(body.errors).toEqual([
          { field: 'status', message: 'Debe ser uno de: Pagada, Pendiente, Anulada (exactamente así escrito).' },
        ]);
      }
    });
  });

  describe('business selection', () => {
    it("businessId of one of the user's businesses, in any uuid spelling", async () => {
      for (const id of [SUR, wire(SUR), wire(SUR).toLowerCase()]) {
        const res = await report(tokens.ana, `${MARCH}&groupResult=true&businessId=${id}`);
        expect(res.status).toBe(200);
        expect(res.json()).toEqual({
          reportByProduct: [Q1_ROW],
          totals: { quantity: 4, totalBruto: 10000, totalDiscount: 0, totalTaxes: 1900, total: 11900, cost: 6001.33, grossProfit: 3998.67 },
        });
      }
    });

    it("403 for a business that is not the user's: same tenant, another tenant, or unknown", async () => {
      for (const id of [VENCIDO, AJENO, '99999999-0000-4000-8000-000000000009']) {
        expectProblem(await report(tokens.ana, `${MARCH}&businessId=${id}`), 403, 'BUSINESS_FORBIDDEN');
      }
      // and the other tenant's user cannot reach tenant A's business either
      expectProblem(await report(tokens.zoe, `${MARCH}&businessId=${NORTE}`), 403, 'BUSINESS_FORBIDDEN');
    });

    it('400 for a businessId that is not a uuid', async () => {
      const body = expectProblem(await report(tokens.ana, `${MARCH}&businessId=norte`), 400, 'VALIDATION');
      expect(body.errors).toEqual([{ field: 'businessId', message: expect.stringMatching(/uuid/) }]);
    });

    it('allBusiness=true merges every business of the user; totals come from exact sums, not rounded rows', async () => {
      const res = await report(tokens.beto, `${MARCH}&groupResult=true&allBusiness=true`);
      expect(res.status).toBe(200);
      // Q1 (10000) sits between P2 (10501.75) and the 100s; P1 and Q1 share code A-100 but stay two rows.
      expect(res.json().reportByProduct).toEqual([G3, G1, G2, Q1_ROW, G6, G4, G5]);
      // cost 23592.9919 + 6001.3332 = 29594.3251 → 29594.33; gp 57291.75 − 29594.3251 = 27697.4249 → 27697.42,
      // while the rounded rows add up to 8061.5+12346.27+3301.55+3998.67+20−50.56+20 = 27697.43.
      expect(res.json().totals).toEqual({
        quantity: 31.25,
        totalBruto: 57291.75,
        totalDiscount: 2100,
        totalTaxes: 4826,
        total: 60017.75,
        cost: 29594.33,
        grossProfit: 27697.42,
      });
      const rowsSum = res.json().reportByProduct.reduce((s: number, r: { grossProfit: number }) => s + Math.round(r.grossProfit * 100), 0);
      expect(rowsSum).toBe(2769743);
      // allBusiness=false is the token's business
      expect((await report(tokens.beto, `${MARCH}&groupResult=true&allBusiness=false`)).json().reportByProduct).toEqual(GROUPED_NORTE);
    });

    it("allBusiness=true is 402 when one of the user's businesses is not premium", async () => {
      const body = expectProblem(await report(tokens.ana, `${MARCH}&allBusiness=true`), 402, 'PREMIUM_REQUIRED');
      expect(body.detail).toBe(PREMIUM_REQUIRED);
    });

    it('businessId together with allBusiness=true is 400', async () => {
      const body = expectProblem(await report(tokens.beto, `${MARCH}&allBusiness=true&businessId=${SUR}`), 400, 'VALIDATION');
      expect(body.errors).toEqual([{ field: 'businessId', message: expect.stringMatching(/allBusiness/) }]);
    });

    it('allBusiness with another value is 400', async () => {
      expectProblem(await report(tokens.beto, `${MARCH}&allBusiness=yes`), 400, 'VALIDATION');
    });

    it('402 "Suscripción premium requerida" for every business without an active PREMIUM plan', async () => {
      const cases: [string, string][] = [
        ['carla', 'PREMIUM vencido'],
        ['diego', 'PREMIUM que aún no empieza'],
        ['elena', 'plan TRIAL'],
        ['fabio', 'sin suscripción'],
        ['gina', 'plan GRATIS'],
      ];
      for (const [name] of cases) {
        const body = expectProblem(await report(tokens[name], MARCH), 402, 'PREMIUM_REQUIRED');
        expect(body.detail).toBe(PREMIUM_REQUIRED);
      }
      // a premium user asking for her non-premium business
      expect(expectProblem(await report(tokens.ana, `${MARCH}&businessId=${GRATIS}`), 402, 'PREMIUM_REQUIRED').detail).toBe(
        PREMIUM_REQUIRED,
      );
    });

    it("login's businesses[].premium is true only for a PREMIUM plan active now, not for any active plan", async () => {
      const flags = async (email: string) =>
        (await post(app, '/login', { email, password: PASSWORD }))
          .json()
          .businesses.map((b: { _id: string; premium: boolean }) => [b._id, b.premium]);
      expect(await flags('ana@prueba.co')).toEqual([
        [wire(NORTE), true],
        [wire(SUR), true],
        [wire(GRATIS), false], // GRATIS, active
      ]);
      expect(await flags('elena@prueba.co')).toEqual([[wire(TRIAL), false]]); // TRIAL, active
      expect(await flags('carla@prueba.co')).toEqual([[wire(VENCIDO), false]]);
      expect(await flags('diego@prueba.co')).toEqual([[wire(FUTURO), false]]);
      expect(await flags('fabio@prueba.co')).toEqual([[wire(SIN_PLAN), false]]);
    });

    it('premium from desde to hasta inclusive, compared by instant (to the millisecond), in the guard and in the login flag', async () => {
      const at = (iso: string, ms = 0): number => Date.parse(iso) + ms;
      const clock = jest.spyOn(Date, 'now');
      try {
        // [instant, premium]: both ends are in; 1 ms outside is out; a plan that ended at 10:00 is
        // over at 12:00 the same day, not at midnight.
        const cases: [number, boolean][] = [
          [at(PLAN_DESDE, -1), false],
          [at(PLAN_DESDE), true],
          [at(PLAN_HASTA, -1), true],
          [at(PLAN_HASTA), true],
          [at(PLAN_HASTA, 1), false],
          [at(PLAN_HASTA, 2 * 3600 * 1000), false],
        ];
        for (const [now, premium] of cases) {
          clock.mockReturnValue(now);
          const when = new Date(now).toISOString();
          const body = (await post(app, '/login', { email: 'hugo@reloj.co', password: PASSWORD })).json();
          expect({ when, premium: body.businesses[0].premium }).toEqual({ when, premium });
          const res = await report(body.tokenCurrent, MARCH);
          expect({ when, status: res.status }).toEqual({ when, status: premium ? 200 : 402 });
        }
      } finally {
        clock.mockRestore();
      }
    });

    it('a subscription removed from the database is 402 once PRINCIPAL_CACHE_TTL_MS (5 s) has passed', async () => {
      const cached = await createTestApp({ PRINCIPAL_CACHE_TTL_MS: '5000' }, url);
      const now = Date.now();
      const clock = jest.spyOn(Date, 'now').mockReturnValue(now);
      const client = new Client({ connectionString: url });
      try {
        await client.connect();
        const token = await login(cached, 'ines@reloj.co', PASSWORD);
        expect((await get(cached, `${URL}?${MARCH}`, token)).status).toBe(200);
        await client.query('delete from suscripcion where tenant_id = $1 and negocio_id = $2', [TENANT_RELOJ, CACHE]);
        // Still the cached answer: the cache is in play.
        clock.mockReturnValue(now + 4999);
        expect((await get(cached, `${URL}?${MARCH}`, token)).status).toBe(200);
        clock.mockReturnValue(now + 5000);
        expectProblem(await get(cached, `${URL}?${MARCH}`, token), 402, 'PREMIUM_REQUIRED');
      } finally {
        clock.mockRestore();
        await client.end();
        await cached.close();
      }
    });

    it('tenants are isolated: the other tenant sees only its own sales', async () => {
      const res = await report(tokens.zoe, `${MARCH}&groupResult=true`);
      expect(res.json()).toEqual({
        reportByProduct: [
          {
            productId: wire(X1),
            code: 'A-100',
            name: 'Producto ajeno',
            categoryName: null,
            quantity: 7,
            totalBruto: 7000,
            totalDiscount: 0,
            totalTaxes: 0,
            total: 7000,
            avgCost: 600,
            grossProfit: 2800,
          },
        ],
        totals: { quantity: 7, totalBruto: 7000, totalDiscount: 0, totalTaxes: 0, total: 7000, cost: 4200, grossProfit: 2800 },
      });
    });
  });

  describe('authentication', () => {
    it('401 without a token', async () => {
      expectProblem(await get(app, `${URL}?${MARCH}`), 401);
    });

    it('401 for a token whose tenant is inactive, even with a premium business', async () => {
      const token = sign({ tid: TENANT_OFF, bid: CERRADO }, TEST_JWT_SECRET, {
        algorithm: 'HS256',
        subject: 'cccc0000-0000-4000-8000-000000000001',
        issuer: 'nomina-read-api',
        audience: 'nomina-read-api',
        expiresIn: 600,
      });
      expect(expectProblem(await report(token, MARCH), 401).detail).toBe('Tenant no existe o está inactivo');
    });
  });

  describe('validation', () => {
    const FORMAT = /yyyy-MM-ddTHH:mm:ss\.SSSZ, p\. ej\. 2024-03-\d\dT/;

    it('both dates are required; errors[] names each one with the accepted form and an example', async () => {
      const body = expectProblem(await report(tokens.ana, 'groupResult=true'), 400, 'VALIDATION');
      expect(body.errors).toEqual([
        { field: 'dateInitISO', message: expect.stringMatching(/^Es obligatorio/) },
        { field: 'dateEndISO', message: expect.stringMatching(/^Es obligatorio/) },
      ]);
      for (const e of body.errors) expect(e.message).toMatch(FORMAT);
      const onlyEnd = expectProblem(await report(tokens.ana, 'dateInitISO=2024-03-01T00:00:00.000Z'), 400, 'VALIDATION');
      expect(onlyEnd.errors).toEqual([{ field: 'dateEndISO', message: expect.stringMatching(FORMAT) }]);
      expect(onlyEnd.detail).toMatch(/dateEndISO/);
    });

    it.each([
      ['a date without time', '2024-01-01'],
      ['no milliseconds', '2024-01-01T00:00:00Z'],
      ['an offset instead of Z', '2024-01-01T00:00:00.000+00:00'],
      ['a lowercase z', '2024-01-01T00:00:00.000z'],
      ['microseconds', '2024-01-01T00:00:00.000000Z'],
      ['February 30th', '2024-02-30T00:00:00.000Z'],
      ['February 29th of a common year', '2023-02-29T00:00:00.000Z'],
      ['month 13', '2024-13-01T00:00:00.000Z'],
      ['hour 24', '2024-01-01T24:00:00.000Z'],
      ['second 60', '2024-01-01T23:59:60.000Z'],
      ['year 0', '0000-01-01T00:00:00.000Z'],
      ['free text', 'ayer'],
    ])('400 for dateInitISO with %s', async (_case, value) => {
      const body = expectProblem(
        await report(tokens.ana, `dateInitISO=${encodeURIComponent(value)}&dateEndISO=2024-12-31T23:59:59.999Z`),
        400,
        'VALIDATION',
      );
      expect(body.errors).toEqual([{ field: 'dateInitISO', message: expect.stringMatching(FORMAT) }]);
    });

    it('February 29th of a leap year is a valid date', async () => {
      expect((await report(tokens.ana, 'dateInitISO=2024-02-29T00:00:00.000Z&dateEndISO=2024-02-29T23:59:59.999Z')).status).toBe(200);
    });

    it('400 when dateInitISO is after dateEndISO (1 ms is enough)', async () => {
      const body = expectProblem(
        await report(tokens.ana, 'dateInitISO=2024-03-01T00:00:00.001Z&dateEndISO=2024-03-01T00:00:00.000Z'),
        400,
        'VALIDATION',
      );
      expect(body.errors).toEqual([{ field: 'dateEndISO', message: expect.stringMatching(/posterior a dateInitISO/) }]);
    });

    it('400 for groupResult with another value', async () => {
      for (const bad of ['maybe', 'TRUE', '1', '']) {
        const body = expectProblem(await report(tokens.ana, `${MARCH}&groupResult=${bad}`), 400, 'VALIDATION');
        expect(body.errors).toEqual([{ field: 'groupResult', message: 'Debe ser true o false.' }]);
      }
    });

    it('400 for format with another value; unknown parameters are ignored', async () => {
      const body = expectProblem(await report(tokens.ana, `${MARCH}&format=pdf`), 400, 'FORMATO_INVALIDO');
      expect(body.errors).toEqual([{ field: 'format', message: 'Formato no soportado: "pdf". Valores aceptados: json, csv, xlsx.' }]);
      expect((await report(tokens.ana, `${MARCH}&groupResult=true&foo=bar`)).json().reportByProduct).toEqual(GROUPED_NORTE);
    });
  });

  describe('CSV export', () => {
    const GROUPED_CSV = [
      '\uFEFFproductId,code,name,categoryName,quantity,totalBruto,totalDiscount,totalTaxes,total,avgCost,grossProfit',
      `${wire(P3)},C-300,Pan de yuca,Panadería,13.5,20250.00,1500.00,855.00,19605.00,902.8519,8061.50`,
      `${wire(P1)},A-100,"Café especial, tostado",Bebidas,3.25,16300.00,500.00,2052.00,17852.00,1216.5336,12346.27`,
      `${wire(P2)},B-200,"Azúcar ""morena"" 1 kg",,3.5,10501.75,100.00,0.00,10401.75,2057.2000,3301.55`,
      `${wire(P6)},D-350,Ñame criollo,Verduras,4,100.00,0.00,0.00,100.00,20.0000,20.00`,
      `${wire(P4)},D-400,'=Promo día,Promociones,1,100.00,0.00,19.00,119.00,150.5550,-50.56`,
      `${wire(P5)},E-500,Vela aromática,Promociones,2,40.00,0.00,0.00,40.00,10.0013,20.00`,
      '',
    ].join('\r\n');

    it('format=csv: BOM, header, RFC 4180 quoting, accents, exact decimals, no totals line', async () => {
      const res = await report(tokens.ana, `${MARCH}&groupResult=true&format=csv`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="reporte-utilidad-2024-03-01T000000.000Z-2024-03-31T235959.999Z.csv"',
      );
      expect(res.headers.vary).toMatch(/Accept/i);
      expect(res.body).toBe(GROUPED_CSV);
    });

    it('Accept: text/csv gives the same file; format=json wins over Accept', async () => {
      const res = await report(tokens.ana, `${MARCH}&groupResult=true`, { accept: 'text/csv' });
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.body).toBe(GROUPED_CSV);
      const json = await report(tokens.ana, `${MARCH}&groupResult=true&format=json`, { accept: 'text/csv' });
      expect(json.json().reportByProduct).toEqual(GROUPED_NORTE);
      // A browser-like Accept that prefers JSON (or only */*) stays JSON.
      expect(
        (await report(tokens.ana, `${MARCH}&groupResult=true`, { accept: 'application/json, text/csv;q=0.5' })).headers['content-type'],
      ).toMatch(/json/);
      expect((await report(tokens.ana, `${MARCH}&groupResult=true`, { accept: '*/*' })).headers['content-type']).toMatch(/json/);
    });

    it('detail CSV starts with saleId and date', async () => {
      const res = await report(tokens.ana, `${MARCH}&format=csv`);
      const lines = res.body.split('\r\n');
      expect(lines[0]).toBe(
        '\uFEFFsaleId,date,productId,code,name,categoryName,quantity,totalBruto,totalDiscount,totalTaxes,total,avgCost,grossProfit',
      );
      expect(lines[1]).toBe(
        `${wire(sale('a1'))},2024-03-01T00:00:00.000Z,${wire(P1)},A-100,"Café especial, tostado",Bebidas,3,15000.00,500.00,1805.00,16305.00,1234.5678,11296.30`,
      );
      expect(lines).toHaveLength(DETAIL_NORTE.length + 2); // header + rows + the empty string after the last CRLF
    });

    it('an empty report is the header only', async () => {
      const res = await report(tokens.ana, 'dateInitISO=2030-01-01T00:00:00.000Z&dateEndISO=2030-01-01T00:00:00.000Z&format=csv');
      expect(res.body).toBe(
        '\uFEFFsaleId,date,productId,code,name,categoryName,quantity,totalBruto,totalDiscount,totalTaxes,total,avgCost,grossProfit\r\n',
      );
    });

    it('errors stay problem+json when CSV is asked for', async () => {
      expectProblem(await report(tokens.ana, 'dateInitISO=2024-03-01&dateEndISO=2024-03-31T23:59:59.999Z&format=csv'), 400, 'VALIDATION');
      expectProblem(await report(tokens.gina, MARCH, { accept: 'text/csv' }), 402, 'PREMIUM_REQUIRED');
    });

    it('streams a large detail export completely (30 000 rows over many cursor batches)', async () => {
      const res = await report(tokens.zoe, `${VOLUME_RANGE}&format=csv`);
      expect(res.status).toBe(200);
      const lines = res.body.split('\r\n');
      expect(lines).toHaveLength(VOLUME_LINES + 2);
      expect(lines[1]).toBe(
        `${wire(volumeSale(0))},2025-01-01T00:00:00.000Z,${wire(X1)},A-100,Producto ajeno,,1,100.00,0.00,0.00,100.00,50.0000,50.00`,
      ); // no category: empty field
      expect(lines[VOLUME_LINES]).toMatch(/^[0-9A-F]{32},2025-01-01T08:19:59\.000Z,/);
    });

    it('JSON is streamed too: 30 000 detail rows arrive complete and valid', async () => {
      const res = await report(tokens.zoe, VOLUME_RANGE);
      const body = res.json();
      expect(body.reportByProduct).toHaveLength(VOLUME_LINES);
      expect(body.reportByProduct[0]).toEqual({
        saleId: wire(volumeSale(0)),
        date: '2025-01-01T00:00:00.000Z',
        productId: wire(X1),
        code: 'A-100',
        name: 'Producto ajeno',
        categoryName: null,
        quantity: 1,
        totalBruto: 100,
        totalDiscount: 0,
        totalTaxes: 0,
        total: 100,
        avgCost: 50,
        grossProfit: 50,
      });
      // 30 000 lines × (100 − 50)
      expect(body.totals).toEqual({
        quantity: 30000,
        totalBruto: 3000000,
        totalDiscount: 0,
        totalTaxes: 0,
        total: 3000000,
        cost: 1500000,
        grossProfit: 1500000,
      });
    });

    it('concurrent reports do not mix: each gets its own figures', async () => {
      const runs = await Promise.all([
        ...Array.from({ length: 4 }, () => report(tokens.ana, `${MARCH}&groupResult=true`)),
        ...Array.from({ length: 4 }, () => report(tokens.zoe, `${VOLUME_RANGE}&groupResult=true&format=csv`)),
        ...Array.from({ length: 4 }, () => report(tokens.beto, `${MARCH}&businessId=${SUR}&groupResult=true`)),
      ]);
      for (const r of runs.slice(0, 4)) expect(r.json()).toEqual({ reportByProduct: GROUPED_NORTE, totals: TOTALS_NORTE });
      for (const r of runs.slice(4, 8))
        expect(r.body.split('\r\n')[1]).toBe(`${wire(X1)},A-100,Producto ajeno,,30000,3000000.00,0.00,0.00,3000000.00,50.0000,1500000.00`);
      for (const r of runs.slice(8)) expect(r.json().reportByProduct).toEqual([Q1_ROW]);
    });

    it('a client that goes away mid-download releases the connection (pool of one)', async () => {
      const small = await createTestApp({ DB_POOL_MAX: '1' }, url);
      try {
        await small.listen({ port: 0, host: '127.0.0.1' });
        const { port } = small.getHttpServer().address() as AddressInfo;
        for (const format of ['csv', 'csv', 'json']) {
          const received = await abortAfterFirstChunk(port, `${URL}?${VOLUME_RANGE}&format=${format}`, tokens.zoe);
          expect(received).toBeGreaterThan(0);
        }
        // HEAD runs the route too; its body stream is dropped and must free the connection as well.
        const head = await small.inject({
          method: 'HEAD',
          url: `${URL}?${VOLUME_RANGE}&format=csv`,
          headers: { authorization: `Bearer ${tokens.zoe}` },
        });
        expect(head.statusCode).toBe(200);
        expect(head.headers['content-type']).toBe('text/csv; charset=utf-8');
        // A format the API does not write is a 400 found before the read: no cursor is left open.
        expect((await get(small, `${URL}?${VOLUME_RANGE}&format=pdf`, tokens.zoe)).status).toBe(400);
        // With the only connection leaked this would wait for the pool and fail.
        const after = await get(small, `${URL}?${VOLUME_RANGE}&groupResult=true`, tokens.zoe);
        expect(after.status).toBe(200);
        expect(after.json().totals.quantity).toBe(VOLUME_LINES);
      } finally {
        await small.close();
      }
    });

    it("a slow download is not cut by the pool's statement timeout (the cursor stays open between fetches)", async () => {
      const strict = await createTestApp({ DB_STATEMENT_TIMEOUT_MS: '300' }, url);
      try {
        await strict.listen({ port: 0, host: '127.0.0.1' });
        const { port } = strict.getHttpServer().address() as AddressInfo;
        const body = await slowDownload(port, `${URL}?${VOLUME_RANGE}&format=csv`, tokens.zoe, 1000);
        expect(body.split('\r\n')).toHaveLength(VOLUME_LINES + 2);
      } finally {
        await strict.close();
      }
    });
  });

  /*
   * CONTRACT §11.4. The rows are the profitability rows above without their cost members; the
   * categories of Tienda Norte in March add those rows by hand: Panadería = P3; Bebidas = P1;
   * no category = P2; Promociones = P4 + P5 (q 1+2 = 3, b 100+40 = 140, i 19, total 159);
   * Verduras = P6. With allBusiness=true for ana (Norte, Sur and the non-premium Gratis): Bebidas
   * adds Q1 (q 7.25, b 26300, i 2052+1900 = 3952, total 29752) and the no-category row adds R1
   * (q 4.5, b 10601.75, total 10501.75).
   */
  describe('sales reports (CONTRACT §11.4)', () => {
    const BY_PRODUCT = '/reports/reportSalesByProduct';
    const BY_CATEGORY = '/reports/reportSalesByCategory';
    const sales = ({ avgCost: _a, grossProfit: _g, ...r }: Record<string, unknown>) => r;
    const salesTotals = ({ cost: _c, grossProfit: _g, ...t }: Record<string, unknown>) => t;
    const category = (
      id: string | null,
      name: string | null,
      quantity: number,
      totalBruto: number,
      totalDiscount: number,
      totalTaxes: number,
    ) => ({
      categoryId: id === null ? null : wire(id),
      categoryName: name,
      quantity,
      totalBruto,
      totalDiscount,
      totalTaxes,
      total: Math.round((totalBruto - totalDiscount + totalTaxes) * 100) / 100,
    });
    const CAT = (n: number) => `ca000000-0000-4000-8000-00000000000${n}`;
    const CATEGORIES_NORTE = [
      category(CAT(2), 'Panadería', 13.5, 20250, 1500, 855),
      category(CAT(1), 'Bebidas', 3.25, 16300, 500, 2052),
      category(null, null, 3.5, 10501.75, 100, 0),
      category(CAT(3), 'Promociones', 3, 140, 0, 19),
      category(CAT(4), 'Verduras', 4, 100, 0, 0),
    ];
    const R1_ROW = {
      productId: wire(R1),
      code: 'Z-900',
      name: 'Producto gratis',
      categoryName: null,
      quantity: 1,
      totalBruto: 100,
      totalDiscount: 0,
      totalTaxes: 0,
      total: 100,
    };
    const ALL_ANA_TOTALS = { quantity: 32.25, totalBruto: 57391.75, totalDiscount: 2100, totalTaxes: 4826, total: 60117.75 };
    const ZERO = { quantity: 0, totalBruto: 0, totalDiscount: 0, totalTaxes: 0, total: 0 };

    it('by product: the profitability rows and totals without the cost members, grouped and in detail, same orders', async () => {
      const grouped = await get(app, `${BY_PRODUCT}?${MARCH}&groupResult=true`, tokens.ana);
      expect(grouped.status).toBe(200);
      expect(grouped.headers['content-type']).toMatch(/^application\/json/);
      expect(grouped.json()).toEqual({ reportByProduct: GROUPED_NORTE.map(sales), totals: salesTotals(TOTALS_NORTE) });
      expect(Object.keys(grouped.json().reportByProduct[0])).toEqual(PRODUCT_FIELDS);
      expect(Object.keys(grouped.json().totals)).toEqual(SALE_FIELDS);
      const detail = await get(app, `${BY_PRODUCT}?${MARCH}`, tokens.ana);
      expect(detail.json()).toEqual({ reportByProduct: DETAIL_NORTE.map(sales), totals: salesTotals(TOTALS_NORTE) });
      // showProductCombo is accepted and changes nothing.
      expect((await get(app, `${BY_PRODUCT}?${MARCH}&groupResult=true&showProductCombo=true`, tokens.ana)).body).toBe(grouped.body);
    });

    it('by category: one row per category, the products without one together, ordered by exact totalBruto', async () => {
      const res = await get(app, `${BY_CATEGORY}?${MARCH}`, tokens.ana);
      expect(res.status).toBe(200);
      expect(res.json()).toEqual({ reportByCategory: CATEGORIES_NORTE, totals: salesTotals(TOTALS_NORTE) });
      expect(Object.keys(res.json().reportByCategory[0])).toEqual(['categoryId', 'categoryName', ...SALE_FIELDS]);
      // groupResult does not apply (ignored, even with a value the product report refuses); showProductCombo neither.
      expect((await get(app, `${BY_CATEGORY}?${MARCH}&groupResult=maybe&showProductCombo=false`, tokens.ana)).body).toBe(res.body);
      expectProblem(await get(app, `${BY_PRODUCT}?${MARCH}&groupResult=maybe`, tokens.ana), 400, 'VALIDATION');
    });

    it('statuses as in the profitability report', async () => {
      const annulled = {
        productId: wire(P1),
        code: 'A-100',
        name: 'Café especial, tostado',
        categoryName: 'Bebidas',
        quantity: 100,
        totalBruto: 500000,
        totalDiscount: 0,
        totalTaxes: 0,
        total: 500000,
      };
      const byProduct = (await get(app, `${BY_PRODUCT}?${MARCH}&groupResult=true&status=Anulada`, tokens.ana)).json();
      expect(byProduct).toEqual({
        reportByProduct: [annulled],
        totals: { quantity: 100, totalBruto: 500000, totalDiscount: 0, totalTaxes: 0, total: 500000 },
      });
      const byCategory = (await get(app, `${BY_CATEGORY}?${MARCH}&status=Anulada`, tokens.ana)).json();
      expect(byCategory.reportByCategory).toEqual([category(CAT(1), 'Bebidas', 100, 500000, 0, 0)]);
      expectProblem(await get(app, `${BY_CATEGORY}?${MARCH}&status=anulada`, tokens.ana), 400, 'VALIDATION');
    });

    it('no premium requirement: a business without PREMIUM is served; allBusiness=true covers every business of the user', async () => {
      // gina: plan GRATIS (the profitability report is 402 for her).
      const gina = (await get(app, `${BY_PRODUCT}?${MARCH}&groupResult=true`, tokens.gina)).json();
      expect(gina).toEqual({
        reportByProduct: [R1_ROW],
        totals: { quantity: 1, totalBruto: 100, totalDiscount: 0, totalTaxes: 0, total: 100 },
      });
      expect((await get(app, `${BY_CATEGORY}?${MARCH}`, tokens.gina)).json().reportByCategory).toEqual([
        category(null, null, 1, 100, 0, 0),
      ]);
      for (const name of ['carla', 'diego', 'elena', 'fabio']) {
        expect({ name, body: (await get(app, `${BY_PRODUCT}?${MARCH}`, tokens[name])).json() }).toEqual({
          name,
          body: { reportByProduct: [], totals: ZERO },
        });
        expect({ name, body: (await get(app, `${BY_CATEGORY}?${MARCH}`, tokens[name])).json() }).toEqual({
          name,
          body: { reportByCategory: [], totals: ZERO },
        });
      }
      const all = (await get(app, `${BY_PRODUCT}?${MARCH}&groupResult=true&allBusiness=true`, tokens.ana)).json();
      const [G3s, G1s, G2s, G6s, G4s, G5s] = GROUPED_NORTE.map(sales);
      expect(all).toEqual({ reportByProduct: [G3s, G1s, G2s, sales(Q1_ROW), G6s, G4s, R1_ROW, G5s], totals: ALL_ANA_TOTALS });
      const allCategories = (await get(app, `${BY_CATEGORY}?${MARCH}&allBusiness=true`, tokens.ana)).json();
      expect(allCategories).toEqual({
        reportByCategory: [
          category(CAT(1), 'Bebidas', 7.25, 26300, 500, 3952),
          category(CAT(2), 'Panadería', 13.5, 20250, 1500, 855),
          category(null, null, 4.5, 10601.75, 100, 0),
          category(CAT(3), 'Promociones', 3, 140, 0, 19),
          category(CAT(4), 'Verduras', 4, 100, 0, 0),
        ],
        totals: ALL_ANA_TOTALS,
      });
      expect(
        (await get(app, `${BY_PRODUCT}?${MARCH}&groupResult=true&businessId=${wire(GRATIS).toLowerCase()}`, tokens.ana)).json()
          .reportByProduct,
      ).toEqual([R1_ROW]);
    });

    it("business checks: 403 for a business not the user's, 400 for a bad businessId or allBusiness, or both together; 401 for an inactive tenant", async () => {
      for (const path of [BY_PRODUCT, BY_CATEGORY]) {
        for (const id of [VENCIDO, AJENO, '99999999-0000-4000-8000-000000000009']) {
          expectProblem(await get(app, `${path}?${MARCH}&businessId=${id}`, tokens.ana), 403, 'BUSINESS_FORBIDDEN');
        }
        expectProblem(await get(app, `${path}?${MARCH}&businessId=${NORTE}`, tokens.zoe), 403, 'BUSINESS_FORBIDDEN');
        expect(expectProblem(await get(app, `${path}?${MARCH}&businessId=norte`, tokens.ana), 400, 'VALIDATION').errors).toEqual([
          { field: 'businessId', message: expect.stringMatching(/uuid/) },
        ]);
        expectProblem(await get(app, `${path}?${MARCH}&allBusiness=true&businessId=${SUR}`, tokens.beto), 400, 'VALIDATION');
        expectProblem(await get(app, `${path}?${MARCH}&allBusiness=si`, tokens.beto), 400, 'VALIDATION');
        expectProblem(await get(app, `${path}?${MARCH}`), 401);
        const inactive = sign({ tid: TENANT_OFF, bid: CERRADO }, TEST_JWT_SECRET, {
          algorithm: 'HS256',
          subject: 'cccc0000-0000-4000-8000-000000000001',
          issuer: 'nomina-read-api',
          audience: 'nomina-read-api',
          expiresIn: 600,
        });
        expect(expectProblem(await get(app, `${path}?${MARCH}`, inactive), 401).detail).toBe('Tenant no existe o está inactivo');
        // The other tenant sees its own sales only.
        expect((await get(app, `${path}?${MARCH}`, tokens.zoe)).json().totals).toEqual({
          quantity: 7,
          totalBruto: 7000,
          totalDiscount: 0,
          totalTaxes: 0,
          total: 7000,
        });
      }
    });

    it('validation as in the profitability report', async () => {
      for (const path of [BY_PRODUCT, BY_CATEGORY]) {
        const missing = expectProblem(await get(app, path, tokens.ana), 400, 'VALIDATION');
        expect(missing.errors.map((e: { field: string }) => e.field)).toEqual(['dateInitISO', 'dateEndISO']);
        const inverted = 'dateInitISO=2024-03-31T00:00:00.001Z&dateEndISO=2024-03-31T00:00:00.000Z';
        expectProblem(await get(app, `${path}?${inverted}`, tokens.ana), 400, 'VALIDATION');
        expectProblem(await get(app, `${path}?dateInitISO=2024-03-01&dateEndISO=2024-03-31T23:59:59.999Z`, tokens.ana), 400, 'VALIDATION');
        expectProblem(await get(app, `${path}?${MARCH}&format=pdf`, tokens.ana), 400, 'FORMATO_INVALIDO');
      }
    });

    it('CSV: the JSON rows, without the cost columns; named after the report and its range', async () => {
      const byProduct = await get(app, `${BY_PRODUCT}?${MARCH}&groupResult=true&format=csv`, tokens.ana);
      expect(byProduct.status).toBe(200);
      expect(byProduct.headers['content-disposition']).toBe(
        'attachment; filename="reporte-ventas-producto-2024-03-01T000000.000Z-2024-03-31T235959.999Z.csv"',
      );
      expect(byProduct.body).toBe(
        [
          '\uFEFFproductId,code,name,categoryName,quantity,totalBruto,totalDiscount,totalTaxes,total',
          `${wire(P3)},C-300,Pan de yuca,Panadería,13.5,20250.00,1500.00,855.00,19605.00`,
          `${wire(P1)},A-100,"Café especial, tostado",Bebidas,3.25,16300.00,500.00,2052.00,17852.00`,
          `${wire(P2)},B-200,"Azúcar ""morena"" 1 kg",,3.5,10501.75,100.00,0.00,10401.75`,
          `${wire(P6)},D-350,Ñame criollo,Verduras,4,100.00,0.00,0.00,100.00`,
          `${wire(P4)},D-400,'=Promo día,Promociones,1,100.00,0.00,19.00,119.00`,
          `${wire(P5)},E-500,Vela aromática,Promociones,2,40.00,0.00,0.00,40.00`,
          '',
        ].join('\r\n'),
      );
      const detail = await get(app, `${BY_PRODUCT}?${MARCH}`, tokens.ana, { accept: 'text/csv' });
      expect(detail.body.split('\r\n')[0]).toBe(
        '\uFEFFsaleId,date,productId,code,name,categoryName,quantity,totalBruto,totalDiscount,totalTaxes,total',
      );
      expect(detail.body.split('\r\n')).toHaveLength(DETAIL_NORTE.length + 2);
      const byCategory = await get(app, `${BY_CATEGORY}?${MARCH}&format=csv`, tokens.ana);
      expect(byCategory.headers['content-disposition']).toBe(
        'attachment; filename="reporte-ventas-categoria-2024-03-01T000000.000Z-2024-03-31T235959.999Z.csv"',
      );
      expect(byCategory.body).toBe(
        [
          '\uFEFFcategoryId,categoryName,quantity,totalBruto,totalDiscount,totalTaxes,total',
          `${wire(CAT(2))},Panadería,13.5,20250.00,1500.00,855.00,19605.00`,
          `${wire(CAT(1))},Bebidas,3.25,16300.00,500.00,2052.00,17852.00`,
          ',,3.5,10501.75,100.00,0.00,10401.75',
          `${wire(CAT(3))},Promociones,3,140.00,0.00,19.00,159.00`,
          `${wire(CAT(4))},Verduras,4,100.00,0.00,0.00,100.00`,
          '',
        ].join('\r\n'),
      );
    });

    it('ETag and 304 after the business checks; another business is another ETag', async () => {
      for (const path of [`${BY_PRODUCT}?${MARCH}&groupResult=true`, `${BY_CATEGORY}?${MARCH}`]) {
        const res = await get(app, path, tokens.ana);
        expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
        expect(res.headers['cache-control']).toBe('private, no-cache');
        const again = await get(app, path, tokens.ana, { 'if-none-match': String(res.headers.etag) });
        expect(again.status).toBe(304);
        expect(again.body).toBe('');
        const sur = await get(app, `${path}&businessId=${SUR}`, tokens.ana, { 'if-none-match': String(res.headers.etag) });
        expect(sur.status).toBe(200);
        expect(sur.headers.etag).not.toBe(res.headers.etag);
        expectProblem(await get(app, `${path}&businessId=${AJENO}`, tokens.ana, { 'if-none-match': '*' }), 403, 'BUSINESS_FORBIDDEN');
      }
    });
  });

  describe('OpenAPI', () => {
    it('documents parameters, the three media types and every error', async () => {
      const doc = (await get(app, '/docs-json')).json();
      const op = doc.paths['/reports/reportUtility'].get;
      expect(op.parameters.map((p: { name: string }) => p.name)).toEqual(
        expect.arrayContaining(['dateInitISO', 'dateEndISO', 'groupResult', 'status', 'businessId', 'allBusiness', 'format']),
      );
      // An enum (status, format) shows its choices in one selector instead of an example.
      for (const p of op.parameters) expect(p.example ?? p.schema?.example ?? p.examples ?? p.schema?.enum).toBeDefined();
      expect(Object.keys(op.responses['200'].content)).toEqual([
        'application/json',
        'text/csv',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ]);
      for (const status of ['400', '401', '402', '403']) expect(op.responses[status].content['application/problem+json']).toBeDefined();
      expect(op.description).toContain('grossProfit = totalBruto − avgCost × quantity');
      expect(doc.components.schemas.ReportUtilityDetailRowDto.properties).toEqual(
        expect.objectContaining({ saleId: expect.anything(), date: expect.anything() }),
      );
    });
  });
});

/* Tenant B gets 30 000 one-line sales on 2025-01-01, one per second from 00:00:00 (the last at 08:19:59). */
const VOLUME_LINES = 30_000;
const VOLUME_RANGE = 'dateInitISO=2025-01-01T00:00:00.000Z&dateEndISO=2025-01-01T23:59:59.999Z';
function volumeSale(n: number): string {
  return `5a1e0001-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

async function addVolume(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `insert into venta_linea (tenant_id, venta_id, linea, negocio_id, fecha, estado, producto_id, cantidad, precio_unitario, descuento, impuestos, costo_promedio)
       select $1, ('5a1e0001-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid, 0, $2,
              timestamptz '2025-01-01T00:00:00Z' + n * interval '1 second', 'Pagada', $3, 1, 100, 0, 0, 50
         from generate_series(0, $4::int - 1) n`,
      [TENANT_B, AJENO, X1, VOLUME_LINES],
    );
  } finally {
    await client.end();
  }
}

/** GETs over a real socket, reads the first chunk of the body and hangs up; resolves the bytes received. */
function abortAfterFirstChunk(port: number, path: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { authorization: `Bearer ${token}` } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`status ${res.statusCode}`));
      res.once('data', (chunk: Buffer) => {
        req.destroy();
        // Give the server a moment to notice the closed socket and close the cursor.
        setTimeout(() => resolve(chunk.length), 200);
      });
    });
    req.on('error', (err) => ((err as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(err)));
    req.end();
  });
}

/** GETs over a real socket, stops reading for `pauseMs` after the first chunk, then reads to the end. */
function slowDownload(port: number, path: string, token: string, pauseMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    httpRequest({ host: '127.0.0.1', port, path, headers: { authorization: `Bearer ${token}` } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`status ${res.statusCode}`));
      const chunks: Buffer[] = [];
      res.once('data', () => {
        res.pause();
        setTimeout(() => res.resume(), pauseMs);
      });
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

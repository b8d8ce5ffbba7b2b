import type { CategoriaInput, EstadoVenta, ProductoInput, VentaInput, VentaLineaInput } from '../dataset.types';
import { dayNum } from './calendar';
import { CATEGORY_SPECS, PRODUCT_BRANDS } from './catalogs';
import { Rng, UuidPool, rngFor, uuidFrom } from './prng';

/*
 * Sales of one business are a lazy stream. As with payments, stream S only decides how many lines
 * each sale has (datasetStats replays it), stream V draws everything else.
 */
const TAG_SALE_S = 201;
const TAG_SALE_V = 202;
const TAG_SALE_U = 203;

/** Two years of sales, 2024-01-01 .. 2025-12-31 (Colombian local dates). */
export const SALES_FIRST_DAY = dayNum(2024, 1, 1);
export const SALES_DAYS = dayNum(2025, 12, 31) - SALES_FIRST_DAY + 1;
const PRICE_RISE_DAY = dayNum(2025, 1, 1) - SALES_FIRST_DAY;

interface Product {
  uuid: string;
  /** price in cents before / from 2025 */
  p0: number;
  p1: number;
  weight: boolean;
  iva: number;
  cost0: number;
  drift: number;
  phase: number;
}

export interface SalesBusiness {
  /** position of the business in the tenant, part of the stream key */
  key: number;
  negocio: string;
  products: Product[];
  sales: number;
}

export interface Catalog {
  categorias: CategoriaInput[];
  /** category uuid per CATEGORY_SPECS index */
  categoryUuids: string[];
}

export function generateCategorias(r: Rng): Catalog {
  const categoryUuids = CATEGORY_SPECS.map(() => uuidFrom(r));
  return { categorias: CATEGORY_SPECS.map((c, i) => ({ uuid: categoryUuids[i], nombre: c.nombre })), categoryUuids };
}

/** Products of one business; codes P0001... */
export function generateProductos(
  r: Rng,
  negocio: string,
  count: number,
  catalog: Catalog,
  codePrefix: string,
): { productos: ProductoInput[]; products: Product[] } {
  const productos: ProductoInput[] = [];
  const products: Product[] = [];
  const width = Math.max(4, String(count).length);
  for (let i = 0; i < count; i++) {
    const ci = r.int(CATEGORY_SPECS.length);
    const cat = CATEGORY_SPECS[ci];
    const item = r.pick(cat.items);
    const name = cat.weight ? `${item} x kg` : `${item} ${r.pick(PRODUCT_BRANDS)} ${r.pick(cat.sizes)}`;
    const pesos = Math.round((cat.min * Math.pow(cat.max / cat.min, r.float())) / 50) * 50;
    const p0 = pesos * 100;
    const p1 = Math.round((pesos * (1.05 + 0.07 * r.float())) / 50) * 5000;
    const uuid = uuidFrom(r);
    products.push({
      uuid,
      p0,
      p1,
      weight: cat.weight,
      iva: cat.iva,
      cost0: pesos * (0.55 + 0.25 * r.float()),
      drift: 0.02 + 0.08 * r.float(),
      phase: r.float() * 6.283,
    });
    productos.push({
      uuid,
      negocio,
      categoria: r.chance(0.04) ? null : catalog.categoryUuids[ci],
      codigo: `${codePrefix}${String(i + 1).padStart(width, '0')}`,
      nombre: name,
    });
  }
  return { productos, products };
}

// Lines per sale: mean ≈ 3.05
const LINE_CDF = [0.22, 0.44, 0.64, 0.8, 0.9, 0.96, 0.99, 1];
function lineCount(S: Rng): number {
  const x = S.float();
  let i = 0;
  while (x >= LINE_CDF[i]) i++;
  return i + 1;
}

const UNIT_QTY = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 4, 5, 6, 10, 12];
// kilograms, in grams
const WEIGHT_QTY = [250, 500, 500, 750, 1000, 1000, 1250, 1500, 1500, 2000, 2500, 3000, 355, 1235, 845];
const DISCOUNT_PCT = [5, 10, 10, 15, 20];

export function* generateVentas(seed: number, tenantIndex: number, businesses: SalesBusiness[]): Generator<VentaInput> {
  for (const biz of businesses) {
    const S = rngFor(seed, tenantIndex, TAG_SALE_S, biz.key);
    const V = rngFor(seed, tenantIndex, TAG_SALE_V, biz.key);
    const U = new UuidPool(rngFor(seed, tenantIndex, TAG_SALE_U, biz.key));
    const np = biz.products.length;
    const perDay = biz.sales / SALES_DAYS;
    for (let i = 0; i < biz.sales; i++) {
      const n = lineCount(S);
      // Sales spread evenly, in order, over opening hours 07:00-21:00 in Bogotá (UTC-5).
      const pos = i / perDay;
      const day = Math.floor(pos);
      const localSec = 7 * 3600 + Math.floor((pos - day) * 14 * 3600);
      const ms = ((SALES_FIRST_DAY + day) * 86400 + localSec + 5 * 3600) * 1000 + V.int(1000);
      const t = day / 365;
      const lineas: VentaLineaInput[] = new Array<VentaLineaInput>(n);
      for (let j = 0; j < n; j++) {
        const u = V.float();
        const p = biz.products[Math.floor(u * u * np)];
        const price = day >= PRICE_RISE_DAY ? p.p1 : p.p0;
        const qm = p.weight ? WEIGHT_QTY[V.int(WEIGHT_QTY.length)] : UNIT_QTY[V.int(UNIT_QTY.length)] * 1000;
        const bruto = Math.round((qm * price) / 1000);
        // Average unit cost frozen at the time of sale: drifts up with inflation, wobbles with restocking.
        const cost = p.cost0 * (1 + p.drift * t + 0.03 * Math.sin(p.phase + day / 45));
        const line: VentaLineaInput = {
          producto: p.uuid,
          cantidad: qm / 1000,
          precioUnitario: price / 100,
          costoPromedio: Math.round(cost * 10000) / 10000,
        };
        let desc = 0;
        if (V.float() < 0.1) {
          desc = Math.round((bruto * DISCOUNT_PCT[V.int(DISCOUNT_PCT.length)]) / 100);
          line.descuento = desc / 100;
        }
        if (p.iva > 0) line.impuestos = Math.round(((bruto - desc) * p.iva) / 100) / 100;
        lineas[j] = line;
      }
      const x = V.float();
      const estado: EstadoVenta = x < 0.9 ? 'Pagada' : x < 0.96 ? 'Pendiente' : 'Anulada';
      yield { uuid: U.next(), negocio: biz.negocio, fecha: new Date(ms).toISOString(), estado, lineas };
    }
  }
}

export function countVentas(seed: number, tenantIndex: number, businesses: SalesBusiness[]): { ventas: number; lineas: number } {
  let ventas = 0;
  let lines = 0;
  for (const biz of businesses) {
    const S = rngFor(seed, tenantIndex, TAG_SALE_S, biz.key);
    for (let i = 0; i < biz.sales; i++) lines += lineCount(S);
    ventas += biz.sales;
  }
  return { ventas, lineas: lines };
}

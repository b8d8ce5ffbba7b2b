import type { Client } from 'pg';
import { bigScaledText, copyEncoded, MAX_QUANTITY, SAFE, toCents, toUnits, uuidKey } from '@nomina-api/platform/bulk';
import type { VentaInput } from './dataset.types';
import { REPORTES_COLUMNS as COLUMNS } from './tables';

/**
 * Sales rollups (Migration20261122000220_reportes_resumen_ventas): per tenant, business, UTC month
 * (venta_producto_mes) or UTC year (venta_producto_ano), estado and product, the exact sums of the
 * sale lines that the grouped profitability report aggregates: Σcantidad, Σcantidad×precio,
 * Σdescuento, Σimpuestos and Σcantidad×costoPromedio. numeric sums are exact, so a sum of these
 * partial sums equals the sum over the lines, whatever the split.
 *
 * This file is the rollups' one definition, in its forms kept side by side: ResumenVentas (below)
 * sums the lines as an import streams them by, in the import's transaction (load-ventas.ts);
 * resumenVentasFillSql builds them from venta_linea: the migration's backfill of existing databases,
 * and the import's fallback when a value cannot be summed exactly in JavaScript; applyResumenVentasDelta
 * updates the rows a merge's sales change. Filling every
 * import with the SQL form would cost seconds per large tenant;
 * test/report-rollup-equivalence.e2e-spec.ts checks that both forms give the same rows.
 */

/** The two periods: table and its period column (the first day of the UTC month / year). */
export const RESUMEN_VENTAS = {
  month: { table: 'venta_producto_mes', column: 'mes' },
  year: { table: 'venta_producto_ano', column: 'ano' },
} as const;

const SUM_COLUMNS = 'cantidad, total_bruto, descuento, impuestos, costo_total';

/** Months from the lines, then years from the months; `$1` = the tenant when `oneTenant`. */
export function resumenVentasFillSql(oneTenant: boolean): string[] {
  const { month, year } = RESUMEN_VENTAS;
  const tenant = (alias: string): string => (oneTenant ? `where ${alias}.tenant_id = $1::uuid` : '');
  return [
    `insert into ${month.table} (tenant_id, negocio_id, ${month.column}, estado, producto_id, ${SUM_COLUMNS})
     select l.tenant_id, l.negocio_id, date_trunc('month', l.fecha at time zone 'UTC')::date, l.estado, l.producto_id,
            sum(l.cantidad), sum(l.cantidad * l.precio_unitario), sum(l.descuento), sum(l.impuestos), sum(l.cantidad * l.costo_promedio)
       from venta_linea l ${tenant('l')}
      group by 1, 2, 3, 4, 5`,
    `insert into ${year.table} (tenant_id, negocio_id, ${year.column}, estado, producto_id, ${SUM_COLUMNS})
     select m.tenant_id, m.negocio_id, date_trunc('year', m.${month.column}::timestamp)::date, m.estado, m.producto_id,
            sum(m.cantidad), sum(m.total_bruto), sum(m.descuento), sum(m.impuestos), sum(m.costo_total)
       from ${month.table} m ${tenant('m')}
      group by 1, 2, 3, 4, 5`,
  ];
}

/** Σ of each rollup column over lines aliased `l`, each line's terms multiplied by `sign`. */
const lineSums = (sign: string): string =>
  `sum(${sign} * l.cantidad), sum(${sign} * l.cantidad * l.precio_unitario), sum(${sign} * l.descuento), sum(${sign} * l.impuestos), sum(${sign} * l.cantidad * l.costo_promedio)`;

/**
 * The third form, for a merge (merge-ventas.ts): the stored rows updated by a delta instead of
 * rebuilt, so the cost is that of the sales changed: minus the stored lines of the sales in
 * `removed`, plus the staged lines (merge_venta_linea) of the sales in `added` (subqueries of sale
 * ids), added to the stored sums (numeric: exact). A row whose Σcantidad falls to zero has no line
 * left (every line's cantidad is > 0) and is deleted, as a fill would not have written it.
 */
export async function applyResumenVentasDelta(client: Client, tenantKey: string, removed: string, added: string): Promise<void> {
  const { month, year } = RESUMEN_VENTAS;
  const lines = (from: string, where: string): string =>
    `select l.negocio_id, l.fecha, l.estado, l.producto_id, l.cantidad, l.precio_unitario, l.descuento, l.impuestos, l.costo_promedio from ${from} l where ${where}`;
  await client.query(
    `create temp table if not exists merge_resumen_delta (negocio_id uuid, mes date, estado varchar(10), producto_id uuid,
       cantidad numeric, total_bruto numeric, descuento numeric, impuestos numeric, costo_total numeric) on commit drop`,
  );
  await client.query('truncate merge_resumen_delta');
  await client.query(
    `insert into merge_resumen_delta
     select l.negocio_id, date_trunc('month', l.fecha at time zone 'UTC')::date, l.estado, l.producto_id, ${lineSums('l.s')}
       from (select -1 as s, x.* from (${lines('venta_linea', `l.tenant_id = $1 and l.venta_id in ${removed}`)}) x
             union all
             select 1, x.* from (${lines('merge_venta_linea', `l.venta_id in ${added}`)}) x) l
      group by 1, 2, 3, 4`,
    [tenantKey],
  );
  for (const { table, column } of [month, year]) {
    const period = column === month.column ? 'd.mes' : `date_trunc('year', d.mes::timestamp)::date`;
    const keys = `tenant_id, negocio_id, ${column}, estado, producto_id`;
    await client.query(
      `insert into ${table} as t (${keys}, ${SUM_COLUMNS})
       select $1::uuid, d.negocio_id, ${period}, d.estado, d.producto_id,
              sum(d.cantidad), sum(d.total_bruto), sum(d.descuento), sum(d.impuestos), sum(d.costo_total)
         from merge_resumen_delta d group by 2, 3, 4, 5
       on conflict (${keys}) do update set
         cantidad = t.cantidad + excluded.cantidad, total_bruto = t.total_bruto + excluded.total_bruto,
         descuento = t.descuento + excluded.descuento, impuestos = t.impuestos + excluded.impuestos,
         costo_total = t.costo_total + excluded.costo_total`,
      [tenantKey],
    );
    await client.query(
      `delete from ${table} t using (select distinct d.negocio_id, ${period} as periodo, d.estado, d.producto_id from merge_resumen_delta d) k
        where t.tenant_id = $1 and t.negocio_id = k.negocio_id and t.${column} = k.periodo and t.estado = k.estado
          and t.producto_id = k.producto_id and t.cantidad = 0`,
      [tenantKey],
    );
  }
}

/**
 * The JavaScript form: the sales rollups of one tenant, summed while the sales stream by and COPYed
 * after them (load-ventas.ts): per business, UTC month or year, estado and product, Σcantidad, Σcantidad×precio,
 * Σdescuento, Σimpuestos and Σcantidad×costoPromedio. The same rows built in SQL (INSERT … SELECT
 * … GROUP BY over the tenant's lines, mostly numeric aggregation) cost more than writing them.
 *
 * The sums must equal PostgreSQL's numeric sums of the stored lines exactly, so they are integers:
 * quantities in 10⁻⁴, money in cents, gross in 10⁻⁶ (quantity × cents) and cost in 10⁻⁸
 * (quantity × costoPromedio in 10⁻⁴). They are kept as doubles while that is exact (|x| < 2^53)
 * and carried into a BigInt beyond, which a year of a busy product's cost in 10⁻⁸ pesos can need.
 * A quantity or cost with more than 4 decimals (sale quantities may have any) cannot be written
 * in these units: the tenant's rollups are then left to the database (resumenVentasFillSql), slow but exact.
 */

const UNITS = 10_000;
/** Decimal digits of the five sums, in order: q, b (gross), d, i, c (cost). */
const DIGITS = [4, 6, 2, 2, 8];

/** Five exact sums: each is `n[k]` (a safe integer) plus, once it has overflowed, `big[k]`. */
class Sums {
  readonly n = [0, 0, 0, 0, 0];
  big: bigint[] | undefined;

  /** Adds an integer term (number or, when a product is too large for a double, BigInt). */
  add(k: number, term: number | bigint): void {
    if (typeof term === 'number') {
      const x = this.n[k] + term;
      // Both operands are safe integers: a computed sum within ±(2^53 − 1) is the exact one.
      if (x <= SAFE && x >= -SAFE) {
        this.n[k] = x;
        return;
      }
      term = BigInt(term);
    }
    (this.big ??= [0n, 0n, 0n, 0n, 0n])[k] += BigInt(this.n[k]) + term;
    this.n[k] = 0;
  }

  addSums(other: Sums): void {
    for (let k = 0; k < 5; k++) {
      this.add(k, other.n[k]);
      if (other.big) this.add(k, other.big[k]);
    }
  }

  text(k: number): string {
    return bigScaledText(BigInt(this.n[k]) + (this.big?.[k] ?? 0n), DIGITS[k]);
  }
}

/** a × b for safe integers, exact: a double while it is one, else a BigInt. */
function product(a: number, b: number): number | bigint {
  const p = a * b;
  return p <= SAFE && p >= -SAFE ? p : BigInt(a) * BigInt(b);
}

/** Values below MAX_QUANTITY with at most 4 decimals are stored as exactly units / 10⁴ (see hasAtMostDecimals). */
function exactUnits(value: number): number | undefined {
  const units = toUnits(value);
  return value < MAX_QUANTITY && units / UNITS === value ? units : undefined;
}

/** The products of one business, period and estado. */
interface Group {
  negocio: string;
  /** `yyyy-MM` (month) or `yyyy` (year) of the sale's UTC instant. */
  period: string;
  estado: string;
  products: Map<string, Sums>;
}

function groupOf(groups: Map<string, Group>, negocio: string, period: string, estado: string): Group {
  const key = `${negocio} ${period} ${estado}`;
  let group = groups.get(key);
  if (!group) groups.set(key, (group = { negocio, period, estado, products: new Map() }));
  return group;
}

function sumsOf(group: Group, producto: string): Sums {
  let sums = group.products.get(producto);
  if (!sums) group.products.set(producto, (sums = new Sums()));
  return sums;
}

export class ResumenVentas {
  private readonly months = new Map<string, Group>();
  private exact = true;

  addSale(venta: VentaInput): void {
    if (!this.exact) return;
    // fecha is `yyyy-MM-ddTHH:mm:ss[.SSS]Z` (schema), so its first 7 characters are the UTC month.
    const group = groupOf(this.months, uuidKey(venta.negocio), venta.fecha.slice(0, 7), venta.estado);
    for (const l of venta.lineas) {
      const q = exactUnits(l.cantidad);
      const cost = exactUnits(l.costoPromedio);
      if (q === undefined || cost === undefined) {
        this.exact = false;
        this.months.clear();
        return;
      }
      const sums = sumsOf(group, uuidKey(l.producto));
      sums.add(0, q);
      sums.add(1, product(q, toCents(l.precioUnitario)));
      sums.add(2, toCents(l.descuento ?? 0));
      sums.add(3, toCents(l.impuestos ?? 0));
      sums.add(4, product(q, cost));
    }
  }

  /** Writes the tenant's rollups (its rows must not exist yet: a replace has deleted them). */
  async write(client: Client, tenantKey: string): Promise<void> {
    if (!this.exact) {
      for (const sql of resumenVentasFillSql(true)) await client.query(sql, [tenantKey]);
      return;
    }
    await copyEncoded(client, RESUMEN_VENTAS.month.table, COLUMNS.venta_producto_mes, rows(tenantKey, this.months, '-01'));
    await copyEncoded(client, RESUMEN_VENTAS.year.table, COLUMNS.venta_producto_ano, rows(tenantKey, this.years(), '-01-01'));
  }

  private years(): Map<string, Group> {
    const years = new Map<string, Group>();
    for (const month of this.months.values()) {
      const year = groupOf(years, month.negocio, month.period.slice(0, 4), month.estado);
      for (const [producto, sums] of month.products) sumsOf(year, producto).addSums(sums);
    }
    return years;
  }
}

/** COPY text rows; `day` completes the period to the first day of the month or year. */
function rows(tenantKey: string, groups: Map<string, Group>, day: string): string[] {
  const out: string[] = [];
  for (const g of groups.values()) {
    const head = `${tenantKey}\t${g.negocio}\t${g.period}${day}\t${g.estado}\t`;
    for (const [producto, s] of g.products)
      out.push(`${head}${producto}\t${s.text(0)}\t${s.text(1)}\t${s.text(2)}\t${s.text(3)}\t${s.text(4)}\n`);
  }
  return out;
}

import type { Client } from 'pg';
import { bigScaledText, centsText, SAFE } from '@nomina-api/platform/bulk';
import { NOMINA_COLUMNS } from './tables';

/**
 * vinculacion_acumulado_anual (Migration20261122000120_nomina_acumulado_anual): one row per bond
 * and calendar year of the payment fechaDesde with at least one payslip in a definitive payment
 * (CONTRACT §3.7), holding the exact sums of those payslips' totals (generic and contribution
 * source), the count of their baseAportes lines and the bond's latest payment of the year
 * (payment fechaDesde, then fechaPago, then uuid, all desc).
 *
 * This file is the rollup's one definition, in its forms kept side by side: AcumuladoAnual sums
 * it while an import's payslips stream by (load-pagos.ts); ACUMULADO_ANUAL_ROWS builds it from
 * stored payslips (the migration's backfill); refreshAcumuladoAnual rebuilds the rows a merge changed. Filling the import with the SQL form instead would
 * cost seconds per large tenant; test/acumulados-rollup.e2e-spec.ts checks that
 * both forms give the same rows. A change to the rollup changes both, here.
 */

/** Sums of one payslip, in cents. */
export interface PagoEmpleadoSums {
  dev: number;
  ded: number;
  aportesDev: number;
  aportesDed: number;
  aportesLines: number;
  /** Σ|valor|: bounds every partial sum, so one check proves they were all exact. */
  abs: number;
}

/** One payment's values that every payslip and line row repeats. */
export interface PagoFrame {
  key: string;
  bytes: Uint8Array;
  fechaDesde: number;
  fechaPago: number;
  definitivo: boolean;
}

/** Rows of one column set start this big and double. */
const FIRST_ROWS = 1024;

/**
 * One calendar year's rollup rows, one per bond with a definitive payslip that year, held as
 * columns of typed arrays indexed by row, with the bond → row index in an Int32Array: ~70 bytes per
 * row and 4 per bond of the tenant, where an object and a string key per bond took ~250 (a tenant
 * of 166,667 bonds). The sums are plain numbers while
 * Σ|amounts| stays within 2^53 (then every partial sum is exact); past that (a year can exceed it
 * where one payment cannot) that row's go on as BigInt in `big`.
 */
export class AcumuladoAno {
  private readonly rowOf: Int32Array;
  private count = 0;
  private sums = new Float64Array(5 * FIRST_ROWS);
  private ints = new Int32Array(5 * FIRST_ROWS);
  private readonly big = new Map<number, bigint[]>();

  constructor(bonds: number) {
    this.rowOf = new Int32Array(bonds).fill(-1);
  }

  get rows(): number {
    return this.count;
  }

  /** Bytes held (the tests bound them per bond and per row). */
  get bytes(): number {
    return this.rowOf.byteLength + this.sums.byteLength + this.ints.byteLength;
  }

  /**
   * Adds a definitive payslip of `bond` (index in the tenant's VinculacionRefs) in payment `pago`
   * (`pagos[pago]` is its key, for the latest-payment tie-break).
   */
  add(bond: number, pago: PagoFrame, pagoId: number, pagos: readonly string[], s: PagoEmpleadoSums): void {
    let row = this.rowOf[bond];
    const isNew = row < 0;
    if (isNew) row = this.newRow(bond, pago, pagoId);
    const f = row * 5;
    if (!isNew) {
      // Latest payment: fechaDesde, then fechaPago, then uuid, all desc (lowercase keys sort like PostgreSQL's uuids).
      const later =
        pago.fechaDesde - this.ints[f + 2] || pago.fechaPago - this.ints[f + 3] || (pago.key > pagos[this.ints[f + 4]] ? 1 : -1);
      if (later > 0) {
        this.ints[f + 2] = pago.fechaDesde;
        this.ints[f + 3] = pago.fechaPago;
        this.ints[f + 4] = pagoId;
      }
    }
    this.ints[f + 1] += s.aportesLines;
    const big = this.big.get(row);
    if (big === undefined && this.sums[f + 4] + s.abs <= SAFE) {
      this.sums[f] += s.dev;
      this.sums[f + 1] += s.ded;
      this.sums[f + 2] += s.aportesDev;
      this.sums[f + 3] += s.aportesDed;
      this.sums[f + 4] += s.abs;
    } else {
      const sums = big ?? [0, 1, 2, 3].map((k) => BigInt(this.sums[f + k]));
      this.big.set(row, sums);
      [s.dev, s.ded, s.aportesDev, s.aportesDed].forEach((cents, k) => (sums[k] += BigInt(cents)));
    }
  }

  private newRow(bond: number, pago: PagoFrame, pagoId: number): number {
    const row = this.count++;
    if (row * 5 >= this.sums.length) {
      const sums = new Float64Array(this.sums.length * 2);
      sums.set(this.sums);
      this.sums = sums;
      const ints = new Int32Array(this.ints.length * 2);
      ints.set(this.ints);
      this.ints = ints;
    }
    this.rowOf[bond] = row;
    const i = row * 5;
    this.ints[i] = bond;
    this.ints[i + 2] = pago.fechaDesde;
    this.ints[i + 3] = pago.fechaPago;
    this.ints[i + 4] = pagoId;
    return row;
  }

  /** The COPY text row (COLUMNS.vinculacion_acumulado_anual) of row `row`, with its bond's index. */
  row(row: number, tenantKey: string, ano: number, bondKey: (bond: number) => string, pagos: readonly string[]): string {
    const f = row * 5;
    const big = this.big.get(row);
    const sums = big
      ? big.map((cents) => bigScaledText(cents, 2))
      : [this.sums[f], this.sums[f + 1], this.sums[f + 2], this.sums[f + 3]].map(centsText);
    return `${tenantKey}\t${ano}\t${bondKey(this.ints[f])}\t${sums.join('\t')}\t${this.ints[f + 1]}\t${pagos[this.ints[f + 4]]}\n`;
  }
}

/**
 * vinculacion_acumulado_anual of the tenant, summed while the payslips stream by: the rows of
 * ACUMULADO_ANUAL_ROWS below, which aggregates the stored payslips in SQL (several seconds per
 * large tenant, against well under a second here). Bonds are numbered by the tenant's VinculacionRefs.
 */
export class AcumuladoAnual {
  private readonly years = new Map<number, AcumuladoAno>();
  private readonly pagos: string[] = [];

  constructor(
    private readonly bonds: number,
    private readonly bondKey: (bond: number) => string,
  ) {}

  /** The bonds of one calendar year (of the payment fechaDesde). */
  year(ano: number): AcumuladoAno {
    let bonds = this.years.get(ano);
    if (!bonds) this.years.set(ano, (bonds = new AcumuladoAno(this.bonds)));
    return bonds;
  }

  /** A definitive payment's number for add(). */
  payment(key: string): number {
    return this.pagos.push(key) - 1;
  }

  add(year: AcumuladoAno, bond: number, pago: PagoFrame, pagoId: number, s: PagoEmpleadoSums): void {
    year.add(bond, pago, pagoId, this.pagos, s);
  }

  /**
   * The COPY rows, one at a time: encoded as they are sent, each dies young (166,667 rows built
   * at once, or in batches that outlive a few awaits, grew the heap by ~140 MB at the end of the load).
   */
  *rows(tenantKey: string): Generator<string> {
    for (const [ano, year] of this.years) {
      for (let r = 0; r < year.rows; r++) yield year.row(r, tenantKey, ano, this.bondKey, this.pagos);
    }
  }
}

/**
 * The rollup's rows, in column order, computed from the stored payslips (`where`: more conditions
 * on `pe`, e.g. one tenant's bonds and years a merge changed). The sums keep the payslips' scale (2),
 * so a sum of yearly sums prints exactly like the sum of the payslips.
 */
export function acumuladoAnualRowsSql(where?: string): string {
  return `
  select pe.tenant_id, extract(year from pe.pago_fecha_desde)::smallint as ano, pe.vinculacion_id,
         sum(pe.total_devengados) as total_devengados, sum(pe.total_deducciones) as total_deducciones,
         sum(pe.aportes_devengados) as aportes_devengados, sum(pe.aportes_deducciones) as aportes_deducciones,
         sum(pe.aportes_lineas)::int as aportes_lineas,
         (array_agg(pe.pago_id order by pe.pago_fecha_desde desc, pe.pago_fecha_pago desc, pe.pago_id desc))[1] as ultimo_pago_id
    from pago_empleado pe
   where pe.pago_definitivo${where ? ` and ${where}` : ''}
   group by 1, 2, 3`;
}

/** Every tenant's rollup rows (the migration's backfill). */
export const ACUMULADO_ANUAL_ROWS = acumuladoAnualRowsSql();

/**
 * The third form, for a merge (merge-pagos.ts): the rows of the bonds and years in the temporary
 * table `keys` (vinculacion_id, ano) rebuilt from their stored payslips, every other row left as it
 * is. A bond's payslips are found by index (pago_empleado_vinculacion), so the cost is that of the
 * bonds the merge touched, not of the tenant.
 */
export async function refreshAcumuladoAnual(client: Client, tenantKey: string, keys: string): Promise<void> {
  await client.query(
    `delete from vinculacion_acumulado_anual a using ${keys} k where a.tenant_id = $1 and a.vinculacion_id = k.vinculacion_id and a.ano = k.ano`,
    [tenantKey],
  );
  const mine =
    `pe.tenant_id = $1 and pe.vinculacion_id in (select vinculacion_id from ${keys}) ` +
    `and exists (select 1 from ${keys} k where k.vinculacion_id = pe.vinculacion_id and k.ano = extract(year from pe.pago_fecha_desde))`;
  await client.query(
    `insert into vinculacion_acumulado_anual (${NOMINA_COLUMNS.vinculacion_acumulado_anual.join(', ')}) ${acumuladoAnualRowsSql(mine)}`,
    [tenantKey],
  );
}

import { bigScaledText, centsText, SAFE } from '@nomina-api/platform/persistence/bulk/decimal-text';

/**
 * vinculacion_acumulado_anual (Migration20261122000120_nomina_acumulado_anual): one row per bond
 * and calendar year of the payment fechaDesde with at least one payslip in a definitive payment
 * (CONTRACT §3.7), holding the exact sums of those payslips' totals (generic and contribution
 * source), the count of their baseAportes lines and the bond's latest payment of the year
 * (payment fechaDesde, then fechaPago, then uuid, all desc).
 *
 * This file is the rollup's one definition, in its two forms kept side by side: YearlyRollup sums
 * it while an import's payslips stream by (load-payroll.ts); ACUMULADO_ANUAL_ROWS builds it from
 * stored payslips (the migration's backfill). Filling the import with the SQL form instead would
 * cost seconds per large tenant (bench/README.md); test/acumulado-rollup.e2e-spec.ts checks that
 * both forms give the same rows. A change to the rollup changes both, here.
 */

/** Sums of one payslip, in cents. */
export interface PayslipSums {
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

/**
 * One bond's definitive payslips of one calendar year: the sums in cents and its latest payment.
 * The sums are plain numbers while Σ|amounts| stays within 2^53 (then every partial sum is exact);
 * past that (a year can exceed it where one payment cannot) they go on as BigInt.
 */
class BondYear {
  private dev = 0;
  private ded = 0;
  private aportesDev = 0;
  private aportesDed = 0;
  private abs = 0;
  private big?: bigint[];
  private aportesLines = 0;
  private fechaDesde = Number.NEGATIVE_INFINITY;
  private fechaPago = 0;
  private pago = '';

  add(pago: PagoFrame, s: PayslipSums): void {
    if (this.big === undefined && this.abs + s.abs <= SAFE) {
      this.dev += s.dev;
      this.ded += s.ded;
      this.aportesDev += s.aportesDev;
      this.aportesDed += s.aportesDed;
      this.abs += s.abs;
    } else {
      const big = (this.big ??= [this.dev, this.ded, this.aportesDev, this.aportesDed].map(BigInt));
      [s.dev, s.ded, s.aportesDev, s.aportesDed].forEach((cents, i) => (big[i] += BigInt(cents)));
    }
    this.aportesLines += s.aportesLines;
    // Latest payment: fechaDesde, then fechaPago, then uuid, all desc (lowercase keys sort like PostgreSQL's uuids).
    const later = pago.fechaDesde - this.fechaDesde || pago.fechaPago - this.fechaPago || (pago.key > this.pago ? 1 : -1);
    if (later > 0) {
      this.fechaDesde = pago.fechaDesde;
      this.fechaPago = pago.fechaPago;
      this.pago = pago.key;
    }
  }

  /** The COPY text row (COLUMNS.vinculacion_acumulado_anual). */
  row(tenantKey: string, ano: number, bondKey: string): string {
    const sums = this.big
      ? this.big.map((cents) => bigScaledText(cents, 2))
      : [this.dev, this.ded, this.aportesDev, this.aportesDed].map(centsText);
    return `${tenantKey}\t${ano}\t${bondKey}\t${sums.join('\t')}\t${this.aportesLines}\t${this.pago}\n`;
  }
}

/**
 * vinculacion_acumulado_anual of the tenant, summed while the payslips stream by: the rows of
 * ACUMULADO_ANUAL_ROWS below, which aggregates the stored payslips in SQL (several seconds per
 * large tenant, against well under a second here).
 */
export class YearlyRollup {
  private readonly years = new Map<number, Map<string, BondYear>>();

  /** The bonds of one calendar year (of the payment fechaDesde). */
  year(ano: number): Map<string, BondYear> {
    let bonds = this.years.get(ano);
    if (!bonds) this.years.set(ano, (bonds = new Map()));
    return bonds;
  }

  rows(tenantKey: string): string[] {
    const rows: string[] = [];
    for (const [ano, bonds] of this.years) for (const [bond, y] of bonds) rows.push(y.row(tenantKey, ano, bond));
    return rows;
  }
}

export function addToYear(bonds: Map<string, BondYear>, bondKey: string, pago: PagoFrame, s: PayslipSums): void {
  let y = bonds.get(bondKey);
  if (!y) bonds.set(bondKey, (y = new BondYear()));
  y.add(pago, s);
}

/**
 * The rollup's rows, in column order, computed from the stored payslips. The sums keep the
 * payslips' scale (2), so a sum of yearly sums prints exactly like the sum of the payslips.
 */
export const ACUMULADO_ANUAL_ROWS = `
  select pe.tenant_id, extract(year from pe.pago_fecha_desde)::smallint as ano, pe.vinculacion_id,
         sum(pe.total_devengados) as total_devengados, sum(pe.total_deducciones) as total_deducciones,
         sum(pe.aportes_devengados) as aportes_devengados, sum(pe.aportes_deducciones) as aportes_deducciones,
         sum(pe.aportes_lineas)::int as aportes_lineas,
         (array_agg(pe.pago_id order by pe.pago_fecha_desde desc, pe.pago_fecha_pago desc, pe.pago_id desc))[1] as ultimo_pago_id
    from pago_empleado pe
   where pe.pago_definitivo
   group by 1, 2, 3`;

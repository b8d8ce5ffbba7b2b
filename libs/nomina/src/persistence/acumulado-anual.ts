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
 * bonds the merge touched, not of the tenant. A row is updated in place only where a value changed
 * (no key column changes, so a page with room takes it without touching the index), inserted where
 * new and deleted where its bond has no definitive payslip of that year left: a delete and insert of
 * every row wrote each row and its index entry again.
 */
export async function refreshAcumuladoAnual(client: Client, tenantKey: string, keys: string): Promise<void> {
  const mine =
    `pe.tenant_id = $1 and pe.vinculacion_id in (select vinculacion_id from ${keys}) ` +
    `and exists (select 1 from ${keys} k where k.vinculacion_id = pe.vinculacion_id and k.ano = extract(year from pe.pago_fecha_desde))`;
  const columns = NOMINA_COLUMNS.vinculacion_acumulado_anual;
  const values = columns.filter((c) => c !== 'tenant_id' && c !== 'ano' && c !== 'vinculacion_id');
  const same = (a: string, b: string): string =>
    `${a}.tenant_id = $1 and ${a}.ano = ${b}.ano and ${a}.vinculacion_id = ${b}.vinculacion_id`;
  // One statement: its parts see the same snapshot and touch disjoint rows.
  await client.query(
    `with fresh as materialized (${acumuladoAnualRowsSql(mine)}),
     changed as (
       update vinculacion_acumulado_anual a set ${values.map((c) => `${c} = f.${c}`).join(', ')}
         from fresh f where ${same('a', 'f')}
          and (${values.map((c) => `a.${c}`).join(', ')}) is distinct from (${values.map((c) => `f.${c}`).join(', ')})),
     added as (
       insert into vinculacion_acumulado_anual (${columns.join(', ')})
       select ${columns.map((c) => `f.${c}`).join(', ')} from fresh f
        where not exists (select 1 from vinculacion_acumulado_anual a where ${same('a', 'f')}))
     delete from vinculacion_acumulado_anual a using ${keys} k
      where a.tenant_id = $1 and a.vinculacion_id = k.vinculacion_id and a.ano = k.ano
        and not exists (select 1 from fresh f where f.ano = a.ano and f.vinculacion_id = a.vinculacion_id)`,
    [tenantKey],
  );
}

const DELTA_TABLE = 'merge_acumulado_delta';
const SUMS = ['total_devengados', 'total_deducciones', 'aportes_devengados', 'aportes_deducciones', 'aportes_lineas'] as const;

/**
 * A merge's cheaper path to the same rows, in two steps around its writes (like concepto-anual.ts):
 * the sums' difference per bond and year — minus the stored payslips of the payments in `removed`,
 * plus the staged ones (merge_pago_empleado) of those in `added` (subqueries of payment ids) — with
 * the latest added payment, noted before the stored payments go. A row whose latest payment goes
 * and does not come back at least as late for that bond (a payment removed, or replaced with other
 * dates or without the bond) cannot be mended by a difference: its key goes into `keys`, for
 * refreshAcumuladoAnual. Rebuilding every touched row instead read each bond's payslips of every
 * year (≈ 150 per bond of the large dataset: 0.3 s for a payment of 500 payslips).
 */
export async function stageAcumuladoAnualDelta(
  client: Client,
  tenantKey: string,
  removed: string,
  added: string,
  keys: string,
): Promise<void> {
  await client.query(
    `create temp table if not exists ${DELTA_TABLE} (vinculacion_id uuid, ano smallint, total_devengados numeric, total_deducciones numeric,
       aportes_devengados numeric, aportes_deducciones numeric, aportes_lineas int, ultimo_pago_id uuid) on commit drop`,
  );
  await client.query(`truncate ${DELTA_TABLE}`);
  const signed = (sign: number, payslips: string, where: string): string =>
    `select ${sign} as s, vinculacion_id, extract(year from pago_fecha_desde)::smallint as ano, ${SUMS.join(', ')}, pago_id, pago_fecha_desde, pago_fecha_pago
       from ${payslips} where pago_definitivo and ${where}`;
  await client.query(
    `insert into ${DELTA_TABLE}
     select vinculacion_id, ano, ${SUMS.map((c) => `sum(s * ${c})`).join(', ')},
            (array_agg(pago_id order by pago_fecha_desde desc, pago_fecha_pago desc, pago_id desc) filter (where s = 1))[1]
       from (${signed(-1, 'pago_empleado', `tenant_id = $1 and pago_id in ${removed}`)}
             union all
             ${signed(1, 'merge_pago_empleado', `pago_id in ${added}`)}) x
      group by 1, 2`,
    [tenantKey],
  );
  await client.query(
    `insert into ${keys}
     select a.vinculacion_id, a.ano from vinculacion_acumulado_anual a join ${DELTA_TABLE} d on d.vinculacion_id = a.vinculacion_id and d.ano = a.ano
       join pago p on p.tenant_id = $1 and p.id = a.ultimo_pago_id
      where a.tenant_id = $1 and a.ultimo_pago_id in ${removed}
        and not exists (select 1 from merge_pago_empleado s
                         where s.pago_id = a.ultimo_pago_id and s.vinculacion_id = a.vinculacion_id and s.pago_definitivo
                           and extract(year from s.pago_fecha_desde) = a.ano
                           and (s.pago_fecha_desde, s.pago_fecha_pago) >= (p.fecha_desde, p.fecha_pago))
     on conflict do nothing`,
    [tenantKey],
  );
}

/**
 * The second step, once the merge's payments are written: every row of the difference not in `keys`
 * gets its sums plus the difference and, when the latest added payment is later, that payment
 * (written only where a value changes); a bond's first definitive payslip of a year adds its row.
 */
export async function applyAcumuladoAnualDelta(client: Client, tenantKey: string, keys: string): Promise<void> {
  const mended = SUMS.map((c) => `a.${c} + d.${c}`);
  const later = `case when np.id is not null and (np.fecha_desde, np.fecha_pago, np.id) > (op.fecha_desde, op.fecha_pago, op.id) then np.id else op.id end`;
  await client.query(
    `update vinculacion_acumulado_anual a set (${SUMS.join(', ')}, ultimo_pago_id) = (${mended.join(', ')}, ${later})
       from ${DELTA_TABLE} d join pago op on op.tenant_id = $1
       left join pago np on np.tenant_id = $1 and np.id = d.ultimo_pago_id
      where a.tenant_id = $1 and a.vinculacion_id = d.vinculacion_id and a.ano = d.ano and op.id = a.ultimo_pago_id
        and not exists (select 1 from ${keys} k where k.vinculacion_id = d.vinculacion_id and k.ano = d.ano)
        and (${SUMS.map((c) => `d.${c} <> 0`).join(' or ')} or ${later} <> a.ultimo_pago_id)`,
    [tenantKey],
  );
  await client.query(
    `insert into vinculacion_acumulado_anual (${NOMINA_COLUMNS.vinculacion_acumulado_anual.join(', ')})
     select $1::uuid, d.ano, d.vinculacion_id, ${SUMS.map((c) => `d.${c}`).join(', ')}, d.ultimo_pago_id from ${DELTA_TABLE} d
      where d.ultimo_pago_id is not null
        and not exists (select 1 from vinculacion_acumulado_anual a where a.tenant_id = $1 and a.vinculacion_id = d.vinculacion_id and a.ano = d.ano)
        and not exists (select 1 from ${keys} k where k.vinculacion_id = d.vinculacion_id and k.ano = d.ano)`,
    [tenantKey],
  );
}

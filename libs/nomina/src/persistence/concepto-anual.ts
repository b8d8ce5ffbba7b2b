import type { Client } from 'pg';
import { bigScaledText, centsText, copyText, SAFE, unitsText } from '@nomina-api/platform/bulk';
import { NOMINA_COLUMNS } from './tables';

/**
 * vinculacion_concepto_anual (Migration20261128500000_nomina_concepto_anual): one row per bond,
 * concept and calendar year of the payment fechaDesde with at least one line of that concept in a
 * definitive payment (the payments of CONTRACT §3.7 and §11.2), holding the exact sums of those
 * lines' cantidad and valor and how many they are (`lineas`, Migration20261129100000_nomina_concepto_anual_lineas:
 * a merge deletes the rows it leaves at zero lines without reading the lines). The per-concept explorer
 * (GET /pagoEmpleadoDetalles/conceptosacumulados/…/{porContacto}) reads whole years from it instead
 * of every line: a year of the large dataset is ≈ 1.7 M lines and ≈ 10 times fewer rollup rows.
 *
 * This file is the rollup's one definition, in its forms kept side by side, like
 * acumulado-anual.ts: ConceptoAnual sums it while an import's lines stream by (load-pagos.ts);
 * CONCEPTO_ANUAL_ROWS builds it from the stored lines (the migration's backfill, and the reference of
 * test/explorador-conceptos.e2e-spec.ts, which checks that both forms give the same rows);
 * stageConceptoAnualDelta and applyConceptoAnualDelta add to it the difference a merge makes. A change
 * to the rollup changes both, here.
 */

/** Rows of one year's column set start this big and double. */
const FIRST_ROWS = 1024;

/**
 * One calendar year's rows, as columns of typed arrays indexed by row. A bond's rows of the year
 * are chained from `head[bond]` (a bond has a dozen concepts or so; the chain is scanned per
 * line), so there is no map and no string key per row: ~32 bytes per row plus 4 per bond of the
 * tenant. Sums are plain numbers while every partial sum stays within 2^53 (then each is exact);
 * past that, that row's go on as BigInt in `big`.
 */
export class ConceptoAno {
  private readonly head: Int32Array;
  private count = 0;
  private next = new Int32Array(FIRST_ROWS);
  private bond = new Int32Array(FIRST_ROWS);
  private concept = new Int32Array(FIRST_ROWS);
  private units = new Float64Array(FIRST_ROWS);
  private cents = new Float64Array(FIRST_ROWS);
  private lines = new Int32Array(FIRST_ROWS);
  private readonly big = new Map<number, [bigint, bigint]>();

  constructor(bonds: number) {
    this.head = new Int32Array(bonds).fill(-1);
  }

  get rows(): number {
    return this.count;
  }

  /** Bytes held (the spec bounds them per row and per bond). */
  get bytes(): number {
    return this.head.byteLength + this.next.byteLength * 4 + this.units.byteLength * 2;
  }

  /** One line of `concept` (index in the tenant's concept list) on a payslip of `bond`: quantity in 10⁻⁴, value in cents. */
  add(bond: number, concept: number, units: number, cents: number): void {
    let r = this.head[bond];
    while (r >= 0 && this.concept[r] !== concept) r = this.next[r];
    if (r < 0) r = this.newRow(bond, concept);
    this.lines[r]++;
    const big = this.big.size === 0 ? undefined : this.big.get(r);
    if (big === undefined && Math.abs(this.units[r]) + Math.abs(units) <= SAFE && Math.abs(this.cents[r]) + Math.abs(cents) <= SAFE) {
      this.units[r] += units;
      this.cents[r] += cents;
    } else {
      const sums = big ?? [BigInt(this.units[r]), BigInt(this.cents[r])];
      this.big.set(r, sums);
      sums[0] += BigInt(units);
      sums[1] += BigInt(cents);
    }
  }

  private newRow(bond: number, concept: number): number {
    const r = this.count++;
    if (r >= this.next.length) {
      const grow = <A extends Int32Array | Float64Array>(a: A): A => {
        const b = new (a.constructor as new (n: number) => A)(a.length * 2);
        b.set(a);
        return b;
      };
      this.next = grow(this.next);
      this.bond = grow(this.bond);
      this.concept = grow(this.concept);
      this.units = grow(this.units);
      this.cents = grow(this.cents);
      this.lines = grow(this.lines);
    }
    this.next[r] = this.head[bond];
    this.head[bond] = r;
    this.bond[r] = bond;
    this.concept[r] = concept;
    return r;
  }

  /** The COPY text row (NOMINA_COLUMNS.vinculacion_concepto_anual) of row `r`. */
  row(r: number, tenantKey: string, ano: number, codes: readonly string[], bondKey: (bond: number) => string): string {
    const big = this.big.get(r);
    const cantidad = big ? bigScaledText(big[0], 4) : unitsText(this.units[r]);
    const valor = big ? bigScaledText(big[1], 2) : centsText(this.cents[r]);
    return `${tenantKey}\t${ano}\t${copyText(codes[this.concept[r]])}\t${bondKey(this.bond[r])}\t${cantidad}\t${valor}\t${this.lines[r]}\n`;
  }
}

/**
 * vinculacion_concepto_anual of the tenant, summed while the lines stream by: the rows of
 * CONCEPTO_ANUAL_ROWS below. Bonds are numbered by the tenant's VinculacionRefs, concepts by ConceptoInfo.index.
 */
export class ConceptoAnual {
  private readonly years = new Map<number, ConceptoAno>();

  constructor(
    /** Concept code by ConceptoInfo.index. */
    private readonly codes: readonly string[],
    private readonly bonds: number,
    private readonly bondKey: (bond: number) => string,
  ) {}

  /** The rows of one calendar year (of the payment fechaDesde). */
  year(ano: number): ConceptoAno {
    let year = this.years.get(ano);
    if (!year) this.years.set(ano, (year = new ConceptoAno(this.bonds)));
    return year;
  }

  /** The COPY rows, one at a time (each dies young, as AcumuladoAnual's). */
  *rows(tenantKey: string): Generator<string> {
    for (const [ano, year] of this.years) {
      for (let r = 0; r < year.rows; r++) yield year.row(r, tenantKey, ano, this.codes, this.bondKey);
    }
  }
}

/**
 * The rollup's rows, in column order, computed from the stored lines of definitive payments
 * (`where`: more conditions on `pe`, e.g. one tenant's bonds and years a merge changed). The sums
 * keep the lines' scales (4 and 2), so a sum of yearly sums prints like the sum of the lines.
 */
export function conceptoAnualRowsSql(where?: string): string {
  return `
  select pe.tenant_id, extract(year from pe.pago_fecha_desde)::smallint as ano, d.concepto_codigo, pe.vinculacion_id,
         sum(d.cantidad) as cantidad, sum(d.valor) as valor, count(*)::int as lineas
    from pago_empleado pe
    join pago_empleado_detalle d on d.tenant_id = pe.tenant_id and d.pago_empleado_id = pe.id
   where pe.pago_definitivo${where ? ` and ${where}` : ''}
   group by 1, 2, 3, 4`;
}

/** Every tenant's rollup rows (the migration's backfill). */
export const CONCEPTO_ANUAL_ROWS = conceptoAnualRowsSql();

const DELTA_TABLE = 'merge_concepto_anual_delta';

/** The lines (pe: payslips, d: lines) of definitive payslips as (sign, bond, year, concept, cantidad, valor). */
const signedLines = (sign: number, payslips: string, lines: string, where: string): string =>
  `select ${sign} as s, pe.vinculacion_id, extract(year from pe.pago_fecha_desde)::smallint as ano, d.concepto_codigo, d.cantidad, d.valor
     from ${payslips} pe join ${lines} d on d.pago_empleado_id = pe.id and d.tenant_id = pe.tenant_id
    where pe.pago_definitivo and ${where}`;

/**
 * The third form, for a merge (merge-pagos.ts), in two steps around the merge's writes: the
 * difference the merge makes — minus the stored lines of the payments in `removed`, plus the staged
 * lines (merge_pago_empleado_detalle) of those in `added` (subqueries of payment ids) — noted before
 * the stored payments go (stageConceptoAnualDelta), then added to the stored rows once the new ones
 * are written (applyConceptoAnualDelta). Only the rows of the bonds, years and concepts of those lines
 * are written, as updates (numeric sums and counts: exact). A row is deleted when its count of lines
 * falls to zero, not its sums (a line may be worth zero).
 */
export async function stageConceptoAnualDelta(client: Client, tenantKey: string, removed: string, added: string): Promise<void> {
  await client.query(
    `create temp table if not exists ${DELTA_TABLE} (vinculacion_id uuid, ano smallint, concepto_codigo varchar(20), cantidad numeric, valor numeric,
       lineas int) on commit drop`,
  );
  await client.query(`truncate ${DELTA_TABLE}`);
  await client.query(
    `insert into ${DELTA_TABLE}
     select vinculacion_id, ano, concepto_codigo, sum(s * cantidad), sum(s * valor), sum(s) from (
       ${signedLines(-1, 'pago_empleado', 'pago_empleado_detalle', `pe.tenant_id = $1 and pe.pago_id in ${removed}`)}
       union all
       ${signedLines(1, 'merge_pago_empleado', 'merge_pago_empleado_detalle', `pe.pago_id in ${added}`)}
     ) x group by 1, 2, 3`,
    [tenantKey],
  );
}

export async function applyConceptoAnualDelta(client: Client, tenantKey: string): Promise<void> {
  // An update of the stored rows, then an insert of the missing ones, rather than one `insert … on
  // conflict do update`: the upsert logs a row lock before each update and a speculative insert plus
  // its confirmation for each new row (≈ 0.3 MB of the 3.4 MB a payment of 500 payslips logged
  // besides page images).
  // The merge holds the tenant's lock, so no other writer adds a row in between.
  await client.query(
    `update vinculacion_concepto_anual t set cantidad = t.cantidad + k.cantidad, valor = t.valor + k.valor, lineas = t.lineas + k.lineas
       from ${DELTA_TABLE} k
      where t.tenant_id = $1 and t.ano = k.ano and t.concepto_codigo = k.concepto_codigo and t.vinculacion_id = k.vinculacion_id
        and (k.cantidad <> 0 or k.valor <> 0 or k.lineas <> 0)`,
    [tenantKey],
  );
  await client.query(
    `insert into vinculacion_concepto_anual (${NOMINA_COLUMNS.vinculacion_concepto_anual.join(', ')})
     select $1::uuid, k.ano, k.concepto_codigo, k.vinculacion_id, k.cantidad, k.valor, k.lineas from ${DELTA_TABLE} k
      where not exists (select 1 from vinculacion_concepto_anual t
                         where t.tenant_id = $1 and t.ano = k.ano and t.concepto_codigo = k.concepto_codigo and t.vinculacion_id = k.vinculacion_id)`,
    [tenantKey],
  );
  // Only a row that lost lines can be left without any (a merge that only adds deletes nothing).
  await client.query(
    `delete from vinculacion_concepto_anual t using ${DELTA_TABLE} k
      where k.lineas < 0 and t.tenant_id = $1 and t.ano = k.ano and t.concepto_codigo = k.concepto_codigo and t.vinculacion_id = k.vinculacion_id
        and t.lineas = 0`,
    [tenantKey],
  );
}

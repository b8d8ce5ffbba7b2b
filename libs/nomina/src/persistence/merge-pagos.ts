import {
  type Changes,
  classifyWhole,
  type MergeContext,
  symmetricDifferenceSql,
  wholeActions,
  type WholeItems,
} from '@nomina-api/platform/bulk';
import { applyAcumuladoAnualDelta, refreshAcumuladoAnual, stageAcumuladoAnualDelta } from './acumulado-anual';
import { applyConceptoAnualDelta, stageConceptoAnualDelta } from './concepto-anual';
import { NOMINA_COLUMNS as COLUMNS } from './tables';

/**
 * A merge of payments (CONTRACT §6): a payment is the unit of change, replaced whole (header,
 * payslips, lines, concept totals) when anything in it differs from the stored one, inserted when
 * new, removed when listed in `eliminar.pagos`; an identical payment is not touched. The file's
 * payments were staged by loadPagos (STAGED, totals derived as in a plain import); the comparison
 * reads only the stored payments the file names. vinculacion_acumulado_anual gets the difference
 * of the payslips removed and written (applyAcumuladoAnualDelta), and its rows whose latest payment
 * went are rebuilt (refreshAcumuladoAnual: a latest payment cannot be taken back by a difference);
 * vinculacion_concepto_anual gets the difference of their lines (applyConceptoAnualDelta). Nothing
 * else is read or written.
 */

const list = (table: keyof typeof COLUMNS, alias?: string): string => COLUMNS[table].map((c) => (alias ? `${alias}.${c}` : c)).join(', ');

const KEYS_TABLE = 'merge_acumulado_clave';
const HEADER = COLUMNS.pago.filter((c) => c !== 'tenant_id' && c !== 'id');
const NAMED = '(select id from merge_pago)';

/** A payment differs when its row, a payslip or a line does (its concept totals derive from the lines). */
const PAGOS: WholeItems = {
  table: 'pago',
  key: 'id',
  keyType: 'uuid',
  children: ['pago_empleado', 'pago_empleado_detalle', 'pago_concepto_total'],
  differing: `
    select s.id from merge_pago s join pago p on p.tenant_id = $1 and p.id = s.id
     where (${HEADER.map((c) => `p.${c}`).join(', ')}) is distinct from (${HEADER.map((c) => `s.${c}`).join(', ')})
    union all
    select pago_id from (${symmetricDifferenceSql(
      `select ${list('pago_empleado')} from merge_pago_empleado`,
      `select ${list('pago_empleado', 'y')} from pago_empleado y where y.tenant_id = $1 and y.pago_id in ${NAMED}`,
    )}) e
    union all
    select pago_id from (${symmetricDifferenceSql(
      `select ${list('pago_empleado_detalle')} from merge_pago_empleado_detalle`,
      `select ${list('pago_empleado_detalle', 'd')} from pago_empleado y join pago_empleado_detalle d ` +
        `on d.tenant_id = y.tenant_id and d.pago_empleado_id = y.id where y.tenant_id = $1 and y.pago_id in ${NAMED}`,
    )}) l`,
};

export async function mergePagos(ctx: MergeContext, eliminar: string[], recalcular: string[]): Promise<Changes> {
  const { client, tenantKey } = ctx;
  const changes = await classifyWhole(ctx, PAGOS, eliminar);
  if (ctx.dryRun) return changes;
  await client.query(
    `create temp table if not exists ${KEYS_TABLE} (vinculacion_id uuid, ano smallint, primary key (vinculacion_id, ano)) on commit drop`,
  );
  await client.query(`truncate ${KEYS_TABLE}`);
  const any = changes.insertados + changes.reemplazados + changes.eliminados > 0;
  if (any) await applyPagos(ctx);
  if (any || recalcular.length) {
    if (recalcular.length) await recalcularConceptos(ctx, recalcular);
    await refreshAcumuladoAnual(client, tenantKey, KEYS_TABLE);
  }
  return changes;
}

async function applyPagos(ctx: MergeContext): Promise<void> {
  const { client, tenantKey } = ctx;
  const gone = wholeActions(PAGOS, `'R', 'E'`);
  const put = wholeActions(PAGOS, `'N', 'R'`);
  // The rollups' differences, read while the stored payslips and lines of the payments that go are
  // still there; the yearly rows a difference cannot mend are noted in KEYS_TABLE for a rebuild.
  await stageAcumuladoAnualDelta(client, tenantKey, gone, put, KEYS_TABLE);
  await stageConceptoAnualDelta(client, tenantKey, gone, put);
  // Children first: the line table has no foreign key to cascade through.
  await client.query(
    `delete from pago_empleado_detalle d using pago_empleado y
      where y.tenant_id = $1 and y.pago_id in ${gone} and d.tenant_id = $1 and d.pago_empleado_id = y.id`,
    [tenantKey],
  );
  for (const [table, column] of [
    ['pago_concepto_total', 'pago_id'],
    ['pago_empleado', 'pago_id'],
    ['pago', 'id'],
  ]) {
    await client.query(`delete from ${table} where tenant_id = $1 and ${column} in ${gone}`, [tenantKey]);
  }
  for (const [table, column] of [
    ['pago', 'id'],
    ['pago_empleado', 'pago_id'],
    ['pago_empleado_detalle', 'pago_id'],
    ['pago_concepto_total', 'pago_id'],
  ] as const) {
    await client.query(`insert into ${table} (${list(table)}) select ${list(table)} from merge_${table} where ${column} in ${put}`);
  }
  await applyAcumuladoAnualDelta(client, tenantKey, KEYS_TABLE);
  await applyConceptoAnualDelta(client, tenantKey);
}

/**
 * Totals are derived from the lines (CONTRACT §3): when a concept's tipo or baseAportes changes,
 * every stored payslip with a line of it gets its totals again from its lines, its payment from its
 * payslips, and its bond's year joins the rollup rows to rebuild. The lines are found by the
 * tenant's key (no index by concept: this rare change costs a scan of the tenant's lines).
 */
async function recalcularConceptos(ctx: MergeContext, codigos: string[]): Promise<void> {
  const { client, tenantKey } = ctx;
  await client.query(`create temp table if not exists merge_recalculo (id uuid primary key) on commit drop`);
  await client.query(`truncate merge_recalculo`);
  await client.query(
    `insert into merge_recalculo select distinct pago_empleado_id from pago_empleado_detalle where tenant_id = $1 and concepto_codigo = any($2::text[])`,
    [tenantKey, codigos],
  );
  await client.query(
    `update pago_empleado y
        set total_devengados = s.dev, total_deducciones = s.ded, total_neto = s.dev - s.ded,
            aportes_devengados = s.adev, aportes_deducciones = s.aded, aportes_lineas = s.alin
       from (select d.pago_empleado_id as id,
                    coalesce(sum(d.valor) filter (where c.tipo = 'DEVENGADO'), 0) as dev,
                    coalesce(sum(d.valor) filter (where c.tipo = 'DEDUCCION'), 0) as ded,
                    coalesce(sum(d.valor) filter (where c.tipo = 'DEVENGADO' and c.base_aportes), 0) as adev,
                    coalesce(sum(d.valor) filter (where c.tipo = 'DEDUCCION' and c.base_aportes), 0) as aded,
                    (count(*) filter (where c.base_aportes))::int as alin
               from pago_empleado_detalle d join concepto c on c.tenant_id = d.tenant_id and c.codigo = d.concepto_codigo
              where d.tenant_id = $1 and d.pago_empleado_id in (select id from merge_recalculo)
              group by 1) s
      where y.tenant_id = $1 and y.id = s.id`,
    [tenantKey],
  );
  await client.query(
    `update pago p set total_devengados = s.dev, total_deducciones = s.ded, total_neto = s.dev - s.ded
       from (select pago_id, sum(total_devengados) as dev, sum(total_deducciones) as ded from pago_empleado
              where tenant_id = $1 and pago_id in (select pago_id from pago_empleado where tenant_id = $1 and id in (select id from merge_recalculo))
              group by 1) s
      where p.tenant_id = $1 and p.id = s.pago_id`,
    [tenantKey],
  );
  await client.query(
    `insert into ${KEYS_TABLE}
     select distinct vinculacion_id, extract(year from pago_fecha_desde)::smallint from pago_empleado
      where tenant_id = $1 and pago_definitivo and id in (select id from merge_recalculo)
     on conflict do nothing`,
    [tenantKey],
  );
}

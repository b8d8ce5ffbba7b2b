import { Migration } from '@mikro-orm/migrations';

/**
 * The per-bond yearly rollup the accumulated concepts read for whole calendar years (CONTRACT §3.7,
 * conceptos-acumulados.sql.ts): one row per bond and calendar year of the payment fechaDesde with
 * at least one payslip in a definitive payment, holding the exact sums of those payslips' stored
 * totals (generic and contribution source), the count of their baseAportes lines and the bond's
 * latest payment of the year (payment fechaDesde, then fechaPago, then uuid, all desc). A
 * calendar year reads ≈ 1 row per bond instead of ≈ 13 payslips per bond.
 *
 * The importer fills it while the payslips stream by (load-payroll.ts) in the same transaction;
 * this migration backfills databases imported before it from ACUMULADO_ANUAL_ROWS, the same
 * definition in SQL, which the equivalence test also checks the importer's rows against.
 */
export class Migration20261122000120_nomina_acumulado_anual extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table vinculacion_acumulado_anual (
        tenant_id uuid not null,
        ano smallint not null,
        vinculacion_id uuid not null,
        total_devengados numeric not null,
        total_deducciones numeric not null,
        aportes_devengados numeric not null,
        aportes_deducciones numeric not null,
        aportes_lineas int not null,
        ultimo_pago_id uuid not null,
        primary key (tenant_id, ano, vinculacion_id),
        foreign key (tenant_id, vinculacion_id) references vinculacion(tenant_id, id) on delete cascade
      )`);
    this.addSql(`
      insert into vinculacion_acumulado_anual
        (tenant_id, ano, vinculacion_id, total_devengados, total_deducciones, aportes_devengados, aportes_deducciones, aportes_lineas, ultimo_pago_id)
      ${ACUMULADO_ANUAL_ROWS}`);
    this.addSql(`analyze vinculacion_acumulado_anual`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists vinculacion_acumulado_anual`);
  }
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

import { Migration } from '@mikro-orm/migrations';
import { ACUMULADO_ANUAL_ROWS } from '../acumulado-anual';

/**
 * The per-bond yearly rollup the accumulated concepts read for whole calendar years (CONTRACT §3.7,
 * conceptos-acumulados.sql.ts): one row per bond and calendar year of the payment fechaDesde with
 * at least one payslip in a definitive payment, holding the exact sums of those payslips' stored
 * totals (generic and contribution source), the count of their baseAportes lines and the bond's
 * latest payment of the year (payment fechaDesde, then fechaPago, then uuid, all desc). A
 * calendar year reads ≈ 1 row per bond instead of ≈ 13 payslips per bond.
 *
 * The rollup's definition is ../acumulado-anual.ts: the import sums it while the payslips stream
 * by; this migration backfills databases imported before it with the same file's SQL form.
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

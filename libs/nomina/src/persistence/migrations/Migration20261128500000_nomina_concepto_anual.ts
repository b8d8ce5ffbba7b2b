import { Migration } from '@mikro-orm/migrations';
import { CONCEPTO_ANUAL_ROWS } from '../concepto-anual';

/**
 * The per-bond, per-concept yearly rollup the per-concept explorer reads for whole calendar years
 * (CONTRACT §11.2, queries/acumulado-por-concepto): one row per bond, concept and calendar year of
 * the payment fechaDesde with at least one line of that concept in a definitive payment, holding
 * the exact sums of the lines' cantidad and valor. The key starts with the year and the concept:
 * a year's rows come out grouped by concept, the explorer's order.
 *
 * The rollup's definition is ../concepto-anual.ts: the import sums it while the lines stream by;
 * this migration backfills databases imported before it with the same file's SQL form (its columns
 * of then: the count of lines came with Migration20261129100000_nomina_concepto_anual_lineas).
 */
export class Migration20261128500000_nomina_concepto_anual extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table vinculacion_concepto_anual (
        tenant_id uuid not null,
        ano smallint not null,
        concepto_codigo varchar(20) not null,
        vinculacion_id uuid not null,
        cantidad numeric not null,
        valor numeric not null,
        primary key (tenant_id, ano, concepto_codigo, vinculacion_id),
        foreign key (tenant_id, vinculacion_id) references vinculacion(tenant_id, id) on delete cascade,
        foreign key (tenant_id, concepto_codigo) references concepto(tenant_id, codigo) on delete cascade
      )`);
    this.addSql(`
      insert into vinculacion_concepto_anual (tenant_id, ano, concepto_codigo, vinculacion_id, cantidad, valor)
      select tenant_id, ano, concepto_codigo, vinculacion_id, cantidad, valor from (${CONCEPTO_ANUAL_ROWS}) r`);
    this.addSql(`analyze vinculacion_concepto_anual`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists vinculacion_concepto_anual`);
  }
}

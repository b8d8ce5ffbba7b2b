import { Migration } from '@mikro-orm/migrations';
import { CONCEPTO_ANUAL_ROWS } from '../concepto-anual';

/**
 * The per-concept yearly rollup counts its lines (`lineas`), so a merge that removes lines deletes
 * the rows left with none by their count instead of looking for remaining lines of the bond
 * (../concepto-anual.ts, applyConceptoAnualDelta). Existing rows get their count from the same SQL
 * form the rollup is defined by; the default only serves that backfill and is dropped after it, so a
 * writer that forgets the column fails instead of writing rows a merge would take for empty.
 */
export class Migration20261129100000_nomina_concepto_anual_lineas extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table vinculacion_concepto_anual add column lineas integer not null default 0`);
    this.addSql(`
      update vinculacion_concepto_anual t set lineas = r.lineas
        from (${CONCEPTO_ANUAL_ROWS}) r
       where t.tenant_id = r.tenant_id and t.ano = r.ano and t.concepto_codigo = r.concepto_codigo and t.vinculacion_id = r.vinculacion_id`);
    this.addSql(`alter table vinculacion_concepto_anual alter column lineas drop default`);
    this.addSql(`analyze vinculacion_concepto_anual`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table vinculacion_concepto_anual drop column if exists lineas`);
  }
}

import { Migration } from '@mikro-orm/migrations';
import { CONCEPTO_ANUAL_ROWS } from '../concepto-anual';
import { NOMINA_COLUMNS } from '../tables';

/**
 * The per-concept yearly rollup counts its lines (`lineas`), so a merge that removes lines deletes
 * the rows left with none by their count instead of looking for remaining lines of the bond
 * (../concepto-anual.ts, applyConceptoAnualDelta). The rows are written again from the rollup's SQL
 * form rather than updated in place: adding the column locks the table for the whole migration
 * anyway, and an update of every row would leave the table twice its size (on the large dataset,
 * 196 MB of live rows in 388 MB) with each tenant's rows scattered; ordered by the key, a tenant's
 * year stays together as an import writes it. No default: a writer that forgets the count fails
 * instead of writing rows a merge would take for empty.
 */
export class Migration20261129100000_nomina_concepto_anual_lineas extends Migration {
  override async up(): Promise<void> {
    this.addSql(`truncate vinculacion_concepto_anual`);
    this.addSql(`alter table vinculacion_concepto_anual add column lineas integer not null`);
    this.addSql(`
      insert into vinculacion_concepto_anual (${NOMINA_COLUMNS.vinculacion_concepto_anual.join(', ')})
      ${CONCEPTO_ANUAL_ROWS}
      order by 1, 2, 3, 4`);
    this.addSql(`analyze vinculacion_concepto_anual`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table vinculacion_concepto_anual drop column if exists lineas`);
  }
}

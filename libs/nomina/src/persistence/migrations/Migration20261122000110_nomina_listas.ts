import { Migration } from '@mikro-orm/migrations';

/**
 * Indexes for the payroll list reads. GET /empleados/{tipoDocumento}/{identificacion} matches
 * the document number case-insensitively (passports carry letters): without this index the
 * lookup would range-scan every employee of the tenant with that document type.
 */
export class Migration20261122000110_nomina_listas extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index empleado_documento_fold on empleado (tenant_id, tipo_documento, identificacion_fold)`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists empleado_documento_fold`);
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * The per-tenant data version behind conditional requests (CONTRACT §9): every write of tenant
 * data (import, replace, e-payroll numbering) sets a new value in its own transaction, and the
 * ETag of a read is derived from it. Values come from one global sequence, never reused: a
 * tenant deleted and imported again, or a rolled-back write, can never bring back a version an
 * old ETag was made from. No foreign key to tenant: the row must outlive a replace that deletes
 * and re-creates the tenant. A tenant without a row has version 0.
 */
export class Migration20261124000000_tenant_data_version extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create sequence tenant_data_version_seq`);
    this.addSql(`
      create table tenant_data_version (
        tenant_id uuid primary key,
        version bigint not null,
        changed_at timestamptz not null default now()
      )`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists tenant_data_version`);
    this.addSql(`drop sequence if exists tenant_data_version_seq`);
  }
}

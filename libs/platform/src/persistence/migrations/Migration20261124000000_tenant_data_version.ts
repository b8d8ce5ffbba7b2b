import { Migration } from '@mikro-orm/migrations';

/**
 * The per-tenant data version behind conditional requests (CONTRACT §9): every write of tenant
 * data (import, replace, e-payroll numbering) sets a new value in its own transaction, and the
 * ETag of a read is derived from it. Values come from one global sequence, never reused: a
 * tenant deleted and imported again, or a rolled-back write, can never bring back a version an
 * old ETag was made from (and it starts at the creation time, see below). No foreign key to tenant: the row must outlive a replace that deletes
 * and re-creates the tenant. A tenant without a row has version 0.
 */
export class Migration20261124000000_tenant_data_version extends Migration {
  override async up(): Promise<void> {
    // Started at the creation time in milliseconds: a database dropped and built again (a reset,
    // a fresh environment) continues above every version the old one gave out, so an ETag a client
    // kept from before cannot match by accident.
    this.addSql(`
      do $$ begin
        execute format('create sequence tenant_data_version_seq start with %s', (extract(epoch from clock_timestamp()) * 1000)::bigint);
      end $$`);
    // Whoever may write tenant data may move its version: an importer role granted only the tables
    // (no sequences) must still be able to bump it.
    this.addSql(`grant usage on sequence tenant_data_version_seq to public`);
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

import { Migration } from '@mikro-orm/migrations';

/**
 * Every block of e-payroll numbers taken (CONTRACT §3.8: tenant, ano, mes, first and last number,
 * count, Idempotency-Key, time), written in the transaction that takes it. With a key, the
 * documents' rows too, so that the same key returns the same documents and numbers for 24 h
 * (`documentos` is dropped after that; the record stays). Never deleted by an import --replace:
 * like the sequence, it is the history of numbers handed out.
 */
export class Migration20261128200000_nomina_electronica_bloque extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table nomina_electronica_bloque (
        tenant_id uuid not null references tenant(id) on delete cascade,
        prefijo varchar(10) not null,
        primero bigint not null,
        ultimo bigint not null,
        cantidad int not null check (cantidad >= 1 and ultimo = primero + cantidad - 1),
        ano smallint not null,
        mes smallint not null,
        clave_idempotencia varchar(255),
        creado_en timestamptz not null default now(),
        documentos text,
        primary key (tenant_id, prefijo, primero)
      )`);
    this.addSql(`
      create index nomina_electronica_bloque_clave on nomina_electronica_bloque (tenant_id, clave_idempotencia, creado_en desc)
       where clave_idempotencia is not null`);
    // On a database already distributed (Citus), the new tenant table joins the others; a no-op
    // otherwise, and on a fresh database (the distribution step runs after every context's migrations).
    this.addSql(`
      do $$ begin
        if to_regprocedure('app_distribute_by_tenant()') is not null then perform app_distribute_by_tenant(); end if;
      end $$`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists nomina_electronica_bloque`);
  }
}

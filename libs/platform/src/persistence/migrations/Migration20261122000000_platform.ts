import { Migration } from '@mikro-orm/migrations';

/**
 * Platform tables: tenants, businesses with their subscriptions, users and the global
 * login directory. Every tenant-owned table is keyed by (tenant_id, ...), so every index
 * on tenant data starts with tenant_id. The login directory is the one global lookup
 * (by e-mail, before the tenant is known) and holds no tenant data beyond the pointer.
 */
export class Migration20261122000000_platform extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create extension if not exists unaccent`);
    this.addSql(`create extension if not exists pg_trgm`);
    // unaccent() is only STABLE; an IMMUTABLE wrapper with the dictionary pinned lets
    // generated columns and indexes use it (the documented PostgreSQL idiom).
    this.addSql(`
      create or replace function app_fold(t text) returns text
      language sql immutable parallel safe strict
      as $$ select lower(public.unaccent('public.unaccent'::regdictionary, t)) $$`);

    this.addSql(`
      create table tenant (
        id uuid primary key,
        nit varchar(20) not null,
        nombre varchar(200) not null,
        activo boolean not null,
        imported_at timestamptz not null default now()
      )`);

    this.addSql(`
      create table negocio (
        tenant_id uuid not null references tenant(id) on delete cascade,
        id uuid not null,
        nombre varchar(200) not null,
        orden int not null,
        primary key (tenant_id, id)
      )`);

    this.addSql(`
      create table suscripcion (
        tenant_id uuid not null,
        negocio_id uuid not null,
        plan varchar(20) not null check (plan in ('PREMIUM', 'GRATIS', 'TRIAL')),
        desde timestamptz not null,
        hasta timestamptz not null,
        primary key (tenant_id, negocio_id, desde),
        foreign key (tenant_id, negocio_id) references negocio(tenant_id, id) on delete cascade
      )`);

    this.addSql(`
      create table usuario (
        tenant_id uuid not null references tenant(id) on delete cascade,
        id uuid not null,
        email varchar(254) not null,
        password_hash text not null,
        nombre varchar(100) not null,
        apellido varchar(100) not null,
        rol varchar(50) not null,
        activo boolean not null,
        primary key (tenant_id, id)
      )`);

    this.addSql(`
      create table usuario_negocio (
        tenant_id uuid not null,
        usuario_id uuid not null,
        orden int not null,
        negocio_id uuid not null,
        primary key (tenant_id, usuario_id, orden),
        unique (tenant_id, usuario_id, negocio_id),
        foreign key (tenant_id, usuario_id) references usuario(tenant_id, id) on delete cascade,
        foreign key (tenant_id, negocio_id) references negocio(tenant_id, id) on delete cascade
      )`);

    // Global directory: e-mail (case-folded) -> user. Not tenant data: it is how a login finds
    // the tenant in the first place.
    this.addSql(`
      create table login_directory (
        email_key varchar(254) primary key,
        tenant_id uuid not null,
        usuario_id uuid not null,
        foreign key (tenant_id, usuario_id) references usuario(tenant_id, id) on delete cascade
      )`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists login_directory, usuario_negocio, usuario, suscripcion, negocio, tenant cascade`);
    this.addSql(`drop function if exists app_fold(text)`);
  }
}

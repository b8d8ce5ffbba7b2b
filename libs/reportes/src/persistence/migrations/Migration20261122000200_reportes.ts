import { Migration } from '@mikro-orm/migrations';

/**
 * Point-of-sale schema for the profitability report. Sale lines carry the business, the sale
 * date and status copied from their sale so the report is one range scan on
 * (tenant_id, negocio_id, fecha). costo_promedio is the product's average unit cost frozen
 * when the line was sold.
 */
export class Migration20261122000200_reportes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table categoria (
        tenant_id uuid not null references tenant(id) on delete cascade,
        id uuid not null,
        nombre varchar(200) not null,
        primary key (tenant_id, id)
      )`);

    this.addSql(`
      create table producto (
        tenant_id uuid not null,
        id uuid not null,
        negocio_id uuid not null,
        categoria_id uuid,
        codigo varchar(50) not null,
        nombre varchar(200) not null,
        primary key (tenant_id, id),
        foreign key (tenant_id, negocio_id) references negocio(tenant_id, id) on delete cascade,
        foreign key (tenant_id, categoria_id) references categoria(tenant_id, id) on delete cascade
      )`);
    this.addSql(`create index producto_negocio on producto (tenant_id, negocio_id, codigo)`);

    this.addSql(`
      create table venta (
        tenant_id uuid not null,
        id uuid not null,
        negocio_id uuid not null,
        fecha timestamptz not null,
        estado varchar(10) not null check (estado in ('Pagada', 'Pendiente', 'Anulada')),
        primary key (tenant_id, id),
        foreign key (tenant_id, negocio_id) references negocio(tenant_id, id) on delete cascade
      )`);
    this.addSql(`create index venta_negocio_fecha on venta (tenant_id, negocio_id, fecha)`);

    // High-volume table: no foreign keys (checked by the importer), see the nómina line table.
    this.addSql(`
      create table venta_linea (
        tenant_id uuid not null,
        venta_id uuid not null,
        linea int not null,
        negocio_id uuid not null,
        fecha timestamptz not null,
        estado varchar(10) not null,
        producto_id uuid not null,
        cantidad numeric not null check (cantidad > 0),
        precio_unitario numeric(18,2) not null,
        descuento numeric(18,2) not null default 0,
        impuestos numeric(18,2) not null default 0,
        costo_promedio numeric not null check (costo_promedio >= 0),
        primary key (tenant_id, venta_id, linea)
      )`);
    this.addSql(`create index venta_linea_reporte on venta_linea (tenant_id, negocio_id, fecha, estado)`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists venta_linea, venta, producto, categoria cascade`);
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * ERP supplier tables in two families with the same shape: the definitive tables
 * (proveedor / proveedor_establecimiento) and the entry tables (proveedor_entrada /
 * proveedor_entrada_establecimiento) where suppliers wait before being confirmed.
 * identificacion is stored normalised (no dots, spaces or check digit; upper case) and
 * compared in byte order (collate "C").
 */
export class Migration20261122000300_proveedores extends Migration {
  override async up(): Promise<void> {
    for (const family of ['proveedor', 'proveedor_entrada']) {
      this.addSql(`
        create table ${family} (
          tenant_id uuid not null references tenant(id) on delete cascade,
          identificacion varchar(20) collate "C" not null,
          digito_verificacion varchar(1),
          tipo_identificacion varchar(20) not null,
          razon_social varchar(300) not null,
          nombre_comercial varchar(300),
          primary key (tenant_id, identificacion)
        )`);
      this.addSql(`
        create table ${family}_establecimiento (
          tenant_id uuid not null,
          identificacion varchar(20) collate "C" not null,
          codigo varchar(20) collate "C" not null,
          nombre varchar(200) not null,
          direccion varchar(300),
          ciudad varchar(100),
          telefono varchar(50),
          email varchar(254),
          primary key (tenant_id, identificacion, codigo),
          foreign key (tenant_id, identificacion) references ${family}(tenant_id, identificacion) on delete cascade
        )`);
    }
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists proveedor_entrada_establecimiento, proveedor_entrada, proveedor_establecimiento, proveedor cascade`);
  }
}

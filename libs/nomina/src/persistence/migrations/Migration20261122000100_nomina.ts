import { Migration } from '@mikro-orm/migrations';

/**
 * Payroll (nómina) schema. Keys start with tenant_id; amounts are numeric.
 * Totals that reads would otherwise recompute are stored by the importer:
 *  - pago_empleado.total_* and aportes_* (per payslip, the latter over baseAportes concepts),
 *  - pago.total_* and numero_empleados,
 *  - pago_concepto_total (per payment and concept, for detallePago).
 * Payment columns that the accumulation and numbering reads filter on are copied onto
 * pago_empleado (pago_*) so those reads are a single index range scan.
 */
export class Migration20261122000100_nomina extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create extension if not exists btree_gin`);

    this.addSql(`
      create table tipo_cotizante (
        tenant_id uuid not null references tenant(id) on delete cascade,
        codigo varchar(10) not null,
        descripcion varchar(200) not null,
        primary key (tenant_id, codigo)
      )`);

    this.addSql(`
      create table concepto (
        tenant_id uuid not null references tenant(id) on delete cascade,
        codigo varchar(20) not null,
        nombre varchar(200) not null,
        tipo varchar(10) not null check (tipo in ('DEVENGADO', 'DEDUCCION')),
        base_aportes boolean not null default false,
        primary key (tenant_id, codigo)
      )`);

    this.addSql(`
      create table grupo_pago (
        tenant_id uuid not null references tenant(id) on delete cascade,
        id uuid not null,
        codigo varchar(20) not null,
        nombre varchar(200) not null,
        primary key (tenant_id, id)
      )`);

    this.addSql(`
      create table empleado (
        tenant_id uuid not null references tenant(id) on delete cascade,
        id uuid not null,
        tipo_documento varchar(5) not null,
        identificacion varchar(20) not null,
        nombres varchar(100) not null,
        apellidos varchar(100) not null,
        nombre_completo varchar(201) generated always as (nombres || ' ' || apellidos) stored,
        nombre_fold text generated always as (app_fold(nombres || ' ' || apellidos)) stored,
        identificacion_fold text generated always as (lower(identificacion)) stored,
        primary key (tenant_id, id)
      )`);
    this.addSql(`create unique index empleado_documento_uq on empleado (tenant_id, tipo_documento, identificacion)`);
    this.addSql(`create index empleado_nombre_trgm on empleado using gin (tenant_id, nombre_fold gin_trgm_ops)`);
    this.addSql(`create index empleado_identificacion_trgm on empleado using gin (tenant_id, identificacion_fold gin_trgm_ops)`);
    this.addSql(`create index empleado_orden on empleado (tenant_id, nombre_fold, nombre_completo collate "C", id)`);

    this.addSql(`
      create table vinculacion (
        tenant_id uuid not null,
        id uuid not null,
        empleado_id uuid not null,
        fecha_ingreso date not null,
        fecha_retiro date,
        salario_base numeric(18,2) not null,
        salario_integral boolean not null,
        tipo_cotizante varchar(10) not null,
        primary key (tenant_id, id),
        foreign key (tenant_id, empleado_id) references empleado(tenant_id, id) on delete cascade,
        foreign key (tenant_id, tipo_cotizante) references tipo_cotizante(tenant_id, codigo) on delete cascade
      )`);
    this.addSql(`create index vinculacion_empleado on vinculacion (tenant_id, empleado_id, fecha_ingreso desc, id desc)`);

    this.addSql(`
      create table pago (
        tenant_id uuid not null references tenant(id) on delete cascade,
        id uuid not null,
        ano smallint not null,
        mes smallint not null,
        descripcion varchar(500) not null,
        descripcion_fold text generated always as (app_fold(descripcion)) stored,
        fecha_desde date not null,
        fecha_hasta date not null,
        fecha_pago date not null,
        estado char(2) not null check (estado in ('EP', 'PA', 'PP', 'PG', 'RE', 'AN')),
        tipo_pago char(2) not null check (tipo_pago in ('PE', 'PR', 'CE', 'IC', 'LD', 'AN', 'DV', 'NE', 'VI', 'IN')),
        definitivo boolean not null,
        incluir_prima boolean not null default false,
        incluir_intereses_cesantias boolean not null default false,
        genero_plano boolean not null default false,
        egreso_con_errores boolean not null default false,
        pendiente_generar_egreso boolean not null default false,
        pendiente_generar_ingreso boolean,
        ingreso_con_errores boolean,
        grupo_pago_id uuid,
        total_devengados numeric(20,2) not null default 0,
        total_deducciones numeric(20,2) not null default 0,
        total_neto numeric(20,2) not null default 0,
        numero_empleados int not null default 0,
        primary key (tenant_id, id),
        foreign key (tenant_id, grupo_pago_id) references grupo_pago(tenant_id, id) on delete cascade,
        check (fecha_desde <= fecha_hasta)
      )`);
    this.addSql(`create index pago_orden on pago (tenant_id, ano desc, mes desc, fecha_desde desc, id)`);
    this.addSql(`create index pago_periodo on pago (tenant_id, ano, mes)`);
    this.addSql(`create index pago_descripcion_trgm on pago using gin (tenant_id, descripcion_fold gin_trgm_ops)`);

    this.addSql(`
      create table pago_empleado (
        tenant_id uuid not null,
        id uuid not null,
        pago_id uuid not null,
        vinculacion_id uuid not null,
        empleado_id uuid not null,
        salario_base numeric(18,2) not null,
        dias_trabajados numeric(10,4) not null,
        total_devengados numeric(20,2) not null default 0,
        total_deducciones numeric(20,2) not null default 0,
        total_neto numeric(20,2) not null default 0,
        aportes_devengados numeric(20,2) not null default 0,
        aportes_deducciones numeric(20,2) not null default 0,
        aportes_lineas int not null default 0,
        pago_fecha_desde date not null,
        pago_fecha_pago date not null,
        pago_definitivo boolean not null,
        primary key (tenant_id, id),
        unique (tenant_id, pago_id, vinculacion_id),
        foreign key (tenant_id, pago_id) references pago(tenant_id, id) on delete cascade,
        foreign key (tenant_id, vinculacion_id) references vinculacion(tenant_id, id) on delete cascade
      )`);
    this.addSql(`create index pago_empleado_vinculacion on pago_empleado (tenant_id, vinculacion_id)`);
    this.addSql(`create index pago_empleado_empleado on pago_empleado (tenant_id, empleado_id, pago_id)`);
    this.addSql(`create index pago_empleado_acumulado on pago_empleado (tenant_id, pago_fecha_desde) where pago_definitivo`);

    this.addSql(`
      create table pago_empleado_detalle (
        tenant_id uuid not null,
        pago_empleado_id uuid not null,
        id uuid not null,
        pago_id uuid not null,
        concepto_codigo varchar(20) not null,
        cantidad numeric(18,4) not null default 0,
        valor numeric(18,2) not null,
        primary key (tenant_id, pago_empleado_id, id)
      )`);
    // No foreign keys on the high-volume line table: per-row FK triggers would halve bulk-load
    // speed. The importer checks every reference before writing and deletes by tenant_id.

    this.addSql(`
      create table pago_concepto_total (
        tenant_id uuid not null,
        pago_id uuid not null,
        concepto_codigo varchar(20) not null,
        cantidad numeric(20,4) not null,
        valor numeric(20,2) not null,
        numero_empleados int not null,
        primary key (tenant_id, pago_id, concepto_codigo),
        foreign key (tenant_id, pago_id) references pago(tenant_id, id) on delete cascade
      )`);

    this.addSql(`
      create table nomina_electronica_secuencia (
        tenant_id uuid primary key references tenant(id) on delete cascade,
        prefijo varchar(10) not null,
        siguiente_numero bigint not null check (siguiente_numero >= 1)
      )`);
  }

  override async down(): Promise<void> {
    this.addSql(
      `drop table if exists nomina_electronica_secuencia, pago_concepto_total, pago_empleado_detalle, pago_empleado, pago, vinculacion, empleado, grupo_pago, concepto, tipo_cotizante cascade`,
    );
  }
}

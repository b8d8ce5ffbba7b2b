import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** Platform entities: used by login and the guards (simple reads through the EntityManager). */

@Entity({ tableName: 'tenant' })
export class TenantEntity {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @Property({ type: 'string' })
  nit!: string;

  @Property({ type: 'string' })
  nombre!: string;

  @Property({ type: 'boolean' })
  activo!: boolean;
}

@Entity({ tableName: 'negocio' })
export class NegocioEntity {
  @PrimaryKey({ type: 'uuid', fieldName: 'tenant_id' })
  tenantId!: string;

  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @Property({ type: 'string' })
  nombre!: string;

  @Property({ type: 'integer' })
  orden!: number;
}

@Entity({ tableName: 'suscripcion' })
export class SuscripcionEntity {
  @PrimaryKey({ type: 'uuid', fieldName: 'tenant_id' })
  tenantId!: string;

  @PrimaryKey({ type: 'uuid', fieldName: 'negocio_id' })
  negocioId!: string;

  @PrimaryKey({ type: 'Date', columnType: 'timestamptz' })
  desde!: Date;

  @Property({ type: 'string' })
  plan!: 'PREMIUM' | 'GRATIS' | 'TRIAL';

  @Property({ type: 'Date', columnType: 'timestamptz' })
  hasta!: Date;
}

@Entity({ tableName: 'usuario' })
export class UsuarioEntity {
  @PrimaryKey({ type: 'uuid', fieldName: 'tenant_id' })
  tenantId!: string;

  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @Property({ type: 'string' })
  email!: string;

  @Property({ type: 'text', fieldName: 'password_hash', hidden: true })
  passwordHash!: string;

  @Property({ type: 'string' })
  nombre!: string;

  @Property({ type: 'string' })
  apellido!: string;

  @Property({ type: 'string' })
  rol!: string;

  @Property({ type: 'boolean' })
  activo!: boolean;
}

@Entity({ tableName: 'usuario_negocio' })
export class UsuarioNegocioEntity {
  @PrimaryKey({ type: 'uuid', fieldName: 'tenant_id' })
  tenantId!: string;

  @PrimaryKey({ type: 'uuid', fieldName: 'usuario_id' })
  usuarioId!: string;

  @PrimaryKey({ type: 'integer' })
  orden!: number;

  @Property({ type: 'uuid', fieldName: 'negocio_id' })
  negocioId!: string;
}

@Entity({ tableName: 'login_directory' })
export class LoginDirectoryEntity {
  @PrimaryKey({ type: 'string', fieldName: 'email_key' })
  emailKey!: string;

  @Property({ type: 'uuid', fieldName: 'tenant_id' })
  tenantId!: string;

  @Property({ type: 'uuid', fieldName: 'usuario_id' })
  usuarioId!: string;
}

export const PLATFORM_ENTITIES = [
  TenantEntity,
  NegocioEntity,
  SuscripcionEntity,
  UsuarioEntity,
  UsuarioNegocioEntity,
  LoginDirectoryEntity,
];

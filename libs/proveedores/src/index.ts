export { ProveedoresModule } from './proveedores.module';
export { PROVEEDORES_MIGRATIONS } from './persistence/migrations';
export { PROVEEDORES_SCHEMA } from './persistence/schema';
export { PROVEEDORES_API_TAGS } from './http/api-tags';
export { ProveedoresError, ProveedoresErrorCode } from './proveedores.errors';
export { normalizeIdentificacion } from './identificacion';
export type { EstablecimientoRecord, ProveedorRecord, Ubicacion } from './queries/proveedor-record';
export { FindProveedorQuery } from './queries/find-proveedor/find-proveedor.query';
export {
  ListProveedoresQuery,
  type ListProveedoresResult,
  type ProveedoresPage,
  type ProveedoresPaging,
  type ProveedoresStream,
} from './queries/list-proveedores/list-proveedores.query';

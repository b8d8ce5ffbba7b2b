/**
 * `@nomina-api/proveedores/testing`: what benchmarks drive directly (the handlers and the paging the
 * controller resolves). Application code imports the context only through `@nomina-api/proveedores`.
 */
export { resolvePaging } from './http/paging';
export { FindProveedorHandler } from './queries/find-proveedor/find-proveedor.handler';
export { FindProveedorQuery } from './queries/find-proveedor/find-proveedor.query';
export { ListProveedoresHandler } from './queries/list-proveedores/list-proveedores.handler';
export { ListProveedoresQuery } from './queries/list-proveedores/list-proveedores.query';

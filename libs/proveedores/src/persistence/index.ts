/** Proveedores' write side, the entry the importer loads a tenant's suppliers through. */
export type * from './dataset.types';
export { PROVEEDORES_COLUMNS, PROVEEDORES_TENANT_TABLES } from './tables';
export { loadProveedores, supplierKey } from './load-proveedores';

/** Proveedores' write side, the entry the importer loads a tenant's suppliers through. */
export type * from './dataset.types';
export { PROVEEDORES_COLUMNS, PROVEEDORES_FOREIGN_KEYS, PROVEEDORES_TENANT_TABLES } from './tables';
export { PROVEEDORES_DATASET_DEFS } from './dataset.schema';
export { FAMILIES, loadProveedores, proveedorKey } from './load-proveedores';
export { mergeProveedores, stageProveedores } from './merge-proveedores';
/** Its migrations, for the schema of a process that loads only the write side (the import CLI). */
export { PROVEEDORES_MIGRATIONS } from './migrations';

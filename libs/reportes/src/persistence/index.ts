/**
 * Reportes' write side, the entry the importer loads a tenant's sales through: the import format
 * of its part, the table layouts, the loaders (product catalog, streamed sales with their rollups).
 */
export type * from './dataset.types';
export { REPORTES_COLUMNS, REPORTES_FOREIGN_KEYS, REPORTES_TENANT_TABLES } from './tables';
export { REPORTES_DATASET_DEFS } from './dataset.schema';
export { loadProductos } from './load-productos';
export { loadVentas, type VentasCounts } from './load-ventas';
export { RESUMEN_VENTAS, ResumenVentas, resumenVentasFillSql } from './resumen-ventas';
export { findCategorias, findProductos } from './lookups';
export { mergeProductos, mergeVentas, stageReportes } from './merge-ventas';
/** Its migrations, for the schema of a process that loads only the write side (the import CLI). */
export { REPORTES_MIGRATIONS } from './migrations';

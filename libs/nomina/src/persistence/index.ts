/**
 * Nómina's write side, the entry the importer loads a tenant's payroll through: the import format
 * of its part, the table layouts, the loaders (catalogs, streamed payroll with its derived totals
 * and yearly rollup, e-payroll sequence).
 */
export type * from './dataset.types';
export { NOMINA_COLUMNS, NOMINA_FOREIGN_KEYS, NOMINA_TENANT_TABLES } from './tables';
export { NOMINA_DATASET_DEFS } from './dataset.schema';
export { type CatalogosInput, type ConceptoInfo, loadCatalogos, type NominaRefs } from './load-catalogos';
export { loadEmpleados, VinculacionRefs } from './load-empleados';
export { writeSecuencia } from './secuencia';
export { BATCH_PAGOS_EMPLEADO, loadPagos, type PagosContext, type PagosCounts, SORT_RUN_LINES } from './load-pagos';
export { ACUMULADO_ANUAL_ROWS, refreshAcumuladoAnual } from './acumulado-anual';
export { CONCEPTO_ANUAL_ROWS } from './concepto-anual';
export {
  findConceptos,
  findEmpleadosPorDocumento,
  findGruposPago,
  findPagosDeEmpleados,
  findPagosEmpleado,
  findTiposCotizante,
  findVinculaciones,
  type StoredConcepto,
} from './lookups';
export { type CatalogosChanges, mergeCatalogos, mergeEmpleados, removeEmpleados, stageNomina } from './merge-catalogos';
export { mergePagos } from './merge-pagos';
/** Its migrations, for the schema of a process that loads only the write side (the import CLI). */
export { NOMINA_MIGRATIONS } from './migrations';

/**
 * Nómina's write side, the entry the importer loads a tenant's payroll through: the import format
 * of its part, the table layouts, the loaders (catalogs, streamed payroll with its derived totals
 * and yearly rollup, e-payroll sequence).
 */
export type * from './dataset.types';
export { NOMINA_COLUMNS, NOMINA_FOREIGN_KEYS, NOMINA_TENANT_TABLES } from './tables';
export { NOMINA_DATASET_DEFS } from './dataset.schema';
export { BondRefs, type ConceptInfo, loadNominaCatalogs, type NominaCatalogs, type PayrollRefs, writeSequence } from './load-nomina';
export { BATCH_PAYSLIPS, loadPayroll, type PayrollContext, type PayrollCounts, SORT_RUN_LINES } from './load-payroll';
export { ACUMULADO_ANUAL_ROWS } from './acumulado-anual';
export { CONCEPTO_ANUAL_ROWS } from './concepto-anual';

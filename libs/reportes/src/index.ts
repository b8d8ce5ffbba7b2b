export { ReportesModule } from './reportes.module';
export { REPORTES_MIGRATIONS } from './persistence/migrations';
export { REPORTES_SCHEMA } from './persistence/schema';
export { REPORTES_API_TAGS } from './http/api-tags';
export {
  DEFAULT_ESTADOS,
  ESTADOS_VENTA,
  type EstadoVenta,
  type ReportUtilityCriteria,
  ReportUtilityQuery,
} from './queries/report-utility/report-utility.query';
export {
  type ReportUtilityItem,
  type ReportUtilityRecord,
  type ReportUtilityRowView,
  type ReportUtilityTotalsRecord,
  type ReportUtilityTotalsView,
  type ReportUtilityView,
  toRowView,
  toTotalsView,
} from './queries/report-utility/report-utility.view';

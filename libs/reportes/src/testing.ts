/**
 * `@nomina-api/reportes/testing`: what benchmarks and tests drive directly (the handler, the SQL
 * builders, the JSON writer). Application code imports the context only through `@nomina-api/reportes`.
 */
export { jsonWriter } from './http/report-utility.json';
export { ReportUtilityHandler } from './queries/report-utility/report-utility.handler';
export { DEFAULT_ESTADOS, ReportUtilityQuery } from './queries/report-utility/report-utility.query';
export {
  groupedFromLinesSql,
  type ReportUtilityRow,
  reportUtilityShape,
  reportUtilitySql,
  reportUtilityValues,
} from './queries/report-utility/report-utility.sql';
export { toItem, toRowJson, toRowView } from './queries/report-utility/report-utility.view';

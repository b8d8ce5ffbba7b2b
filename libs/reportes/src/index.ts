export { ReportesModule } from './reportes.module';
export { REPORTES_MIGRATIONS } from './persistence/migrations';

export { NominaModule } from './nomina.module';
export { NOMINA_MIGRATIONS } from './persistence/migrations';

export { NominaModule } from './nomina.module';
export { NOMINA_MIGRATIONS } from './persistence/migrations';
export { NOMINA_SCHEMA } from './persistence/schema';
export { NOMINA_API_TAGS } from './http/api-tags';

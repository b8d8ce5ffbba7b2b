export { ProveedoresModule } from './proveedores.module';
export { PROVEEDORES_MIGRATIONS } from './persistence/migrations';

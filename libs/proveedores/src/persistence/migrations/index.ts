import type { MigrationEntry } from '@nomina-api/platform/persistence';
import { Migration20261122000300_proveedores } from './Migration20261122000300_proveedores';

export const PROVEEDORES_MIGRATIONS: MigrationEntry[] = [
  { name: 'Migration20261122000300_proveedores', class: Migration20261122000300_proveedores },
];

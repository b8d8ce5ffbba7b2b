/* eslint-disable @typescript-eslint/no-require-imports -- each class is required only when migrations run (lazyMigration) */
import { lazyMigration, type MigrationEntry } from '@nomina-api/platform/database';

export const PROVEEDORES_MIGRATIONS: MigrationEntry[] = [
  lazyMigration('Migration20261122000300_proveedores', () => require('./Migration20261122000300_proveedores')),
];

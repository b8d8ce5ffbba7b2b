/* eslint-disable @typescript-eslint/no-require-imports -- each class is required only when migrations run (lazyMigration) */
import { lazyMigration, type MigrationEntry } from '@nomina-api/platform/database';

export const REPORTES_MIGRATIONS: MigrationEntry[] = [
  lazyMigration('Migration20261122000200_reportes', () => require('./Migration20261122000200_reportes')),
  lazyMigration('Migration20261122000210_reportes_indice_cubriente', () => require('./Migration20261122000210_reportes_indice_cubriente')),
  lazyMigration('Migration20261122000220_reportes_resumen_ventas', () => require('./Migration20261122000220_reportes_resumen_ventas')),
];

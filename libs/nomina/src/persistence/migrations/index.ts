/* eslint-disable @typescript-eslint/no-require-imports -- each class is required only when migrations run (lazyMigration) */
import { lazyMigration, type MigrationEntry } from '@nomina-api/platform/database';

export const NOMINA_MIGRATIONS: MigrationEntry[] = [
  lazyMigration('Migration20261122000100_nomina', () => require('./Migration20261122000100_nomina')),
  lazyMigration('Migration20261122000110_nomina_listas', () => require('./Migration20261122000110_nomina_listas')),
  lazyMigration('Migration20261122000120_nomina_acumulado_anual', () => require('./Migration20261122000120_nomina_acumulado_anual')),
  lazyMigration('Migration20261128200000_nomina_electronica_bloque', () => require('./Migration20261128200000_nomina_electronica_bloque')),
  lazyMigration('Migration20261128500000_nomina_concepto_anual', () => require('./Migration20261128500000_nomina_concepto_anual')),
  lazyMigration('Migration20261129100000_nomina_concepto_anual_lineas', () =>
    require('./Migration20261129100000_nomina_concepto_anual_lineas'),
  ),
];

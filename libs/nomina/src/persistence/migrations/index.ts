import type { MigrationEntry } from '@nomina-api/platform/persistence';
import { Migration20261122000100_nomina } from './Migration20261122000100_nomina';
import { Migration20261122000110_nomina_listas } from './Migration20261122000110_nomina_listas';
import { Migration20261122000120_nomina_acumulado_anual } from './Migration20261122000120_nomina_acumulado_anual';
import { Migration20261128200000_nomina_electronica_bloque } from './Migration20261128200000_nomina_electronica_bloque';
import { Migration20261128500000_nomina_concepto_anual } from './Migration20261128500000_nomina_concepto_anual';

export const NOMINA_MIGRATIONS: MigrationEntry[] = [
  { name: 'Migration20261122000100_nomina', class: Migration20261122000100_nomina },
  { name: 'Migration20261122000110_nomina_listas', class: Migration20261122000110_nomina_listas },
  { name: 'Migration20261122000120_nomina_acumulado_anual', class: Migration20261122000120_nomina_acumulado_anual },
  { name: 'Migration20261128200000_nomina_electronica_bloque', class: Migration20261128200000_nomina_electronica_bloque },
  { name: 'Migration20261128500000_nomina_concepto_anual', class: Migration20261128500000_nomina_concepto_anual },
];

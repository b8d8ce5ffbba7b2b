import type { MigrationEntry } from '@nomina-api/platform/persistence';
import { Migration20261122000200_reportes } from './Migration20261122000200_reportes';
import { Migration20261122000210_reportes_indice_cubriente } from './Migration20261122000210_reportes_indice_cubriente';
import { Migration20261122000220_reportes_resumen_ventas } from './Migration20261122000220_reportes_resumen_ventas';

export const REPORTES_MIGRATIONS: MigrationEntry[] = [
  { name: 'Migration20261122000200_reportes', class: Migration20261122000200_reportes },
  { name: 'Migration20261122000210_reportes_indice_cubriente', class: Migration20261122000210_reportes_indice_cubriente },
  { name: 'Migration20261122000220_reportes_resumen_ventas', class: Migration20261122000220_reportes_resumen_ventas },
];

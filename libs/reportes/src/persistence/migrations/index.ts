import type { MigrationEntry } from '@app/platform/persistence/migrations';
import { Migration20261122000200_reportes } from './Migration20261122000200_reportes';

export const REPORTES_MIGRATIONS: MigrationEntry[] = [{ name: 'Migration20261122000200_reportes', class: Migration20261122000200_reportes }];

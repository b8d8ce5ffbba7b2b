import type { MigrationEntry } from '@app/platform/persistence/migrations';
import { Migration20261122000100_nomina } from './Migration20261122000100_nomina';

export const NOMINA_MIGRATIONS: MigrationEntry[] = [{ name: 'Migration20261122000100_nomina', class: Migration20261122000100_nomina }];

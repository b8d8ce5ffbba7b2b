import type { MigrationObject } from '@mikro-orm/core';

export type MigrationEntry = MigrationObject;

/**
 * A migration known by name, its class loaded on first use: `load` requires the migration's file,
 * which exports the class of that name. Deciding whether anything is pending needs the names only,
 * so a process that finds its schema current never loads the classes, nor the MikroORM migrator and
 * knex they extend (~0.3 s of the import CLI's start). MikroORM reads `class` when it runs them.
 */
export function lazyMigration(name: string, load: () => unknown): MigrationEntry {
  let loaded: MigrationEntry['class'] | undefined;
  return {
    name,
    get class(): MigrationEntry['class'] {
      if (loaded) return loaded;
      const found = (load() as Record<string, unknown>)[name];
      if (typeof found !== 'function') throw new Error(`La migración ${name} no está exportada por su archivo.`);
      loaded = found as MigrationEntry['class'];
      return loaded;
    },
  };
}

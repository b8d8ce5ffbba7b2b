/**
 * `node tools/run-ts.js test/support/migrate-probe.ts <url>`: loads the import CLI's module graph,
 * migrates `url` with its migration list and prints, as JSON, the migrations applied and which of
 * Nest, MikroORM and knex the process loaded (test/migrate-fast-path.e2e-spec.ts).
 */
import { migrateDatabase } from '@nomina-api/platform/database';
import { APP_MIGRATIONS } from '../../apps/api/src/database/migrations';
import '../../apps/api/src/cli/import';

const HEAVY = ['@nestjs/common', '@nestjs/core', '@mikro-orm/core', '@mikro-orm/knex', '@mikro-orm/migrations', 'knex'];

async function main(): Promise<void> {
  const loadedBefore = loadedHeavy();
  const applied = await migrateDatabase(process.argv[2], { migrations: APP_MIGRATIONS });
  process.stdout.write(`${JSON.stringify({ loadedBefore, applied, loadedAfter: loadedHeavy() })}\n`);
}

function loadedHeavy(): string[] {
  const files = Object.keys(require.cache);
  return HEAVY.filter((pkg) => files.some((f) => f.includes(`/node_modules/${pkg}/`)));
}

void main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`${String((err as Error)?.stack ?? err)}\n`);
    process.exit(1);
  },
);

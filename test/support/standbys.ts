import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Client } from 'pg';
import { type EmbeddedStandby, ReadPools, startEmbeddedStandby } from '@nomina-api/platform/persistence';
import { ANDINA_USER, exampleDataset } from '../../scripts/lib/environment';
import { createTestApp, login } from './test-app';
import { dropDatabase, runScoped, seedDatabase, TEST_DATA_DIR } from './test-database';

export { FAULT_SUPPLIER, renameSupplier, waitFor, whileFrozen } from '../../scripts/lib/replica-faults';

/**
 * Real streaming standbys of the test server (libs/platform/src/persistence/embedded-standby.ts),
 * for the replica suites. Only with the embedded server: a DATABASE_URL server needs replicas of
 * its own.
 */
export const embeddedServer = !process.env.DATABASE_URL;

/** `count` standbys, built one after the other (each copies the running cluster). */
export async function startStandbys(name: string, count: number): Promise<EmbeddedStandby[]> {
  const standbys: EmbeddedStandby[] = [];
  try {
    for (let i = 1; i <= count; i++) {
      standbys.push(
        await startEmbeddedStandby({ dataDir: TEST_DATA_DIR, adminUrl: process.env.TEST_PG_ADMIN_URL!, name: runScoped(`${name}_${i}`) }),
      );
    }
  } catch (err) {
    await Promise.all(standbys.map((s) => s.destroy()));
    throw err;
  }
  return standbys;
}

export interface ReplicaSetup {
  /** The suite's database on the primary. */
  url: string;
  standbys: EmbeddedStandby[];
  primaryDb: Client;
  /** The service reading from every standby, with a principal cache as in production. */
  app: NestFastifyApplication;
  reads: ReadPools;
  token: string;
  close(): Promise<void>;
}

/**
 * A database of the suite's own with the example dataset, `before` (things the standbys must
 * copy), two standbys, and the service with DATABASE_REPLICA_URLS = both.
 */
export async function replicaSetup(
  db: string,
  name: string,
  settings: Record<string, string>,
  before?: (url: string) => Promise<void>,
): Promise<ReplicaSetup> {
  const url = await seedDatabase(db, [exampleDataset()]);
  await before?.(url);
  const standbys = await startStandbys(name, 2);
  const primaryDb = new Client({ connectionString: url });
  await primaryDb.connect();
  const app = await createTestApp(
    { DATABASE_REPLICA_URLS: standbys.map((s) => s.url(runScoped(db))).join(','), PRINCIPAL_CACHE_TTL_MS: '5000', ...settings },
    url,
  );
  return {
    url,
    standbys,
    primaryDb,
    app,
    reads: app.get(ReadPools),
    token: await login(app, ANDINA_USER.email, ANDINA_USER.password),
    close: async () => {
      await app.close();
      await primaryDb.end();
      await Promise.all(standbys.map((s) => s.destroy()));
      if (process.env.TEST_PG_ADMIN_URL) await dropDatabase(process.env.TEST_PG_ADMIN_URL, db);
    },
  };
}

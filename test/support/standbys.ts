import { type EmbeddedStandby, startEmbeddedStandby } from '@nomina-api/platform/persistence';
import { runScoped, TEST_DATA_DIR } from './test-database';

export { waitFor, whileFrozen } from '../../scripts/lib/replica-faults';

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

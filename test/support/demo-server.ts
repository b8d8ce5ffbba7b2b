import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createRootLogger } from '@nomina-api/platform/hosting';
import { migrateDatabase } from '@nomina-api/platform/persistence';
import { createApp } from '../../apps/api/src/create-app';
import { loadDemoDataIfEmpty } from '../../apps/api/src/database/demo-data';
import { APP_SCHEMA } from '../../apps/api/src/database/schema';
import { testConfig } from './test-app';
import { dropDatabase, freshDatabase, runScoped } from './test-database';

export interface DemoServer {
  app: NestFastifyApplication;
  /** http://127.0.0.1:<port>, what the README calls http://127.0.0.1:3000 */
  base: string;
  /** The database it serves (for the import examples, run on the same data). */
  url: string;
  close(): Promise<void>;
}

/**
 * The service as `npm start` runs it for a new user: a fresh database (`name`, this run's own),
 * migrated, the demo data loaded by the same function main.ts calls, served on a real socket.
 */
export async function startDemoServer(name: string): Promise<DemoServer> {
  const adminUrl = process.env.TEST_PG_ADMIN_URL;
  if (!adminUrl) throw new Error('TEST_PG_ADMIN_URL is not set: run the tests through jest (global setup).');
  const url = await freshDatabase(adminUrl, runScoped(name));
  const config = testConfig({ DEMO_DATA: 'true' });
  const logger = createRootLogger('silent');
  await migrateDatabase(url, APP_SCHEMA);
  await loadDemoDataIfEmpty(config, url, logger);
  const app = await createApp(config, url, logger);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.getHttpServer().address() as { port: number };
  return {
    app,
    base: `http://127.0.0.1:${port}`,
    url,
    close: async () => {
      await app.close();
      await dropDatabase(adminUrl, name);
    },
  };
}

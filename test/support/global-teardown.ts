import './register-aliases';
import { dropRunDatabases } from './test-database';

export default async function globalTeardown(): Promise<void> {
  const server = globalThis.__TEST_SERVER__;
  if (!server) return;
  try {
    await dropRunDatabases(server.adminUrl, 'own');
  } finally {
    await server.release();
  }
}

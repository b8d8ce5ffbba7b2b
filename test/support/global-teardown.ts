// Outside jest's sandbox moduleNameMapper does not apply: resolve the aliases for this file's imports.
import '../../tools/register-aliases';
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

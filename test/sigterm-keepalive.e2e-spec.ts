import { Agent } from 'node:http';
import { ANDINA_USER, exampleDataset, httpCall, type HttpResult, sleep, spawnServer } from '../scripts/lib/environment';
import { dropDatabase, seedDatabase } from './support/test-database';

/**
 * CONTRACT §7: SIGTERM under keep-alive load (the real service as a child process). A request
 * written on an open keep-alive connection while the service stops is answered — 200, or 503
 * problem+json with `Connection: close` — never reset; only new connections may be refused.
 * Bounded: 12 clients, at most 150 requests each. `scripts/sigterm.ts` is the long version.
 */
jest.setTimeout(180_000);

const NAME = 'nomina_test_sigterm_keepalive';
const CLIENTS = 12;
const MAX_PER_CLIENT = 150;

afterAll(async () => {
  if (process.env.TEST_PG_ADMIN_URL) await dropDatabase(process.env.TEST_PG_ADMIN_URL, NAME);
});

describe('SIGTERM under keep-alive load (e2e, real process)', () => {
  it('0 connection resets; everything answered is 200 or 503 problem+json with Connection: close; exit 0', async () => {
    const url = await seedDatabase(NAME, [exampleDataset()]);
    const server = await spawnServer({ DATABASE_URL: url, PRINCIPAL_CACHE_TTL_MS: '5000', DB_POOL_MAX: '3' });
    try {
      const login = await httpCall(server.base, {
        method: 'POST',
        path: '/login',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ANDINA_USER),
      });
      const auth = { authorization: `Bearer ${JSON.parse(login.body).tokenCurrent as string}` };
      const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
      const results: HttpResult[] = [];
      let signalled = false;
      const client = async (n: number): Promise<void> => {
        for (let i = 0; i < MAX_PER_CLIENT; i++) {
          const res = await httpCall(server.base, {
            path: n % 2 ? '/empleados?size=5' : '/proveedor?size=5',
            headers: auth,
            agent,
            timeoutMs: 20_000,
          });
          results.push(res);
          // Refused: the listener is closed; nothing more to learn from this client.
          if (res.error === 'ECONNREFUSED') return;
          if (!signalled && results.length >= 200) {
            signalled = true;
            server.child.kill('SIGTERM');
          }
        }
      };
      await Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)));
      agent.destroy();
      const code = await Promise.race([server.exited, sleep(20_000).then(() => 'still running')]);

      expect(signalled).toBe(true);
      const resets = results.filter((r) => r.error && r.error !== 'ECONNREFUSED');
      expect({ resets: resets.length, errors: [...new Set(resets.map((r) => r.error))] }).toEqual({ resets: 0, errors: [] });
      const unexpected = results.filter(
        (r) =>
          !r.error &&
          !(
            r.status === 200 ||
            (r.status === 503 && /problem\+json/.test(String(r.headers['content-type'])) && r.headers.connection === 'close')
          ),
      );
      expect(unexpected.map((r) => `${r.status} ${r.headers.connection}`)).toEqual([]);
      // The load reached the shutdown: some requests were answered while it ran.
      expect(results.some((r) => r.status === 503 || r.error === 'ECONNREFUSED')).toBe(true);
      expect(code).toBe(0);
    } finally {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    }
  });
});

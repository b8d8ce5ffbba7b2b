import { Client } from 'pg';
import {
  ANDINA_ID,
  ANDINA_USER,
  exampleDataset,
  httpCall,
  type HttpResult,
  PACIFICO_USER,
  type ServerProcess,
  sleep,
  spawnServer,
} from '../scripts/lib/environment';
import { dropDatabase, seedDatabase } from './support/test-database';

/**
 * Issue #14 / CONTRACT §10: two real service processes (apps/api/src/main.ts) on one database
 * answer alike, share the login limits, see a deactivation within 5 s and number e-payroll
 * documents without gaps or duplicates between them.
 */
jest.setTimeout(240_000);

const DB = 'nomina_test_scale_out';

describe('two service processes on one database (e2e)', () => {
  let url: string;
  let servers: ServerProcess[] = [];
  let db: Client;

  beforeAll(async () => {
    url = await seedDatabase(DB, [exampleDataset()]);
    const env = { DATABASE_URL: url, LOGIN_RATE_LIMIT: '10', LOGIN_RATE_WINDOW_S: '300', PRINCIPAL_CACHE_TTL_MS: '5000', DB_POOL_MAX: '5' };
    servers = await Promise.all([spawnServer(env), spawnServer(env)]);
    db = new Client({ connectionString: url });
    await db.connect();
  });
  afterAll(async () => {
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    await db?.end();
    if (process.env.TEST_PG_ADMIN_URL) await dropDatabase(process.env.TEST_PG_ADMIN_URL, DB);
  });

  const call = (i: number, path: string, token?: string): Promise<HttpResult> =>
    httpCall(servers[i % 2].base, { path, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const login = (i: number, user: { email: string; password: string }): Promise<HttpResult> =>
    httpCall(servers[i % 2].base, {
      method: 'POST',
      path: '/login',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(user),
    });
  const tokenOf = async (user: { email: string; password: string }): Promise<string> => {
    const res = await login(0, user);
    expect(res.status).toBe(200);
    return JSON.parse(res.body).tokenCurrent;
  };

  it('both answer every read identically, with a token issued by either', async () => {
    const token = await tokenOf(ANDINA_USER);
    const paths = [
      '/pagos?params%5Bestados%5D=PG,PP&size=50',
      '/empleados',
      '/proveedor',
      '/pagoEmpleadoDetalles/conceptosacumulados/2023-01-01/2023-12-31/false',
    ];
    for (const path of paths) {
      const [a, b] = await Promise.all([call(0, path, token), call(1, path, token)]);
      expect([a.status, path]).toEqual([200, path]);
      expect(b.status).toBe(200);
      expect(b.body).toBe(a.body);
    }
  });

  it('numbers e-payroll documents from both at once with no gap and no duplicate', async () => {
    const token = await tokenOf(ANDINA_USER);
    const { rows } = await db.query('select siguiente_numero::int as n from nomina_electronica_secuencia where tenant_id = $1', [
      ANDINA_ID,
    ]);
    const start = rows[0].n as number;
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => call(i, '/pagos/nominaelectronica/2023/2', token)));
    expect(answers.map((r) => r.status)).toEqual(Array(12).fill(200));
    const consecutivos = answers.flatMap((r) => (JSON.parse(r.body).contenido as { consecutivo: number }[]).map((d) => d.consecutivo));
    const perCall = JSON.parse(answers[0].body).total as number;
    expect(perCall).toBeGreaterThan(0);
    expect([...consecutivos].sort((x, y) => x - y)).toEqual(Array.from({ length: 12 * perCall }, (_, i) => start + i));
    // Each call got one contiguous block.
    for (const r of answers) {
      const own = (JSON.parse(r.body).contenido as { consecutivo: number }[]).map((d) => d.consecutivo);
      expect(own).toEqual(Array.from({ length: perCall }, (_, i) => own[0] + i));
    }
  });

  it('49 wrong passwords and the right one at once over both: at most 10 password checks in total', async () => {
    const passwords = [...Array.from({ length: 49 }, (_, i) => `incorrecta-${i}`), PACIFICO_USER.password];
    const answers = await Promise.all(passwords.map((password, i) => login(i, { email: PACIFICO_USER.email, password })));
    const count = (status: number): number => answers.filter((r) => r.status === status).length;
    expect(count(401) + count(200)).toBeLessThanOrEqual(10);
    expect(count(401) + count(200)).toBeGreaterThan(0);
    expect(count(429)).toBe(50 - count(401) - count(200));
  });

  it('a tenant deactivated with one SQL UPDATE is refused by both within 5 s', async () => {
    const token = await tokenOf(ANDINA_USER);
    const path = '/empleados';
    // Both caches now hold the tenant as active.
    expect([(await call(0, path, token)).status, (await call(1, path, token)).status]).toEqual([200, 200]);
    await db.query('update tenant set activo = false where id = $1', [ANDINA_ID]);
    try {
      // PRINCIPAL_CACHE_TTL_MS is at most 5000: past it, no instance may still say yes.
      await sleep(5100);
      const [a, b] = await Promise.all([call(0, path, token), call(1, path, token)]);
      expect([a.status, b.status]).toEqual([401, 401]);
      expect(JSON.parse(a.body).detail).toBe('Tenant no existe o está inactivo');
    } finally {
      await db.query('update tenant set activo = true where id = $1', [ANDINA_ID]);
    }
  });
});

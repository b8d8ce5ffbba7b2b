import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Client } from 'pg';
import { createTestApp, expectProblem, type InjectResult, login, post } from './support/test-app';
import { dropDatabase, seedDatabase } from './support/test-database';
import { exampleDataset } from '../scripts/lib/environment';

/**
 * Issue #7, security and resource limits on the shared example database: login brute-force
 * limit, unknown-e-mail timing, statement timeout (cancelled in the database), URL and header
 * limits, security headers and CORS.
 */
jest.setTimeout(60_000);

const ANA = { email: 'ana.gomez@andina.example.co', password: 'a9jJ8y8Tcb#12' };
const MARTA = { email: 'marta.canas@pacifico.example.co', password: 'qgrPM2MPau%50' };
const ANDINA = '0ee9a9bb-2b87-43f0-82f5-d431917734f8';

const asResult = (res: { statusCode: number; headers: Record<string, unknown>; body: string }): InjectResult => ({
  status: res.statusCode,
  headers: res.headers as InjectResult['headers'],
  body: res.body,
  json: () => JSON.parse(res.body),
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

describe('POST /login brute-force limit (e2e)', () => {
  // The limits live in the database (issue #14): a database of its own, so other suites' login
  // attempts on the shared one never count here.
  const DB = 'nomina_test_login_rl';
  let app: NestFastifyApplication;
  let url: string;
  beforeAll(async () => {
    url = await seedDatabase(DB, [exampleDataset()]);
    app = await createTestApp({ LOGIN_RATE_LIMIT: '3', LOGIN_RATE_WINDOW_S: '120' }, url);
  });
  afterAll(async () => {
    await app?.close();
    if (process.env.TEST_PG_ADMIN_URL) await dropDatabase(process.env.TEST_PG_ADMIN_URL, DB);
  });

  const attempt = async (body: object, ip: string): Promise<InjectResult> =>
    asResult(await app.inject({ method: 'POST', url: '/login', payload: body, remoteAddress: ip }));

  it('after LOGIN_RATE_LIMIT failures for an e-mail, 429 with Retry-After — even with the right password, from any IP', async () => {
    for (let i = 0; i < 3; i++)
      expectProblem(await attempt({ email: ANA.email, password: `wrong-${i}` }, `10.0.0.${i + 1}`), 401, 'INVALID_CREDENTIALS');
    const res = await attempt({ ...ANA, email: ' Ana.Gomez@Andina.Example.CO' }, '10.0.0.9');
    const body = expectProblem(res, 429, 'TOO_MANY_REQUESTS');
    expect(body.detail).toMatch(/Demasiados intentos/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(100);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(120);
    // Another account is not affected.
    expect((await attempt(MARTA, '10.0.0.9')).status).toBe(200);
  });

  it('an unknown e-mail is limited exactly like a known one (a 429 reveals nothing)', async () => {
    for (let i = 0; i < 3; i++) expectProblem(await attempt({ email: 'nadie@andina.example.co', password: 'x' }, '10.0.1.1'), 401);
    expectProblem(await attempt({ email: 'nadie@andina.example.co', password: 'x' }, '10.0.1.2'), 429);
  });

  it("a success clears the e-mail's failures", async () => {
    for (let i = 0; i < 2; i++) expectProblem(await attempt({ email: MARTA.email, password: 'nope' }, '10.0.2.1'), 401);
    expect((await attempt(MARTA, '10.0.2.1')).status).toBe(200);
    for (let i = 0; i < 2; i++) expectProblem(await attempt({ email: MARTA.email, password: 'nope' }, '10.0.2.1'), 401);
    expect((await attempt(MARTA, '10.0.2.1')).status).toBe(200);
  });

  it('per IP, every attempt counts (10 × the limit), whatever the e-mails', async () => {
    const strict = await createTestApp({ LOGIN_RATE_LIMIT: '1', LOGIN_RATE_WINDOW_S: '60' }, url);
    try {
      const from = async (body: object, ip: string): Promise<InjectResult> =>
        asResult(await strict.inject({ method: 'POST', url: '/login', payload: body, remoteAddress: ip }));
      for (let i = 0; i < 10; i++)
        expect((await from({ email: `spray${i}@example.co`, password: 'Verano2024*' }, '10.0.3.1')).status).toBe(401);
      const res = await from(MARTA, '10.0.3.1');
      expectProblem(res, 429, 'TOO_MANY_REQUESTS');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect((await from(MARTA, '10.0.3.2')).status).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('documents the 429 in OpenAPI', async () => {
    const doc = JSON.parse((await app.inject({ method: 'GET', url: '/docs-json' })).body);
    expect(Object.keys(doc.paths['/login'].post.responses)).toContain('429');
  });
});

describe('login timing (e2e): an unknown e-mail costs the same as a wrong password', () => {
  let app: NestFastifyApplication;
  beforeAll(async () => {
    app = await createTestApp({ LOGIN_RATE_LIMIT: '0' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('medians of interleaved attempts are within a factor 2 (a skipped hash would be ~20× faster)', async () => {
    const time = async (email: string): Promise<number> => {
      const started = performance.now();
      const res = await post(app, '/login', { email, password: 'definitely-wrong' });
      expect(res.status).toBe(401);
      return performance.now() - started;
    };
    await time('warm-up@nowhere.example.co');
    await time(ANA.email);
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < 12; i++) {
      unknown.push(await time(`nobody${i}@nowhere.example.co`));
      wrong.push(await time(ANA.email));
    }
    const [u, w] = [median(unknown), median(wrong)];
    expect(u / w).toBeGreaterThan(0.5);
    expect(u / w).toBeLessThan(2);
  });
});

describe('statement timeout (e2e): a query past DB_STATEMENT_TIMEOUT_MS answers 503 and is cancelled in PostgreSQL', () => {
  let app: NestFastifyApplication;
  let db: Client;
  // A database of its own: the lock below must not meet other suites' e-payroll calls.
  const NAME = 'nomina_test_reliability';
  beforeAll(async () => {
    const url = await seedDatabase(NAME, [exampleDataset()]);
    app = await createTestApp({ DB_STATEMENT_TIMEOUT_MS: '400' }, url);
    db = new Client({ connectionString: url, application_name: 'reliability-lock-holder' });
    await db.connect();
  });
  afterAll(async () => {
    await db?.query('rollback').catch(() => undefined);
    await db?.end();
    await app?.close();
    await dropDatabase(process.env.TEST_PG_ADMIN_URL!, NAME);
  });

  it('an e-payroll call blocked on the sequence row is cancelled at the timeout, consumes nothing, and the pool stays usable', async () => {
    const token = await login(app, ANA.email, ANA.password);
    const sequence = async (): Promise<string> =>
      (await db.query('select siguiente_numero::text as n from nomina_electronica_secuencia where tenant_id = $1', [ANDINA])).rows[0].n;
    const before = await sequence();
    // Another writer (a second instance, an import --replace) holds Andina's sequence row.
    await db.query('begin');
    await db.query('select 1 from nomina_electronica_secuencia where tenant_id = $1 for update', [ANDINA]);
    const started = performance.now();
    const res = asResult(
      await app.inject({ method: 'GET', url: '/pagos/nominaelectronica/2023/2', headers: { authorization: `Bearer ${token}` } }),
    );
    const elapsed = performance.now() - started;
    const body = expectProblem(res, 503, 'TIMEOUT');
    expect(body.detail).toMatch(/tardó demasiado/);
    expect(res.headers['retry-after']).toBe('5');
    expect(elapsed).toBeLessThan(5000);
    // Cancelled in the database: no backend of the service still waits for the lock.
    const waiting = await db.query(
      `select count(*)::int as n from pg_stat_activity where application_name = 'nomina-read-api' and datname = current_database() and wait_event_type = 'Lock'`,
    );
    expect(waiting.rows[0].n).toBe(0);
    await db.query('rollback');
    expect(await sequence()).toBe(before);
    // The pool's connections survived the cancellation.
    expect(
      asResult(await app.inject({ method: 'GET', url: '/empleados?size=1', headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(200);
  });
});

describe('transport limits, security headers and CORS (e2e, real socket)', () => {
  let app: NestFastifyApplication;
  let port: number;
  let token: string;

  beforeAll(async () => {
    app = await createTestApp({ CORS_ORIGINS: 'https://nomina.example.co,https://admin.example.co' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.getHttpServer().address() as { port: number }).port;
    token = await login(app, ANA.email, ANA.password);
  });
  afterAll(async () => {
    await app?.close();
  });

  function http(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<InjectResult> {
    return new Promise((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve(asResult({ statusCode: res.statusCode ?? 0, headers: res.headers, body })));
      });
      req.on('error', reject);
      req.end();
    });
  }

  /** Raw bytes on a socket: for requests Node's parser rejects before any route runs. */
  function raw(text: string): Promise<InjectResult> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.end(text));
      let data = '';
      socket.setEncoding('latin1');
      socket.on('data', (c: string) => (data += c));
      socket.on('error', (err) => (data ? undefined : reject(err)));
      socket.on('close', () => {
        const [head, body = ''] = data.split('\r\n\r\n');
        const lines = head.split('\r\n');
        const headers: Record<string, string> = {};
        for (const line of lines.slice(1))
          headers[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
        resolve(asResult({ statusCode: Number(lines[0].split(' ')[1]), headers, body: Buffer.from(body, 'latin1').toString('utf8') }));
      });
    });
  }

  const auth = (): Record<string, string> => ({ authorization: `Bearer ${token}` });

  it('a path segment over 300 characters → 414 problem+json', async () => {
    expectProblem(await http(`/empleados/CC/${'1'.repeat(400)}`, auth()), 414, 'URI_TOO_LONG');
  });

  it('a URL over 8 KiB → 414 problem+json; request line and headers over 16 KiB → 431 problem+json', async () => {
    expectProblem(await http(`/empleados?filter=${'a'.repeat(9000)}`, auth()), 414, 'URI_TOO_LONG');
    expectProblem(await raw(`GET /empleados?filter=${'a'.repeat(20000)} HTTP/1.1\r\nHost: x\r\n\r\n`), 431, 'HEADERS_TOO_LARGE');
    expectProblem(await raw(`GET /health/live HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20000)}\r\n\r\n`), 431, 'HEADERS_TOO_LARGE');
    // HEAD: the same status, no body (a body would be read as the next response).
    const head = await raw(`HEAD /health/live?x=${'a'.repeat(20000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect([head.status, head.body]).toEqual([431, '']);
  });

  it('malformed HTTP → 400 problem+json', async () => {
    expectProblem(await raw('BREW /coffee HTCPCP/1.0\r\n\r\n'), 400);
  });

  it('bad %-escapes and invalid UTF-8 never answer 5xx', async () => {
    expectProblem(await http('/pagoEmpleadoDetalles/%E0%A4%A', auth()), 400);
    expectProblem(await http('/empleados/CC/%FF%FE', auth()), 400);
    for (const path of [
      '/empleados?filter=%FF%FE%FD',
      '/pagos?params%5Bestados%5D=%C0%AF',
      '/proveedor/%C3%28',
      '/empleados?filter=%00',
      '/pagos?params%5Bestados%5D=PG&sort=%E2%82',
    ]) {
      const res = await http(path, auth());
      expect({ path, status: res.status < 500 }).toEqual({ path, status: true });
      if (res.status >= 400) expectProblem(res, res.status);
    }
  });

  it('helmet headers on successes and on problems; no X-Powered-By', async () => {
    for (const res of [await http('/empleados?size=1', auth()), await http('/empleados'), await http('/no-such-route')]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['x-dns-prefetch-control']).toBe('off');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('CORS: an allowed origin gets its echo and the exposed paging headers; another origin gets nothing', async () => {
    const allowed = await http('/proveedor?pagina=0', { ...auth(), origin: 'https://admin.example.co' });
    expect(allowed.status).toBe(200);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://admin.example.co');
    expect(
      String(allowed.headers['access-control-expose-headers'])
        .split(',')
        .map((h) => h.trim().toLowerCase()),
    ).toEqual(expect.arrayContaining(['x-pagina', 'x-tamano-pagina', 'x-total-registros', 'x-request-id']));
    expect(allowed.headers['access-control-allow-credentials']).toBeUndefined();
    const other = await http('/proveedor?pagina=0', { ...auth(), origin: 'https://evil.example.com' });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();

    const preflight = await http(
      '/empleados',
      { origin: 'https://nomina.example.co', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      'OPTIONS',
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://nomina.example.co');
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    const refused = await http('/empleados', { origin: 'https://evil.example.com', 'access-control-request-method': 'GET' }, 'OPTIONS');
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('CORS headers on the answers of the first hooks too (414 of a long URL, 404)', async () => {
    const origin = 'https://admin.example.co';
    const long = await http(`/empleados?filter=${'a'.repeat(9000)}`, { ...auth(), origin });
    expectProblem(long, 414, 'URI_TOO_LONG');
    expect(long.headers['access-control-allow-origin']).toBe(origin);
    const missing = await http('/no-such-route', { origin });
    expect(missing.status).toBe(404);
    expect(missing.headers['access-control-allow-origin']).toBe(origin);
  });

  it('every header of an answer is written in one pass: nothing is set on the raw response first', async () => {
    // A header set on Node's response before writeHead (Nest's CORS copy, helmet's raw writes)
    // makes Node run setHeader for every header of the reply, a measurable cost per request.
    const server = app.getHttpServer() as import('node:http').Server;
    const rawBefore: string[][] = [];
    const spy = (_req: unknown, res: import('node:http').ServerResponse): void => {
      const writeHead = res.writeHead;
      res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
        rawBefore.push(res.getHeaderNames());
        return writeHead.apply(this, args);
      } as typeof writeHead;
    };
    server.prependListener('request', spy);
    try {
      const origin = 'https://admin.example.co';
      const ok = await http('/proveedor?pagina=0', { ...auth(), origin });
      expect(ok.status).toBe(200);
      expect(ok.headers['access-control-allow-origin']).toBe(origin);
      expect(ok.headers['strict-transport-security']).toMatch(/max-age=/);
      expectProblem(await http('/empleados', { origin }), 401);
      expect(rawBefore).toEqual([[], []]);
    } finally {
      server.removeListener('request', spy);
    }
  });

  it('CORS default (*): any origin, no credentials', async () => {
    const open = await createTestApp();
    try {
      const res = asResult(await open.inject({ method: 'GET', url: '/health/live', headers: { origin: 'https://anywhere.example' } }));
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    } finally {
      await open.close();
    }
  });
});

import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createTestApp, expectProblem, get, inject, type InjectResult, listenOnFreePort, login, post } from './support/test-app';

/**
 * Issue #13, breaks found from outside (in-process, shared example database): deep nesting,
 * NUL characters, the Authorization header's syntax, paths outside the UI assets, and the
 * `message` member every problem carries (CONTRACT §1).
 */
jest.setTimeout(60_000);

const ANA = { email: 'ana.gomez@andina.example.co', password: 'a9jJ8y8Tcb#12' };

describe('hardening (e2e, issue #13)', () => {
  let app: NestFastifyApplication;
  let token: string;
  let port: number;
  beforeAll(async () => {
    app = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
    port = await listenOnFreePort(app);
    token = await login(app, ANA.email, ANA.password);
  });

  /** A GET whose request target is written exactly as given (app.inject and fetch normalise `..`). */
  const rawGet = (path: string): Promise<InjectResult> =>
    new Promise((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: () => JSON.parse(body) }));
      });
      req.on('error', reject);
      req.end();
    });
  afterAll(async () => {
    await app?.close();
  });

  const raw = (method: 'GET' | 'POST', url: string, payload?: string, headers: Record<string, string> = {}): Promise<InjectResult> =>
    inject(app, { method, url, payload, headers: { 'content-type': 'application/json', ...headers } });

  describe('1. nesting depth', () => {
    it.each([40, 1_500, 30_000])('a login body nested %i levels → 400 problem+json', async (depth) => {
      // Written as text: JSON.stringify itself overflows the stack on the deepest ones.
      const res = await raw('POST', '/login', `{"email":${'['.repeat(depth)}"x"${']'.repeat(depth)},"password":"x"}`);
      expectProblem(res, 400, 'VALIDATION');
    });

    it('an object nested 1,500 levels in an ignored property → 400, not 500', async () => {
      const extra = '{"a":'.repeat(1_500) + '{}' + '}'.repeat(1_500);
      expectProblem(
        await raw('POST', '/login', `{"email":"${ANA.email}","password":"${ANA.password}","extra":${extra}}`),
        400,
        'VALIDATION',
      );
    });

    it('a body at the largest accepted size made only of brackets → 400', async () => {
      const text = '['.repeat(32_000) + ']'.repeat(32_000);
      expectProblem(await raw('POST', '/login', text), 400, 'VALIDATION');
    });

    it('a query parameter with 1,500 bracket levels is an ordinary (unknown or invalid) parameter, never 500', async () => {
      const key = 'params' + '[a]'.repeat(1_500);
      const res = await get(app, `/empleados?${key}=1`, token);
      expect(res.status).toBe(200);
      // Not `params[estados]`: the documented 500 ESTADOS_REQUERIDO, nothing else.
      const pagos = await get(app, `/pagos?params[estados]${'[x]'.repeat(1_500)}=1`, token);
      expectProblem(pagos, 500, 'ESTADOS_REQUERIDO');
    });
  });

  describe('2. NUL characters never reach SQL', () => {
    it.each([
      ['email', { email: 'ana\u0000@andina.example.co', password: 'x' }],
      ['password', { email: ANA.email, password: 'a9jJ8y8Tcb#12\u0000' }],
      ['business', { ...ANA, business: '0ee9a9bb\u0000' }],
    ])('login with NUL in %s → 400 problem+json', async (_field, body) => {
      expectProblem(await post(app, '/login', body), 400, 'VALIDATION');
    });

    it.each([
      ['/empleados?filter=ana%00', 'filter'],
      ['/empleados?filter=%00', 'filter'],
      ['/pagos?params[estados]=1&filter=a%00b', 'filter'],
      ['/proveedor/900%00123', 'identificacion'],
      ['/proveedor?filter=%00', 'filter'],
      ['/empleados/CC/12%0034', 'identificacion'],
      ['/pagoEmpleadoDetalles/%00', 'uuidPagoEmpleado'],
      ['/pagoEmpleadoDetalles/detallePago/%00', 'idPago'],
      ['/pagos/nominaelectronica/2023/%00', 'mes'],
      ['/pagoEmpleadoDetalles/conceptosacumulados/2023-01-01/2023-12-31%00/false', 'fechaHasta'],
      ['/reports/reportUtility?desde=2024-01-01%00', 'desde'],
    ])('GET %s → 400 problem+json naming %s', async (url, field) => {
      const body = expectProblem(await get(app, url, token), 400, 'VALIDATION');
      expect(body.errors).toEqual([{ field, message: expect.stringMatching(/nulo/) }]);
    });

    it('an unknown route with %00 is still a 404', async () => {
      expectProblem(await get(app, '/no-existe/%00', token), 404, 'ROUTE_NOT_FOUND');
    });

    it('a NUL in a header the service reads (X-Request-Id) is not echoed and breaks nothing', async () => {
      const res = await get(app, '/empleados', token, { 'x-request-id': 'abc\u0000def' });
      expect(res.status).toBe(200);
      expect(res.headers['x-request-id']).not.toContain('\u0000');
    });
  });

  describe('3. Authorization: exactly one bearer token (RFC 6750 §2.1, RFC 7235 §2.1)', () => {
    it.each([
      ['a token followed by junk', (t: string) => `Bearer ${t} junk`],
      ['two tokens', (t: string) => `Bearer ${t} ${t}`],
      ['a tab instead of a space', (t: string) => `Bearer\t${t}`],
      ['a comma-separated parameter after the token', (t: string) => `Bearer ${t}, realm="x"`],
      ['no space at all', (t: string) => `Bearer${t}`],
      ['another scheme', (t: string) => `Basic ${t}`],
      ['a character outside token68', (t: string) => `Bearer ${t}!`],
    ])('%s → 401', async (_name, header) => {
      const res = await get(app, '/empleados', undefined, { authorization: header(token) });
      expectProblem(res, 401);
    });

    it.each([
      ['the canonical form', (t: string) => `Bearer ${t}`],
      ['a lowercase scheme (schemes are case-insensitive)', (t: string) => `bearer ${t}`],
      ['several spaces (1*SP)', (t: string) => `Bearer   ${t}`],
    ])('%s → 200', async (_name, header) => {
      expect((await get(app, '/empleados', undefined, { authorization: header(token) })).status).toBe(200);
    });
  });

  describe('4. paths outside the UI assets', () => {
    it.each([
      '/docs/../../package.json',
      '/docs/%2e%2e/%2e%2e/package.json',
      '/docs/%2E%2E%2F%2E%2E%2Fpackage.json',
      '/docs/..%5c..%5cpackage.json',
      '/docs/..;/..;/package.json',
      '/docs/static/../../../package.json',
      '/docs/nothing-here.js',
    ])('GET %s over a real socket (the path unnormalised) → 404 problem+json, nothing leaked', async (url) => {
      const res = await rawGet(url);
      const body = expectProblem(res, 404);
      expect(body.code).not.toBe('BUSINESS_FORBIDDEN');
      expect(res.body).not.toMatch(/"(dev)?[dD]ependencies"/);
    });

    it('the UI itself is still served', async () => {
      expect((await get(app, '/docs')).status).toBe(200);
      expect((await get(app, '/docs-json')).status).toBe(200);
    });
  });

  describe('11. every problem carries message = detail', () => {
    it.each<[string, () => Promise<InjectResult>, number]>([
      ['an unknown route', () => get(app, '/no-existe', token), 404],
      ['a missing token', () => get(app, '/empleados'), 401],
      ['a broken JSON body', () => raw('POST', '/login', '{"email":'), 400],
      ['a validation failure', () => get(app, '/empleados?offset=-1', token), 400],
      ['a wrong login', () => post(app, '/login', { email: ANA.email, password: 'nope' }), 401],
      ['the 500 of /pagos without estados', () => get(app, '/pagos', token), 500],
      ['a wrong content type', () => raw('POST', '/login', '<x/>', { 'content-type': 'application/xml' }), 415],
    ])('%s', async (_name, call, status) => {
      const body = expectProblem(await call(), status);
      expect(typeof body.message).toBe('string');
      expect(body.message.length).toBeGreaterThan(0);
    });

    it('the OpenAPI problem schema declares message, and every problem example carries it = detail', async () => {
      const doc = (await get(app, '/docs-json')).json();
      const problem = doc.components.schemas.ProblemDto;
      expect(problem.properties.message).toBeDefined();
      expect(problem.required).toContain('message');
      const examples = Object.values(doc.paths as Record<string, Record<string, { responses?: Record<string, any> }>>)
        .flatMap((item) => Object.values(item))
        .flatMap((op) => Object.values(op.responses ?? {}))
        .map((r) => r.content?.['application/problem+json']?.example)
        .filter(Boolean);
      expect(examples.length).toBeGreaterThan(10);
      for (const e of examples) expect({ code: e.code, message: e.message }).toEqual({ code: e.code, message: e.detail });
    });
  });
});

describe("9. slow requests get their 408 at REQUEST_TIMEOUT_MS, not at Node's check interval (e2e, real socket)", () => {
  let app: NestFastifyApplication;
  let port: number;
  beforeAll(async () => {
    app = await createTestApp({ REQUEST_TIMEOUT_MS: '1000' });
    port = await listenOnFreePort(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  /**
   * Writes `text` and keeps the socket open; resolves with what the server wrote before closing
   * it, or 'no answer' after `giveUpMs`. The bound is generous (the answer is due at 1–2 s):
   * before the fix it came at 30–60 s, Node's default check interval and headers timeout.
   */
  const stall = (text: string, giveUpMs = 8000): Promise<string> =>
    new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(text));
      let data = '';
      const timer = setTimeout(() => {
        socket.destroy();
        resolve('no answer');
      }, giveUpMs);
      socket.setEncoding('utf8');
      socket.on('data', (c: string) => (data += c));
      socket.on('close', () => {
        clearTimeout(timer);
        resolve(data);
      });
      socket.on('error', (err) => (data ? undefined : reject(err)));
    });

  it.each([
    ['headers never finished', 'GET /health/live HTTP/1.1\r\nHost: localhost\r\nX-Slow: '],
    [
      'a body shorter than its Content-Length',
      'POST /login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
    ],
  ])('%s → 408 problem+json', async (_name, text) => {
    const answer = await stall(text);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    const body = JSON.parse(answer.split('\r\n\r\n')[1]);
    expect(body).toEqual(expect.objectContaining({ status: 408, code: 'TIMEOUT', message: body.detail }));
  });
});

import { Writable } from 'node:stream';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pino from 'pino';
import { sign } from 'jsonwebtoken';
import { createApp } from '../apps/api/src/create-app';
import { generateOpenApi } from '../apps/api/src/cli/openapi';
import { createTestApp, expectProblem, get, TEST_JWT_SECRET, testConfig } from './support/test-app';

const ANDINA = '0ee9a9bb-2b87-43f0-82f5-d431917734f8';
const ANA = 'd1999f37-15c4-4b46-b9a9-406b67f936c5';
const SEDE_NORTE = '3a2b51cd-ba4b-4dc8-8437-d3cfa4b48f6f';
const PAGO_EMPLEADO = 'f0000000-0000-4000-8000-000000000000';
const token = (): string =>
  sign({ tid: ANDINA, bid: SEDE_NORTE }, TEST_JWT_SECRET, {
    subject: ANA,
    issuer: 'nomina-read-api',
    audience: 'nomina-read-api',
    expiresIn: 600,
  });

describe('GET /metrics (e2e)', () => {
  let app: NestFastifyApplication;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('counts requests per route template and status, with latency histograms and pool gauges', async () => {
    await get(app, '/pagos?params[estados]=PG', token());
    await get(app, `/pagoEmpleadoDetalles/${PAGO_EMPLEADO}`, token());
    await get(app, '/no-such-route');
    const res = await get(app, '/metrics');
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toMatch(/^http_requests_total\{method="GET",route="\/pagos",status="200"\} 1$/m);
    expect(res.body).toMatch(/^http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/pagos",status="200"\} \d+$/m);
    expect(res.body).toMatch(/route="\/pagoEmpleadoDetalles\/:uuidPagoEmpleado"/);
    expect(res.body).toMatch(/route="sin_ruta",status="404"/);
    expect(res.body).not.toContain(PAGO_EMPLEADO);
    expect(res.body).toMatch(/^db_pool_connections\{state="idle"\} \d+$/m);
    expect(res.body).toMatch(/^db_pool_connections\{state="used"\} \d+$/m);
    expect(res.body).toMatch(/^db_pool_waiting \d+$/m);
    expect(res.body).toMatch(/^db_pool_max 10$/m);
    expect(res.body).toMatch(/^process_cpu_seconds_total /m);
  });
});

describe('GET /metrics with METRICS_TOKEN (e2e)', () => {
  let app: NestFastifyApplication;
  beforeAll(async () => {
    app = await createTestApp({ METRICS_TOKEN: 'scrape-token-0123456789' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('requires the token as a bearer', async () => {
    expectProblem(await get(app, '/metrics'), 401, 'UNAUTHENTICATED');
    expectProblem(await get(app, '/metrics', 'wrong-token-0123456789'), 401, 'UNAUTHENTICATED');
    expect((await get(app, '/metrics', 'scrape-token-0123456789')).status).toBe(200);
  });
});

describe('request log (e2e)', () => {
  it('one JSON line per request with id, route, status, duration and tenant', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()));
        done();
      },
    });
    const app = await createApp(testConfig(), process.env.TEST_DATABASE_URL!, pino({ level: 'info' }, sink));
    try {
      await app.getHttpAdapter().getInstance().ready();
      await get(app, `/pagoEmpleadoDetalles/${PAGO_EMPLEADO}`, token(), { 'x-request-id': 'req-42' });
    } finally {
      await app.close();
    }
    expect(lines.find((l) => l.msg === 'request' && l.reqId === 'req-42')).toEqual(
      expect.objectContaining({
        method: 'GET',
        url: `/pagoEmpleadoDetalles/${PAGO_EMPLEADO}`,
        route: '/pagoEmpleadoDetalles/:uuidPagoEmpleado',
        status: expect.any(Number),
        ms: expect.any(Number),
        tenant: ANDINA,
      }),
    );
  });
});

describe('OpenAPI document without a database', () => {
  it('has unique operation ids, described tags and security on every operation', async () => {
    const doc = await generateOpenApi();
    const operations = Object.values(doc.paths).flatMap(
      (path) => Object.values(path) as { operationId: string; tags: string[]; security?: unknown[] }[],
    );
    expect(operations.length).toBeGreaterThan(10);
    expect(new Set(operations.map((o) => o.operationId)).size).toBe(operations.length);
    const described = new Set((doc.tags ?? []).filter((t) => t.description).map((t) => t.name));
    for (const op of operations) {
      expect(op.security).toBeDefined();
      for (const tag of op.tags) expect(described).toContain(tag);
    }
    expect(doc.servers).toEqual([{ url: '/', description: 'Este servicio' }]);
  });

  it('logs probes, scrapes, Swagger UI files and favicons at debug, not info', async () => {
    const lines: { level: number; msg: string; url?: string }[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()));
        done();
      },
    });
    const app = await createApp(testConfig(), process.env.TEST_DATABASE_URL!, pino({ level: 'debug' }, sink));
    const routine = ['/health/live', '/health/ready', '/metrics', '/docs/swagger-ui.css', '/docs/favicon-32x32.png', '/favicon.ico'];
    try {
      await app.getHttpAdapter().getInstance().ready();
      for (const url of routine) await get(app, url);
      await get(app, '/docs');
      await get(app, '/pagos?params[estados]=PG', token());
    } finally {
      await app.close();
    }
    const requests = lines.filter((l) => l.msg === 'request');
    const levelOf = (url: string): number | undefined => requests.find((l) => l.url === url)?.level;
    for (const url of routine) expect([url, levelOf(url)]).toEqual([url, pino.levels.values.debug]);
    expect(levelOf('/docs')).toBe(pino.levels.values.info);
    expect(levelOf('/pagos?params[estados]=PG')).toBe(pino.levels.values.info);
  });
});

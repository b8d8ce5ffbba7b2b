import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MAX_URL_LENGTH } from '@nomina-api/platform/hosting';
import { NOMINA_API_TAGS } from '@nomina-api/nomina';
import { createTestApp, expectProblem, get, type InjectResult, login } from './support/test-app';

/**
 * CONTRACT §11.5: every problem body of a payroll operation (§3, §11.1–11.3) also carries
 * `"error": { "codigo": <code>, "mensaje": <detail> }`, whoever answers it — a guard (401), a pipe
 * (400), a handler (404, the 500 of a missing params[estados]) or a transport hook before Nest
 * (414, a NUL in the URL) — and no other operation's does. The OpenAPI document says the same.
 */

type Op = {
  tags?: string[];
  security?: Record<string, unknown>[];
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string }; example?: any }> }>;
};

const PAYROLL_TAGS = new Set(NOMINA_API_TAGS.map((t) => t.name));
const LEGACY = '#/components/schemas/LegacyProblemDto';

function expectLegacyError(res: InjectResult, status: number, code: string): any {
  const body = expectProblem(res, status, code);
  expect(body.error).toEqual({ codigo: code, mensaje: body.detail });
  // Right after `message`, as the legacy clients' neighbour member.
  expect(Object.keys(body).slice(Object.keys(body).indexOf('message'), Object.keys(body).indexOf('message') + 2)).toEqual([
    'message',
    'error',
  ]);
  return body;
}

describe('the legacy error member on payroll problems (e2e)', () => {
  let app: NestFastifyApplication;
  let token: string;
  let operations: { method: string; path: string; op: Op }[];

  beforeAll(async () => {
    app = await createTestApp();
    token = await login(app, 'ana.gomez@andina.example.co', 'a9jJ8y8Tcb#12');
    const doc = JSON.parse((await app.inject({ method: 'GET', url: '/docs-json' })).body) as { paths: Record<string, Record<string, Op>> };
    operations = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ method, path, op })));
  });
  afterAll(async () => {
    await app?.close();
  });

  const payroll = (op: Op): boolean => (op.tags ?? []).some((t) => PAYROLL_TAGS.has(t));

  it('every operation without a token: 401, with `error` exactly on the payroll ones', async () => {
    const secured = operations.filter(({ op }) => (op.security ?? []).some((s) => 'bearer' in s));
    expect(secured.filter(({ op }) => payroll(op)).length).toBeGreaterThanOrEqual(16);
    expect(secured.filter(({ op }) => !payroll(op)).length).toBeGreaterThanOrEqual(3);
    for (const { method, path, op } of secured) {
      const url = path.replace(/\{[^}]+\}/g, 'x');
      const res = await app.inject({ method: method.toUpperCase() as 'GET', url });
      const body = expectProblem({ status: res.statusCode, headers: res.headers, body: res.body, json: () => JSON.parse(res.body) }, 401);
      expect({ path, error: body.error }).toEqual({ path, error: payroll(op) ? { codigo: body.code, mensaje: body.detail } : undefined });
    }
  });

  it('400 from a pipe, 404 from a handler, the 500 of a missing params[estados]', async () => {
    expectLegacyError(await get(app, '/pagos?params%5Bestados%5D=XX', token), 400, 'VALIDATION');
    expectLegacyError(await get(app, '/vinculados/no-es-uuid', token), 400, 'VALIDATION');
    expectLegacyError(await get(app, '/empleados?sort=ano', token), 400, 'VALIDATION');
    expectLegacyError(await get(app, '/pagoEmpleadoDetalles/0c9e8d7f6a5b4c3d8e2f1a0b9c8d7e6f', token), 404, 'PAGO_EMPLEADO_NO_ENCONTRADO');
    expectLegacyError(await get(app, '/gruposPagos/0c9e8d7f6a5b4c3d8e2f1a0b9c8d7e6f', token), 404, 'GRUPO_PAGO_NO_ENCONTRADO');
    expectLegacyError(await get(app, '/conceptos?format=pdf', token), 400, 'FORMATO_INVALIDO');
    const estados = expectLegacyError(await get(app, '/pagos', token), 500, 'ESTADOS_REQUERIDO');
    expect(estados.error.mensaje).toMatch(/params\[estados\] es obligatorio/);
    expectLegacyError(await get(app, '/pagos/nominaelectronica/2023/13', token), 400, 'VALIDATION');
    expectLegacyError(await get(app, '/vinculados', 'not-a-token'), 401, 'UNAUTHENTICATED');
  });

  it('answers of the transport hooks on a payroll route carry it too (NUL in the URL, 414)', async () => {
    expectLegacyError(await get(app, '/vinculados?filter=a%00b', token), 400, 'VALIDATION');
    expectLegacyError(await get(app, `/vinculados?filter=${'a'.repeat(MAX_URL_LENGTH)}`, token), 414, 'URI_TOO_LONG');
  });

  it('no other operation carries it, nor an unknown route', async () => {
    for (const res of [
      await get(app, '/proveedor/%20', token),
      await get(app, '/reports/reportUtility?dateInitISO=ayer', token),
      await get(app, '/vinculados/a/b/c/d', token),
      await get(app, '/proveedor?filter=a%00b', token),
    ]) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.json()).not.toHaveProperty('error');
    }
  });

  it('the OpenAPI document: payroll problems are LegacyProblemDto with `error` in every example; the others ProblemDto without it', () => {
    let checked = 0;
    for (const { path, op } of operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        const media = response.content?.['application/problem+json'];
        if (!media) continue;
        checked++;
        const where = `${path} ${status}`;
        if (payroll(op)) {
          expect({ where, ref: media.schema?.$ref }).toEqual({ where, ref: LEGACY });
          if (media.example)
            expect({ where, error: media.example.error }).toEqual({
              where,
              error: { codigo: media.example.code, mensaje: media.example.detail },
            });
        } else {
          expect({ where, ref: media.schema?.$ref }).toEqual({ where, ref: '#/components/schemas/ProblemDto' });
          expect({ where, error: media.example?.error }).toEqual({ where, error: undefined });
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
  });
});

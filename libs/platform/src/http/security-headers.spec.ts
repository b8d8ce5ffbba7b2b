import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { securityHeaders, type SecurityHeadersOptions } from './security-headers';

/** The status and headers (names in lower case, in their order on the wire) of one request. */
function rawResponse(app: FastifyInstance, method: string, path: string): Promise<{ status?: number; headers: string[] }> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, agent: false }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          headers: res.rawHeaders
            .map((h, i) => (i % 2 === 0 ? h.toLowerCase() : h))
            .filter((h, i, all) => !(i % 2 === 1 && all[i - 1] === 'date')),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

async function app(register: (app: FastifyInstance) => PromiseLike<unknown>): Promise<FastifyInstance> {
  const instance = Fastify();
  instance.addHook('onRequest', (_req, reply, done) => {
    // A header set before helmet's hook runs, raw: the order between raw headers matters.
    reply.raw.setHeader('X-Powered-By', 'spec');
    done();
  });
  await register(instance);
  instance.get('/ok', async (_req, reply) => reply.header('x-own', '1').send({ ok: true }));
  instance.get('/boom', async () => {
    throw new Error('boom');
  });
  await instance.listen({ port: 0, host: '127.0.0.1' });
  return instance;
}

describe('securityHeaders', () => {
  const cases: [string, SecurityHeadersOptions][] = [
    ['the service options', { contentSecurityPolicy: false, crossOriginResourcePolicy: { policy: 'cross-origin' } }],
    ['helmet defaults (with a CSP)', {}],
    [
      'other settings',
      {
        hsts: { maxAge: 60, preload: true },
        frameguard: { action: 'deny' },
        referrerPolicy: { policy: ['origin', 'no-referrer'] },
        xPoweredBy: false,
      },
    ],
  ];

  it('sets nothing on the raw response, so Node writes the headers in one pass (writeHead without setHeader)', async () => {
    const instance = Fastify();
    await instance.register(securityHeaders, cases[0][1]);
    let raw: string[] | undefined;
    instance.addHook('onSend', (_req, reply, _payload, done) => {
      raw = reply.raw.getHeaderNames();
      done();
    });
    instance.get('/ok', async () => ({ ok: true }));
    const res = await instance.inject({ method: 'GET', url: '/ok' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(raw).toEqual([]);
    await instance.close();
  });

  it.each(cases)('writes exactly what @fastify/helmet writes, in the same order: %s', async (_name, options) => {
    const theirs = await app((a) => a.register(fastifyHelmet, options));
    const ours = await app((a) => a.register(securityHeaders, options));
    try {
      for (const [method, path] of [
        ['GET', '/ok'],
        ['HEAD', '/ok'],
        ['GET', '/boom'],
        ['GET', '/missing'],
        ['OPTIONS', '/ok'],
      ]) {
        const expected = await rawResponse(theirs, method, path);
        expect({ method, path, ...(await rawResponse(ours, method, path)) }).toEqual({ method, path, ...expected });
      }
    } finally {
      await theirs.close();
      await ours.close();
    }
  });
});

import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { NestPinoLogger } from './json-logger';
import { currentRequestId, trackRequestContext } from './request-context';

describe('request context', () => {
  it("puts the request id on Nest's log lines written while serving it, also after body parsing", async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()));
        done();
      },
    });
    const nest = new NestPinoLogger(pino({ level: 'info' }, sink));
    const app = Fastify({ genReqId: (req) => String(req.headers['x-request-id']) });
    trackRequestContext(app);
    app.post('/echo', async (req) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      nest.warn('inside', 'Test');
      return { id: currentRequestId(), body: req.body };
    });
    // A read has no body to parse: the context entered on onRequest must carry through alone.
    app.get('/read', async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      nest.warn('read', 'Test');
      return { id: currentRequestId() };
    });
    try {
      const res = await app.inject({ method: 'POST', url: '/echo', headers: { 'x-request-id': 'r-1' }, payload: { a: 1 } });
      expect(res.json()).toEqual({ id: 'r-1', body: { a: 1 } });
      const read = await app.inject({ method: 'GET', url: '/read', headers: { 'x-request-id': 'r-2' } });
      expect(read.json()).toEqual({ id: 'r-2' });
    } finally {
      await app.close();
    }
    nest.log('outside');
    expect(lines).toEqual([
      expect.objectContaining({ msg: 'inside', context: 'Test', reqId: 'r-1' }),
      expect.objectContaining({ msg: 'read', context: 'Test', reqId: 'r-2' }),
      expect.not.objectContaining({ reqId: expect.anything() }),
    ]);
  });
});

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
    try {
      const res = await app.inject({ method: 'POST', url: '/echo', headers: { 'x-request-id': 'r-1' }, payload: { a: 1 } });
      expect(res.json()).toEqual({ id: 'r-1', body: { a: 1 } });
    } finally {
      await app.close();
    }
    nest.log('outside');
    expect(lines).toEqual([
      expect.objectContaining({ msg: 'inside', context: 'Test', reqId: 'r-1' }),
      expect.not.objectContaining({ reqId: expect.anything() }),
    ]);
  });
});

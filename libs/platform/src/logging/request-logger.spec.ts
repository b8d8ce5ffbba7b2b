import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import pino from 'pino';
import { lazyRequestLogger } from './request-logger';

function appWith(level: string) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  const logger = pino({ level }, sink);
  const child = jest.spyOn(logger, 'child');
  // As create-app.ts configures it (the top-level disableRequestLogging option is deprecated).
  const app = Fastify({
    loggerInstance: logger,
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: lazyRequestLogger,
  });
  app.get('/', async (req) => {
    req.log.info('info line');
    req.log.warn({ a: 1 }, 'warn line');
    return { info: req.log.isLevelEnabled('info'), level: req.log.level };
  });
  return {
    app,
    lines,
    child,
    // Fastify makes a child of its own while starting: count only what requests make.
    ready: async () => {
      await app.ready();
      child.mockClear();
    },
  };
}

describe('lazyRequestLogger (Fastify childLoggerFactory)', () => {
  it('writes like the child Fastify would make (request id bound), and builds none below the level', async () => {
    const { app, lines, child, ready } = appWith('warn');
    try {
      await ready();
      const res = await app.inject({ method: 'GET', url: '/' });
      expect(res.json()).toEqual({ info: false, level: 'warn' });
      expect(lines).toEqual([expect.objectContaining({ msg: 'warn line', a: 1, reqId: 'req-1', level: 40 })]);
      expect(child).toHaveBeenCalledTimes(1);
    } finally {
      await app.close();
    }
  });

  it('a request writing nothing at its level builds no child', async () => {
    const { app, lines, child, ready } = appWith('warn');
    app.get('/quiet', async (req) => {
      req.log.info('dropped');
      req.log.debug('dropped');
      return 'ok';
    });
    try {
      await ready();
      expect((await app.inject({ method: 'GET', url: '/quiet' })).body).toBe('ok');
      expect(lines).toEqual([]);
      expect(child).not.toHaveBeenCalled();
    } finally {
      await app.close();
    }
  });

  it('at info both lines go out, with the id', async () => {
    const { app, lines } = appWith('info');
    try {
      expect((await app.inject({ method: 'GET', url: '/' })).json()).toEqual({ info: true, level: 'info' });
      expect(lines.map((l) => [l.msg, l.reqId])).toEqual([
        ['info line', 'req-1'],
        ['warn line', 'req-1'],
      ]);
    } finally {
      await app.close();
    }
  });
});

import { PassThrough } from 'node:stream';
import pino from 'pino';
import { loadConfig } from '../config/app-config';
import { createRootLogger, NestPinoLogger } from './json-logger';
import { formatPrettyLine, prettyDestination } from './pretty-logger';

const secret = 'x'.repeat(40);

describe('log format', () => {
  it('is pretty on a terminal and JSON elsewhere; LOG_FORMAT decides when set', () => {
    expect(loadConfig({ JWT_SECRET: secret }, true).logFormat).toBe('pretty');
    expect(loadConfig({ JWT_SECRET: secret }, false).logFormat).toBe('json');
    expect(loadConfig({ JWT_SECRET: secret, LOG_FORMAT: 'json' }, true).logFormat).toBe('json');
    expect(loadConfig({ JWT_SECRET: secret, LOG_FORMAT: 'PRETTY' }, false).logFormat).toBe('pretty');
    expect(() => loadConfig({ JWT_SECRET: secret, LOG_FORMAT: 'xml' }, false)).toThrow(/LOG_FORMAT debe ser pretty o json/);
  });

  it('writes JSON lines unless asked for pretty ones', () => {
    const capture = (format?: 'pretty' | 'json'): string => {
      const out = new PassThrough();
      let text = '';
      out.on('data', (d: Buffer) => (text += d.toString()));
      createRootLogger('info', format, out).info({ ms: 1 }, 'hola');
      return text;
    };
    expect(JSON.parse(capture())).toEqual(expect.objectContaining({ level: 'info', msg: 'hola', ms: 1, service: 'nomina-read-api' }));
    expect(JSON.parse(capture('json')).msg).toBe('hola');
    expect(capture('pretty')).toMatch(/^\d\d:\d\d:\d\d\.\d{3} INFO {2}hola ms=1\n$/);
  });
});

describe('formatPrettyLine', () => {
  it('shows time, level, context and message, then the other fields', () => {
    const line = formatPrettyLine(
      { level: 'warn', time: '2026-11-24T06:27:01.411Z', service: 'x', context: 'Db', msg: 'lento', ms: 12 },
      { colors: false },
    );
    expect(line).toBe('06:27:01.411 WARN  [Db] lento ms=12\n');
  });

  it('writes the access log as METHOD url status duration', () => {
    const line = formatPrettyLine(
      {
        level: 'info',
        time: '2026-11-24T06:27:01.411Z',
        msg: 'request',
        method: 'GET',
        url: '/pagos?size=2',
        route: '/pagos',
        status: 200,
        ms: 3.4,
        reqId: 'r-1',
      },
      { colors: false },
    );
    expect(line).toBe('06:27:01.411 INFO  GET /pagos?size=2 200 3.4 ms reqId=r-1\n');
  });

  it('prints an error stack on its own lines', () => {
    const line = formatPrettyLine(
      { level: 'error', time: '2026-11-24T06:27:01.411Z', msg: 'falló', err: { message: 'boom', stack: 'Error: boom\n    at x' } },
      { colors: false },
    );
    expect(line).toBe('06:27:01.411 ERROR falló\nError: boom\n    at x\n');
  });

  it('formats what pino writes, redaction included, and passes non-JSON text through', () => {
    const out = new PassThrough();
    let text = '';
    out.on('data', (d: Buffer) => (text += d.toString()));
    const logger = pino(
      { redact: { paths: ['password'], remove: true }, formatters: { level: (label) => ({ level: label }) } },
      prettyDestination(out),
    );
    logger.info({ password: 'secreto', user: 'ana' }, 'hola');
    prettyDestination(out).write('  Servicio listo\n');
    expect(text).toMatch(/^\d\d:\d\d:\d\d\.\d{3} INFO {2}hola user=ana\n {2}Servicio listo\n$/);
    expect(text).not.toContain('secreto');
  });
});

describe('NestPinoLogger', () => {
  it('logs Nest start-up chatter (module and route mapping) at debug, the rest at info', () => {
    const lines: Array<{ level: string; msg: string }> = [];
    const logger = pino(
      { level: 'debug', formatters: { level: (label) => ({ level: label }) } },
      { write: (l: string) => void lines.push(JSON.parse(l)) },
    );
    const nest = new NestPinoLogger(logger);
    nest.log('Mapped {/pagos, GET} route', 'RouterExplorer');
    nest.log('AppModule dependencies initialized', 'InstanceLoader');
    nest.log('Nest application successfully started', 'NestApplication');
    expect(lines.map((l) => `${l.level} ${l.msg}`)).toEqual([
      'debug Mapped {/pagos, GET} route',
      'debug AppModule dependencies initialized',
      'info Nest application successfully started',
    ]);
  });
});

import { Writable } from 'node:stream';
import { DEMO_LOGINS } from '@nomina-api/importer/demo/generate-dataset';
import { createRootLogger } from '@nomina-api/platform/hosting';
import { printStartBanner } from './start-banner';

function capture(): { stream: Writable; text: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { stream, text: () => text };
}

const config = { host: '0.0.0.0', port: 3000, apiPrefix: '' };

describe('the start banner', () => {
  it('is JSON log records without any password away from a terminal', () => {
    const out = capture();
    const logger = createRootLogger('info', 'json', out.stream);
    printStartBanner(logger, { config, demo: { logins: DEMO_LOGINS, emptyWithoutDemo: false }, terminal: false, write: () => undefined });
    logger.flush();
    const records = out
      .text()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string; demoUsers?: string[] });
    expect(records[0].msg).toBe('Servicio listo en http://0.0.0.0:3000 (Swagger UI: http://0.0.0.0:3000/docs)');
    expect(records[1].demoUsers).toEqual(DEMO_LOGINS.map((l) => l.email));
    for (const { password } of DEMO_LOGINS) expect(out.text()).not.toContain(password);
  });

  it('is written even when LOG_LEVEL is above info, not when it is silent', () => {
    for (const [level, lines] of [
      ['warn', 1],
      ['silent', 0],
    ] as const) {
      const out = capture();
      const logger = createRootLogger(level, 'json', out.stream);
      printStartBanner(logger, { config, demo: { logins: [], emptyWithoutDemo: false }, terminal: false, write: () => undefined });
      logger.flush();
      expect([level, out.text().split('\n').filter(Boolean).length]).toEqual([level, lines]);
    }
  });

  it('shows the demo logins with their passwords on a terminal', () => {
    let written = '';
    const logger = createRootLogger('silent');
    printStartBanner(logger, {
      config: { ...config, host: '::1', apiPrefix: 'api/v1' },
      demo: { logins: DEMO_LOGINS, emptyWithoutDemo: false },
      terminal: true,
      write: (text) => (written += text),
    });
    expect(written).toContain('  Servicio listo en http://[::1]:3000/api/v1\n');
    const [first] = DEMO_LOGINS;
    expect(written.split('\n').some((line) => line.includes(first.email) && line.includes(first.password))).toBe(true);
  });

  it('says how to get data in when the database is empty and DEMO_DATA=false', () => {
    const out = capture();
    const logger = createRootLogger('info', 'json', out.stream);
    printStartBanner(logger, { config, demo: { logins: [], emptyWithoutDemo: true }, terminal: false, write: () => undefined });
    logger.flush();
    expect(out.text()).toContain('npm run import -- <archivo.json>');
  });
});

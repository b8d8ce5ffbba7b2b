import type { Logger } from 'pino';
import type { AppConfig } from '@nomina-api/platform/config';
import type { DemoState } from './database/demo-data';

export interface StartBanner {
  config: Pick<AppConfig, 'host' | 'port' | 'apiPrefix'>;
  demo: DemoState;
  /** stdout is a terminal showing human lines: the one place the demo passwords are printed. */
  terminal: boolean;
  /** The logger's own stream, so the text follows the log lines already written. */
  write(text: string): void;
}

/**
 * What `npm start` prints once it serves. On a terminal, a few human lines with the addresses and
 * the demo logins (their published passwords included: the person who just typed `npm start`
 * is the reader). Anywhere else (a container, a pipe, LOG_FORMAT=json) they are log records like
 * every other line, and no password goes into them: log stores keep and forward what they get.
 */
export function printStartBanner(root: Logger, banner: StartBanner): void {
  const { config, demo } = banner;
  // The line that says the service is ready is written even when LOG_LEVEL is above info (scripts
  // and people wait for it); LOG_LEVEL=silent still means nothing at all.
  const logger = root.isLevelEnabled('info') || root.level === 'silent' ? root : root.child({}, { level: 'info' });
  const base = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;
  const url = `${base}${config.apiPrefix ? `/${config.apiPrefix}` : ''}`;
  const docs = `${base}/docs`;
  const openapi = `${base}/docs-json`;
  const emptyHint = 'Base de datos vacía (DEMO_DATA=false): importe datos con  npm run import -- <archivo.json>';
  if (!banner.terminal) {
    logger.info({ url, docs, openapi }, `Servicio listo en ${url} (Swagger UI: ${docs})`);
    if (demo.logins.length) {
      const emails = demo.logins.map((l) => l.email);
      logger.info(
        { demoUsers: emails },
        `Usuarios de demostración (POST /login): ${emails.join(', ')}. ` +
          'Sus contraseñas se muestran solo al iniciar en una terminal, y en docs/OPERATIONS.md.',
      );
    }
    if (demo.emptyWithoutDemo) logger.info(emptyHint);
    return;
  }
  const lines = ['', `  Servicio listo en ${url}`, `  Swagger UI:       ${docs}   (OpenAPI: ${openapi})`];
  if (demo.emptyWithoutDemo) lines.push('', `  ${emptyHint}`);
  if (demo.logins.length) {
    const width = Math.max(...demo.logins.map((l) => l.email.length));
    lines.push(
      '',
      '  Usuarios de demostración (POST /login con {"email", "password"}):',
      ...demo.logins.map((l) => `    ${l.email.padEnd(width)}  ${l.password.padEnd(14)}  ${l.note}`),
    );
  }
  banner.write(`${lines.join('\n')}\n\n`);
}

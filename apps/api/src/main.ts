import 'reflect-metadata';
import pino from 'pino';
import { ConfigError, loadConfig } from '@app/platform/config/app-config';
import { loadEnvFile } from '@app/platform/config/env-file';
import { acquireDatabase, migrateDatabase } from '@app/platform/persistence/database';
import { createRootLogger } from '@app/platform/logging/json-logger';
import { createApp } from './create-app';
import { APP_SCHEMA } from './database/schema';
import { loadDemoDataIfEmpty } from './database/demo-data';

/**
 * `npm start`: validated config → database (DATABASE_URL or embedded) → migrations →
 * demo data on an empty database → HTTP. SIGTERM/SIGINT: stop accepting, finish requests in
 * flight, close the pool, stop the embedded database, exit 0.
 */
async function main(): Promise<void> {
  // .env (optional) first; the real environment wins over it.
  loadEnvFile();
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const logger = createRootLogger(config.logLevel, config.logFormat);
  if (config.jwt.generatedSecret) {
    logger.warn(`JWT_SECRET no está definido: se usa un secreto de desarrollo guardado en ${config.dataDir}. Defínalo en producción.`);
  }
  const db = await acquireDatabase(config, (m) => logger.info(m));
  let app: Awaited<ReturnType<typeof createApp>> | undefined;
  let stopping = false;
  let demo: string[] = [];
  const shutdown = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} recibido: terminando las solicitudes en curso y cerrando.`);
    const force = setTimeout(() => {
      logger.error('El cierre tardó demasiado; se fuerza la salida.');
      process.exit(1);
    }, config.shutdownTimeoutMs + 5000);
    force.unref();
    try {
      await app?.close();
    } finally {
      await db.release();
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    const applied = await migrateDatabase(db.url, APP_SCHEMA);
    if (applied.length) logger.info(`Migraciones aplicadas: ${applied.join(', ')}`);
    demo = await loadDemoDataIfEmpty(config, db.url, logger);
    app = await createApp(config, db.url, logger);
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    logger.error({ err }, 'No se pudo iniciar el servicio');
    await app?.close().catch(() => undefined);
    await db.release();
    process.exit(1);
  }
  const base = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;
  const prefix = config.apiPrefix ? `/${config.apiPrefix}` : '';
  const lines = [
    '',
    `  Servicio listo en ${base}${prefix}`,
    `  Swagger UI:       ${base}/docs   (OpenAPI: ${base}/docs-json)`,
    ...demo,
    '',
  ];
  // Through the logger's own stream, so the banner follows every log line written so far
  // ("Server listening" included) instead of overtaking pino's buffered writes.
  const out = (logger as unknown as Record<symbol, { write(text: string): void } | undefined>)[pino.symbols.streamSym] ?? process.stdout;
  out.write(lines.join('\n') + '\n');
}

void main();

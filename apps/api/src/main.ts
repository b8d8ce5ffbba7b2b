import 'reflect-metadata';
import pino, { type Logger } from 'pino';
import { ConfigError, loadConfig, loadEnvFile } from '@nomina-api/platform/config';
import { acquireDatabase, migrateDatabase } from '@nomina-api/platform/persistence';
import { createRootLogger, guardStdio } from '@nomina-api/platform/hosting';
import { createApp } from './create-app';
import { APP_SCHEMA } from './database/schema';
import { type DemoState, loadDemoDataIfEmpty } from './database/demo-data';
import { printStartBanner } from './start-banner';

/** Signals that stop the service gracefully (CONTRACT §7), sent to it or to `npm start`. */
const STOP_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

/** How often a service launched by npm checks that npm is still there. */
const PARENT_CHECK_MS = 250;

/**
 * npm forwards SIGTERM and SIGINT to the script it runs (`start` execs node, so that is this
 * process), but not SIGHUP: `kill -HUP <npm>` kills npm alone and leaves its child running with
 * parent 1. Launched by npm, the service stops as soon as it finds itself orphaned. Not done when
 * started directly: a service under `nohup`, systemd or a container may outlive its launcher.
 */
function stopWhenOrphaned(stop: (reason: string) => void): void {
  if (!process.env.npm_lifecycle_event) return;
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid !== parent) {
      clearInterval(timer);
      stop('npm start terminó (SIGHUP u otra señal que npm no reenvía)');
    }
  }, PARENT_CHECK_MS);
  timer.unref();
}

/**
 * `npm start`: validated config → database (DATABASE_URL or embedded) → migrations →
 * demo data on an empty database → HTTP. SIGTERM/SIGINT/SIGHUP: stop accepting, finish requests
 * in flight, close the pool, stop the embedded database, exit 0.
 */
async function main(): Promise<void> {
  // A closed terminal or pipe on stdout/stderr must not crash or stall the shutdown.
  guardStdio();
  // .env (optional) first; the real environment wins over it.
  loadEnvFile();
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) failToStart(err.message);
    throw err;
  }
  const logger = createRootLogger(config.logLevel, config.logFormat);
  if (config.jwt.generatedSecret) {
    logger.warn(`JWT_SECRET no está definido: se usa un secreto de desarrollo guardado en ${config.dataDir}. Defínalo en producción.`);
  }
  // Signals are handled from here on, even while the embedded PostgreSQL starts: a stop then
  // waits for it and stops it too, instead of leaving it running.
  const acquired = acquireDatabase(config, (m) => logger.info(m));
  let app: Awaited<ReturnType<typeof createApp>> | undefined;
  let stopping = false;
  let demo: DemoState = { logins: [], emptyWithoutDemo: false };
  const shutdown = async (reason: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    logger.info(`${reason}: terminando las solicitudes en curso y cerrando.`);
    const force = setTimeout(() => {
      logger.error('El cierre tardó demasiado; se fuerza la salida.');
      process.exit(1);
    }, config.shutdownTimeoutMs + 5000);
    force.unref();
    try {
      await app?.close();
    } finally {
      await (await acquired.catch(() => undefined))?.release();
    }
    process.exit(0);
  };
  for (const signal of STOP_SIGNALS) process.on(signal, () => void shutdown(`${signal} recibido`));
  stopWhenOrphaned((reason) => void shutdown(reason));
  let db;
  try {
    db = await acquired;
  } catch (err) {
    // No database, no embedded PostgreSQL or no usable DATA_DIR: the message says what to set.
    if (stopping) return;
    failToStart((err as Error).message, logger);
  }

  try {
    const applied = await migrateDatabase(db.url, APP_SCHEMA, { dbSchema: config.databaseSchema });
    if (applied.length) logger.info(`Migraciones aplicadas: ${applied.join(', ')}`);
    demo = await loadDemoDataIfEmpty(config, db.url, logger);
    app = await createApp(config, db.url, logger);
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    // A stop during the start-up closes what was opened; its own exit code stands.
    if (stopping) return;
    logger.error({ err }, `No se pudo iniciar el servicio: ${(err as Error).message}`);
    await app?.close().catch(() => undefined);
    await db.release();
    process.exit(1);
  }
  if (stopping) return;
  // The banner follows every log line written so far ("Server listening" included) because it
  // goes through the logger: as log lines, or on a terminal as the human text on its stream.
  const terminal = config.logFormat === 'pretty' && Boolean(process.stdout.isTTY);
  const stream = (logger as unknown as Record<symbol, { write(text: string): void } | undefined>)[pino.symbols.streamSym];
  printStartBanner(logger, { config, demo, terminal, write: (text) => (stream ?? process.stdout).write(text) });
}

/**
 * A start that cannot go on: one line saying what to fix, then exit 1. Before the settings are
 * valid there is no logger yet, but LOG_FORMAT (or its default) already says how to write it.
 */
function failToStart(message: string, logger?: Logger): never {
  const format = (process.env.LOG_FORMAT || (process.stdout.isTTY ? 'pretty' : 'json')).toLowerCase();
  if (logger) logger.fatal(message);
  else if (format === 'json') createRootLogger('info', 'json').fatal(message);
  else process.stderr.write(`${message}\n`);
  process.exit(1);
}

void main();

/**
 * `@nomina-api/platform/config`: the one validated AppConfig (nothing else reads process.env) and
 * its injection token. Apart from the root entry so the CLIs and the contexts' code read it without
 * loading the kernel's module graph.
 */
export { type AppConfig, ConfigError, type JwtConfig, loadConfig, parseDuration } from './app-config';
export { APP_CONFIG } from './config.tokens';
export { loadEnvFile } from './env-file';

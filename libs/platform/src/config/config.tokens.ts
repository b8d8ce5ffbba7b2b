/** Injection token of the validated AppConfig. */
export const APP_CONFIG = Symbol('APP_CONFIG');

/** Names of every migration the running code expects (provided by the app). */
export const EXPECTED_MIGRATIONS = Symbol('EXPECTED_MIGRATIONS');

import Module from 'node:module';
import { join } from 'node:path';

/**
 * Jest's moduleNameMapper does not apply to globalSetup/globalTeardown, which run outside the
 * test sandbox; this maps the `@nomina-api/<lib>` aliases there the same way.
 */
const libs = join(__dirname, '..', '..', 'libs');
const mod = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
const original = mod._resolveFilename;
mod._resolveFilename = function resolve(request: string, ...rest: unknown[]): string {
  const m = /^@nomina-api\/(platform|nomina|reportes|proveedores|importer)(\/.*)?$/.exec(request);
  if (m) request = join(libs, m[1], 'src', m[2] ?? '');
  return original.call(this, request, ...rest);
};

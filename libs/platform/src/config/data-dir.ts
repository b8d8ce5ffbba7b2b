import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * Creates `dir` and its missing parents one level at a time, never with `mkdirSync(…, {
 * recursive: true })`: Node's recursive mkdir spins forever, synchronously, when the kernel
 * answers ENOENT for a parent that exists (any path under /proc), which froze the service
 * silently at start with DATA_DIR=/proc/…. Made level by level, the first refusal is an error.
 */
export function makeDirectory(dir: string, mode = 0o755): void {
  const missing: string[] = [];
  let current = resolve(dir);
  for (;;) {
    try {
      if (!statSync(current).isDirectory())
        throw Object.assign(new Error(`${current} no es una carpeta`), { code: 'ENOTDIR', path: current });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    missing.push(current);
    const parent = dirname(current);
    if (parent === current) break;
    current = parent;
  }
  for (const path of missing.reverse()) {
    try {
      mkdirSync(path, { mode });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
}

const REASONS: Record<string, string> = {
  EACCES: 'este usuario no tiene permiso para crearla o escribir en ella',
  EPERM: 'este usuario no tiene permiso para crearla o escribir en ella',
  EROFS: 'está en un sistema de archivos de solo lectura',
  ENOTDIR: 'parte de la ruta es un archivo, no una carpeta',
  ENOENT: 'no se puede crear en ese lugar',
};

/**
 * DATA_DIR made and writable, or an Error whose message is the one line a person needs: which
 * folder, why, and `remedy` (what else would avoid needing it).
 */
export function ensureDataDir(dir: string, remedy: string): void {
  try {
    makeDirectory(dir);
    accessSync(dir, constants.W_OK);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? '';
    const reason = REASONS[code] ?? (err as Error).message;
    throw new Error(`No se puede usar la carpeta de datos DATA_DIR=${dir}: ${reason} (${code || 'error'}). ${remedy}`, { cause: err });
  }
}

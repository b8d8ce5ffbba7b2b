import { validationError } from '@nomina-api/platform/errors';
import type { ProveedoresPaging } from '../queries/list-proveedores/list-proveedores.query';

export const LIMITE_POR_DEFECTO = 50;
export const LIMITE_MAXIMO = 200;
/** Keeps pagina × limite an exact integer and a valid OFFSET. */
export const PAGINA_MAXIMA = 2_147_483_647;

const DIGITS = /^[0-9]+$/;

export const PAGINA_MESSAGE = `Debe ser un entero entre 0 y ${PAGINA_MAXIMA}; la primera página es 0.`;

/**
 * CONTRACT §5: paging only when `pagina` or `limite` is present. `pagina` 0-based, default 0,
 * anything but a non-negative integer → 400 (an empty or repeated value included). `limite`
 * default 50, and anything but an integer in 1..200 falls back to 50 without error.
 */
export function resolvePaging(pagina: unknown, limite: unknown): ProveedoresPaging | undefined {
  if (pagina === undefined && limite === undefined) return undefined;
  return { pagina: parsePagina(pagina), limite: parseLimite(limite) };
}

function parsePagina(value: unknown): number {
  if (value === undefined) return 0;
  const n = typeof value === 'string' && DIGITS.test(value) ? Number(value) : NaN;
  if (!(n <= PAGINA_MAXIMA)) throw validationError([{ field: 'pagina', message: PAGINA_MESSAGE }]);
  return n;
}

function parseLimite(value: unknown): number {
  const n = typeof value === 'string' && DIGITS.test(value) ? Number(value) : NaN;
  return n >= 1 && n <= LIMITE_MAXIMO ? n : LIMITE_POR_DEFECTO;
}

export const X_PAGINA = 'X-Pagina';
export const X_TAMANO_PAGINA = 'X-Tamano-Pagina';
export const X_TOTAL_REGISTROS = 'X-Total-Registros';
export const TODAS = 'todas';

/** The page and size used, or `todas` when the result was not paginated; the total number of records. */
export function pagingHeaders(paging: ProveedoresPaging | undefined, total: number): Record<string, string> {
  return {
    [X_PAGINA]: paging ? String(paging.pagina) : TODAS,
    [X_TAMANO_PAGINA]: paging ? String(paging.limite) : TODAS,
    [X_TOTAL_REGISTROS]: String(total),
  };
}

/** Longest identification the tables hold (proveedor.identificacion varchar(20)). */
export const IDENTIFICACION_MAX_LENGTH = 20;

const SEPARATORS = /[.\s]/g;
const CHECK_DIGIT = /-[0-9]$/;
const IDENTIFICACION = /^[0-9A-Za-z]+$/;

/**
 * The form a supplier identification is stored and compared in (CONTRACT §5): without dots,
 * spaces or a trailing `-<check digit>` (not verified), upper case. `900.123.456-7` and
 * ` 900 123 456 ` → `900123456`; `a12` → `A12`. Undefined when what remains cannot be an
 * identification: empty, longer than 20, or with characters other than letters and digits.
 */
export function normalizeIdentificacion(raw: string): string | undefined {
  const compact = raw.replace(SEPARATORS, '').replace(CHECK_DIGIT, '');
  if (compact.length === 0 || compact.length > IDENTIFICACION_MAX_LENGTH || !IDENTIFICACION.test(compact)) return undefined;
  return compact.toUpperCase();
}

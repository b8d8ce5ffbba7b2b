import { validationError } from '@nomina-api/platform/errors';
import { NominaError, NominaErrorCode } from '../nomina.errors';
import { ESTADOS_PAGO, type EstadoPago } from '../domain/estado-pago';
import type { ListRequestParts } from './list-query.pipe';

export const ESTADOS_PARAM = 'params[estados]';

const FORM = `códigos de estado separados por comas, entre ${ESTADOS_PAGO.join(', ')}; p. ej. ${ESTADOS_PARAM}=PG,PP.`;

/**
 * `params[estados]` of GET /pagos: comma-separated codes, spaces around codes allowed, any case,
 * repeated parameters are joined. Absent → 500 as the legacy service did (SPEC 4.1 rule 1);
 * present without any code, or with an unknown code → 400. Empty items ("PG,,PP") are skipped.
 */
export function parseEstados(raw: unknown): EstadoPago[] {
  if (raw === undefined || raw === null) {
    throw new NominaError(NominaErrorCode.ESTADOS_REQUERIDO, `El parámetro ${ESTADOS_PARAM} es obligatorio: envíe ${FORM}`);
  }
  const text = (Array.isArray(raw) ? raw.map(String) : [String(raw)]).join(',');
  const items = text
    .split(',')
    .map((s) => s.trim().toUpperCase())
    .filter((s) => s !== '');
  if (items.length === 0) {
    throw validationError([{ field: ESTADOS_PARAM, message: `No puede estar vacío: envíe ${FORM}` }]);
  }
  const unknown = items.filter((s) => !(ESTADOS_PAGO as readonly string[]).includes(s));
  if (unknown.length > 0) {
    const shown = unknown.map((s) => `"${s.slice(0, 20)}"`).join(', ');
    throw validationError([{ field: ESTADOS_PARAM, message: `Código de estado desconocido: ${shown}. Use ${FORM}` }]);
  }
  return [...new Set(items)] as EstadoPago[];
}

/** GET /pagos's own parameter for its ListQueryPipe. */
export function estadosParam({ query }: ListRequestParts): { estados: EstadoPago[] } {
  return { estados: parseEstados(query[ESTADOS_PARAM]) };
}

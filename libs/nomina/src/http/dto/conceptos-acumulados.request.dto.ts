import { type FieldProblem, validationError } from '@nomina-api/platform/errors';
import type { ListParams } from '../../queries/listing';
import type { ListRequestParts } from '../list-query.pipe';

/**
 * Path parameters of GET /pagoEmpleadoDetalles/conceptosacumulados/{fechaDesde}/{fechaHasta}/
 * {isDetalleParaAportes} (CONTRACT §3.7). Parsed by hand rather than by class-validator: the
 * range check spans two parameters and every message must say the accepted form.
 */
export interface ConceptosAcumuladosParams {
  fechaDesde: string;
  fechaHasta: string;
  paraAportes: boolean;
}

/** The operation's typed request: its path and the list. */
export interface ConceptosAcumuladosRequest extends ConceptosAcumuladosParams {
  list: ListParams;
}

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_FORM = 'Debe ser una fecha real con formato AAAA-MM-DD, p. ej. 2024-01-31';

/** A real calendar day 'YYYY-MM-DD' (years 0001–9999, leap years honoured). */
export function isCalendarDate(text: string): boolean {
  const m = YMD.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return day <= days;
}

function shown(value: string): string {
  return JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value);
}

/** Validates the three path values; a 400 lists every offending parameter. */
export function parseConceptosAcumuladosParams(
  fechaDesde: string,
  fechaHasta: string,
  isDetalleParaAportes: string,
): ConceptosAcumuladosParams {
  const errors: FieldProblem[] = [];
  const params = collectConceptosAcumuladosParams(fechaDesde, fechaHasta, isDetalleParaAportes, errors);
  if (errors.length > 0) throw validationError(errors);
  return params;
}

/** The three path values, every problem added to `errors` (for paths that add parameters of their own). */
export function collectConceptosAcumuladosParams(
  fechaDesde: string,
  fechaHasta: string,
  isDetalleParaAportes: string,
  errors: FieldProblem[],
): ConceptosAcumuladosParams {
  const desdeOk = isCalendarDate(fechaDesde);
  const hastaOk = isCalendarDate(fechaHasta);
  if (!desdeOk) errors.push({ field: 'fechaDesde', message: `${DATE_FORM}; se recibió ${shown(fechaDesde)}.` });
  if (!hastaOk) errors.push({ field: 'fechaHasta', message: `${DATE_FORM}; se recibió ${shown(fechaHasta)}.` });
  // Same fixed-width form, so text order is date order.
  if (desdeOk && hastaOk && fechaDesde > fechaHasta) {
    errors.push({
      field: 'fechaDesde',
      message: `Debe ser anterior o igual a fechaHasta (${fechaDesde} es posterior a ${fechaHasta}), p. ej. 2024-01-01/2024-12-31.`,
    });
  }
  return { fechaDesde, fechaHasta, paraAportes: pathFlag('isDetalleParaAportes', isDetalleParaAportes, errors) };
}

/** A `true`/`false` path value (any case); anything else adds a problem naming the parameter. */
export function pathFlag(field: string, value: string, errors: FieldProblem[]): boolean {
  const flag = value.toLowerCase();
  if (flag !== 'true' && flag !== 'false') {
    errors.push({ field, message: `Debe ser true o false (sin distinguir mayúsculas), p. ej. false; se recibió ${shown(value)}.` });
  }
  return flag === 'true';
}

/** The path of GET /pagoEmpleadoDetalles/conceptosacumulados/… as the list's own parameters. */
export function conceptosAcumuladosPath({ params }: ListRequestParts): ConceptosAcumuladosParams {
  return parseConceptosAcumuladosParams(params.fechaDesde ?? '', params.fechaHasta ?? '', params.isDetalleParaAportes ?? '');
}

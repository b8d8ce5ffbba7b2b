import { validationError } from '@nomina-api/platform/errors';
import { normalizeUuid, uuidProblemMessage } from '@nomina-api/platform/http';
import type { EstadoPago } from '../domain/estado-pago';
import { ESTADOS_PARAM, parseEstados } from './estados.param';
import type { ListRequestParts } from './list-query.pipe';

/** The own parameters of GET /pagoEmpleados/{uuidEmpleado}/historialPagos. */
export interface HistorialPagosParams {
  empleadoId: string;
  /** Absent: every estado. */
  estados: EstadoPago[] | undefined;
}

/**
 * The person's uuid in the path (400 when it is not one), then `params[estados]`: optional here
 * (CONTRACT §11.2), with the rules of GET /pagos when given (empty or an unknown code → 400).
 */
export function historialPagosParams({ params, query }: ListRequestParts): HistorialPagosParams {
  const empleadoId = normalizeUuid(params.uuidEmpleado);
  if (!empleadoId) throw validationError([{ field: 'uuidEmpleado', message: uuidProblemMessage() }]);
  const raw = query[ESTADOS_PARAM];
  return { empleadoId, estados: raw === undefined || raw === null ? undefined : parseEstados(raw) };
}

import { validationError } from '@nomina-api/platform/errors';
import { normalizeUuid, uuidProblemMessage } from '@nomina-api/platform/http';
import type { ListRequestParts } from './list-query.pipe';

export const PAGO_PARAM = 'params[pago]';

/** `params[pago]` of GET /pagoEmpleados: the payment's uuid in any accepted spelling, canonical out. */
export function parsePago(raw: unknown): string {
  const uuid = typeof raw === 'string' ? normalizeUuid(raw.trim()) : undefined;
  if (uuid) return uuid;
  const message = raw === undefined ? `Es obligatorio: el uuid del pago. ${uuidProblemMessage()}` : uuidProblemMessage();
  throw validationError([{ field: PAGO_PARAM, message }]);
}

/** GET /pagoEmpleados's own parameter for its ListQueryPipe. */
export function pagoParam({ query }: ListRequestParts): { pagoId: string } {
  return { pagoId: parsePago(query[PAGO_PARAM]) };
}

import { DomainError, type FieldProblem } from '@nomina-api/platform/errors';

/**
 * Error codes of the payroll context. A new code does not compile until it has a status in
 * NOMINA_ERROR_STATUS; the problem+json filter turns a NominaError into the response.
 */
export enum NominaErrorCode {
  /** GET /pagos without params[estados]: a server error, as the legacy service answered (SPEC 4.1, 7). */
  ESTADOS_REQUERIDO = 'ESTADOS_REQUERIDO',
  PAGO_NO_ENCONTRADO = 'PAGO_NO_ENCONTRADO',
  PAGO_EMPLEADO_NO_ENCONTRADO = 'PAGO_EMPLEADO_NO_ENCONTRADO',
  EMPLEADO_NO_ENCONTRADO = 'EMPLEADO_NO_ENCONTRADO',
  VINCULADO_NO_ENCONTRADO = 'VINCULADO_NO_ENCONTRADO',
  /** The person exists but has no bond current today (GET /vinculados/integracion/empleado/…). */
  VINCULADO_VIGENTE_NO_ENCONTRADO = 'VINCULADO_VIGENTE_NO_ENCONTRADO',
  GRUPO_PAGO_NO_ENCONTRADO = 'GRUPO_PAGO_NO_ENCONTRADO',
  /** GET /pagos/nominaelectronica: another call with the same Idempotency-Key is still running (CONTRACT §3.8). */
  CLAVE_EN_CURSO = 'CLAVE_EN_CURSO',
  /** The Idempotency-Key already numbered another ano/mes within its 24 h. */
  CLAVE_REUTILIZADA = 'CLAVE_REUTILIZADA',
  /**
   * The connection was lost during COMMIT and whether the block was recorded could not be settled
   * in time: the client repeats the call with its Idempotency-Key to learn it.
   */
  NUMERACION_INCIERTA = 'NUMERACION_INCIERTA',
  /** The client left before the commit: nothing was consumed, and no one reads this answer (nginx's 499). */
  CLIENTE_DESCONECTADO = 'CLIENTE_DESCONECTADO',
}

export const NOMINA_ERROR_STATUS: Record<NominaErrorCode, number> = {
  [NominaErrorCode.ESTADOS_REQUERIDO]: 500,
  [NominaErrorCode.PAGO_NO_ENCONTRADO]: 404,
  [NominaErrorCode.PAGO_EMPLEADO_NO_ENCONTRADO]: 404,
  [NominaErrorCode.EMPLEADO_NO_ENCONTRADO]: 404,
  [NominaErrorCode.VINCULADO_NO_ENCONTRADO]: 404,
  [NominaErrorCode.VINCULADO_VIGENTE_NO_ENCONTRADO]: 404,
  [NominaErrorCode.GRUPO_PAGO_NO_ENCONTRADO]: 404,
  [NominaErrorCode.CLAVE_EN_CURSO]: 409,
  [NominaErrorCode.CLAVE_REUTILIZADA]: 422,
  [NominaErrorCode.NUMERACION_INCIERTA]: 503,
  [NominaErrorCode.CLIENTE_DESCONECTADO]: 499,
};

export class NominaError extends DomainError {
  constructor(code: NominaErrorCode, detail: string, errors?: FieldProblem[], headers?: Record<string, string>) {
    super(code, NOMINA_ERROR_STATUS[code], detail, errors, headers);
    this.name = 'NominaError';
  }
}

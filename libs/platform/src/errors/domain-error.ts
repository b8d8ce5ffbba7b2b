/**
 * Domain errors carry a code; the problem+json filter is the only place that turns them into
 * HTTP. Each module declares its codes with a status table typed `Record<Code, number>`, so a
 * new code does not compile until it is mapped.
 */
export interface FieldProblem {
  field: string;
  message: string;
}

export class DomainError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    readonly detail: string,
    readonly errors?: FieldProblem[],
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
    this.name = 'DomainError';
  }
}

export enum PlatformErrorCode {
  VALIDATION = 'VALIDATION',
  UNAUTHENTICATED = 'UNAUTHENTICATED',
  INVALID_CREDENTIALS = 'INVALID_CREDENTIALS',
  USER_INACTIVE = 'USER_INACTIVE',
  TENANT_INACTIVE = 'TENANT_INACTIVE',
  PREMIUM_REQUIRED = 'PREMIUM_REQUIRED',
  BUSINESS_FORBIDDEN = 'BUSINESS_FORBIDDEN',
  NOT_FOUND = 'NOT_FOUND',
  ROUTE_NOT_FOUND = 'ROUTE_NOT_FOUND',
  METHOD_NOT_ALLOWED = 'METHOD_NOT_ALLOWED',
  PAYLOAD_TOO_LARGE = 'PAYLOAD_TOO_LARGE',
  URI_TOO_LONG = 'URI_TOO_LONG',
  HEADERS_TOO_LARGE = 'HEADERS_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE = 'UNSUPPORTED_MEDIA_TYPE',
  NOT_ACCEPTABLE = 'NOT_ACCEPTABLE',
  TOO_MANY_REQUESTS = 'TOO_MANY_REQUESTS',
  SERVICE_UNAVAILABLE = 'SERVICE_UNAVAILABLE',
  /** Every connection (or every stream slot) of a pool is busy with the service's own work; the database answers (CONTRACT §10). */
  SERVICIO_OCUPADO = 'SERVICIO_OCUPADO',
  TIMEOUT = 'TIMEOUT',
  NOT_IMPLEMENTED = 'NOT_IMPLEMENTED',
  INTERNAL = 'INTERNAL',
}

const PLATFORM_ERROR_STATUS: Record<PlatformErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  USER_INACTIVE: 401,
  TENANT_INACTIVE: 401,
  PREMIUM_REQUIRED: 402,
  BUSINESS_FORBIDDEN: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  HEADERS_TOO_LARGE: 431,
  UNSUPPORTED_MEDIA_TYPE: 415,
  NOT_ACCEPTABLE: 406,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
  SERVICIO_OCUPADO: 503,
  TIMEOUT: 503,
  NOT_IMPLEMENTED: 501,
  INTERNAL: 500,
};

export class PlatformError extends DomainError {
  constructor(code: PlatformErrorCode, detail: string, errors?: FieldProblem[], headers?: Record<string, string>) {
    super(code, PLATFORM_ERROR_STATUS[code], detail, errors, headers);
  }
}

/** A 400 listing each offending parameter. */
export function validationError(errors: FieldProblem[], detail?: string): PlatformError {
  const text =
    detail ??
    (errors.length === 1
      ? `Parámetro inválido: ${errors[0].field}. ${errors[0].message}`
      : `Hay ${errors.length} parámetros inválidos: ${errors.map((e) => e.field).join(', ')}. Revise "errors".`);
  return new PlatformError(PlatformErrorCode.VALIDATION, text, errors);
}

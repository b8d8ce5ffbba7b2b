import type { FieldProblem } from '../errors/domain-error';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

/** RFC 9457 body. `type` is a tag URI naming the code; it identifies, it is not a link. */
export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  code: string;
  /** Equal to `detail`: legacy Loggro clients read only `message` (RFC 9457 extension member). */
  message: string;
  /** Only on the routes that ask for it (the payroll operations, CONTRACT §11.5): clients of the legacy payroll services read `error.mensaje`. */
  error?: LegacyErrorMember;
  errors?: FieldProblem[];
}

/** The legacy payroll services' error object: the problem's code and its detail. */
export interface LegacyErrorMember {
  codigo: string;
  mensaje: string;
}

const TITLES: Record<number, string> = {
  400: 'Solicitud inválida',
  401: 'No autorizado',
  402: 'Pago requerido',
  403: 'Prohibido',
  404: 'No encontrado',
  405: 'Método no permitido',
  406: 'No aceptable',
  408: 'Tiempo de espera agotado',
  409: 'Conflicto',
  413: 'Solicitud demasiado grande',
  414: 'URI demasiado larga',
  415: 'Tipo de contenido no soportado',
  422: 'Solicitud no procesable',
  429: 'Demasiadas solicitudes',
  431: 'Encabezados demasiado grandes',
  500: 'Error interno del servidor',
  501: 'No implementado',
  503: 'Servicio no disponible',
};

export function problemTitle(status: number): string {
  return TITLES[status] ?? (status >= 500 ? 'Error del servidor' : 'Error en la solicitud');
}

/** `legacyError` adds the `error` member (CONTRACT §11.5) after `message`. */
export function problemBody(
  status: number,
  code: string,
  detail: string,
  instance: string,
  errors?: FieldProblem[],
  legacyError = false,
): ProblemBody {
  const body: ProblemBody = {
    type: `tag:nomina-read-api,2026:problem:${code}`,
    title: problemTitle(status),
    status,
    detail,
    instance,
    code,
    message: detail,
  };
  if (legacyError) body.error = { codigo: code, mensaje: detail };
  if (errors?.length) body.errors = errors;
  return body;
}

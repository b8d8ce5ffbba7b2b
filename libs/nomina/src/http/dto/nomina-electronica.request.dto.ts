import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { type FieldProblem, PlatformError, PlatformErrorCode, validationError } from '@nomina-api/platform/errors';
import { httpRequest } from '@nomina-api/platform/http';

/** Path parameters of GET /pagos/nominaelectronica/{ano}/{mes} (CONTRACT §3.8). */
export interface NominaElectronicaParams {
  ano: number;
  mes: number;
}

export const ANO_MIN = 1900;
export const ANO_MAX = 2100;

/** Plain decimal digits only: "2024", "03"; not "2024.0", "+3", "3e0" or " 3". */
const DIGITS = /^[0-9]{1,9}$/;

function integerIn(raw: string, min: number, max: number): number | undefined {
  if (!DIGITS.test(raw)) return undefined;
  const value = Number(raw);
  return value >= min && value <= max ? value : undefined;
}

function shown(value: string): string {
  return JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value);
}

/** Validates ano (1900–2100) and mes (1–12); a 400 lists every offending parameter. */
export function parseNominaElectronicaParams(anoText: string, mesText: string): NominaElectronicaParams {
  const errors: FieldProblem[] = [];
  const ano = integerIn(anoText, ANO_MIN, ANO_MAX);
  const mes = integerIn(mesText, 1, 12);
  if (ano === undefined) {
    errors.push({
      field: 'ano',
      message: `Debe ser un año entero entre ${ANO_MIN} y ${ANO_MAX}, p. ej. 2024; se recibió ${shown(anoText)}.`,
    });
  }
  if (mes === undefined) {
    errors.push({ field: 'mes', message: `Debe ser un mes entero entre 1 y 12, p. ej. 3; se recibió ${shown(mesText)}.` });
  }
  if (ano === undefined || mes === undefined) throw validationError(errors);
  return { ano, mes };
}

/**
 * Fastify answers HEAD with the GET handler; here that would consume numbers for a request that
 * by definition is safe (link checkers, monitors, prefetch). Refuse it instead (405, Allow: GET).
 */
export function refuseHead(method: string): void {
  if (method === 'HEAD') {
    throw new PlatformError(
      PlatformErrorCode.METHOD_NOT_ALLOWED,
      'HEAD no está permitido en esta ruta: GET /pagos/nominaelectronica/{ano}/{mes} consume números de la secuencia. Use GET solo para generar los documentos.',
      undefined,
      { allow: 'GET' },
    );
  }
}

/** The month of GET /pagos/nominaelectronica/{ano}/{mes}: a HEAD refused first, then both path values checked. */
export const NominaElectronicaPeriodo = createParamDecorator((_: unknown, ctx: ExecutionContext): NominaElectronicaParams => {
  const req = httpRequest<FastifyRequest<{ Params: Record<string, string> }>>(ctx);
  refuseHead(req.method);
  return parseNominaElectronicaParams(req.params.ano, req.params.mes);
});
/** The Idempotency-Key request header (CONTRACT §3.8): 1–255 visible ASCII characters (0x21–0x7E). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * The header's value, or undefined without the header; 400 for anything but 1–255 visible ASCII
 * characters (an empty value, spaces, accents, control characters, a repeated header, which Node
 * joins with ", ").
 */
export function parseIdempotencyKey(value: string | string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && IDEMPOTENCY_KEY.test(value)) return value;
  const given = typeof value === 'string' ? value : value.join(', ');
  throw validationError([
    {
      field: 'Idempotency-Key',
      message: `Debe tener entre 1 y 255 caracteres ASCII visibles, sin espacios (p. ej. un UUID); se recibió ${shown(given)} (${given.length} caracteres).`,
    },
  ]);
}

/** The request's Idempotency-Key (parseIdempotencyKey): undefined without the header, 400 when malformed. */
export const IdempotencyKey = createParamDecorator((_: unknown, ctx: ExecutionContext): string | undefined =>
  parseIdempotencyKey(httpRequest<FastifyRequest>(ctx).headers[IDEMPOTENCY_KEY_HEADER]),
);

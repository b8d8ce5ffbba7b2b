import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { type FieldProblem, validationError } from '@nomina-api/platform/errors';
import { httpRequest } from '@nomina-api/platform/http';
import { TIPOS_DOCUMENTO, type TipoDocumento } from '../domain/tipo-documento';

const MAX_IDENTIFICACION = 20;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Path parameters of GET /empleados/{tipoDocumento}/{identificacion} (and of the bond integration
 * lookup, whose number is `idEmpleado`: `numberField` names it in the problem): both checked, every
 * problem reported.
 */
export function parseDocumento(
  tipo: string,
  identificacion: string,
  numberField = 'identificacion',
): { tipo: TipoDocumento; identificacion: string } {
  const errors: FieldProblem[] = [];
  const upper = tipo.trim().toUpperCase();
  if (!(TIPOS_DOCUMENTO as readonly string[]).includes(upper)) {
    errors.push({ field: 'tipoDocumento', message: `Tipo de documento desconocido. Valores permitidos: ${TIPOS_DOCUMENTO.join(', ')}.` });
  }
  const number = identificacion.trim();
  if (number === '' || number.length > MAX_IDENTIFICACION || CONTROL.test(number)) {
    errors.push({
      field: numberField,
      message: `Debe ser el número de documento: de 1 a ${MAX_IDENTIFICACION} caracteres, sin caracteres de control.`,
    });
  }
  if (errors.length > 0) throw validationError(errors);
  return { tipo: upper as TipoDocumento, identificacion: number };
}

/**
 * The parsed document of GET /empleados/{tipoDocumento}/{identificacion} (both path parameters at
 * once, so both are reported); `@DocumentoParam('idEmpleado')` where the number's parameter has
 * another name (the bond integration lookup).
 */
export const DocumentoParam = createParamDecorator((numberParam: string | undefined, ctx: ExecutionContext) => {
  const { params } = httpRequest<{ params: Record<string, string> }>(ctx);
  const field = numberParam ?? 'identificacion';
  return parseDocumento(params.tipoDocumento, params[field], field);
});

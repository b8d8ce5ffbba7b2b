import { Injectable, type PipeTransform } from '@nestjs/common';
import { validationError } from '@nomina-api/platform/errors';
import { IDENTIFICACION_MAX_LENGTH, normalizeIdentificacion } from '../identificacion';

export const IDENTIFICACION_MESSAGE =
  `Debe ser el número de identificación del proveedor: letras y dígitos, de 1 a ${IDENTIFICACION_MAX_LENGTH} caracteres ` +
  'sin contar puntos, espacios ni el dígito de verificación final (-N), p. ej. 900123456 o 900.123.456-7.';

/** Path identification → its normalised form, or 400 naming the parameter. */
@Injectable()
export class ParseIdentificacionPipe implements PipeTransform<unknown, string> {
  transform(value: unknown): string {
    const normalized = typeof value === 'string' ? normalizeIdentificacion(value) : undefined;
    if (!normalized) throw validationError([{ field: 'identificacion', message: IDENTIFICACION_MESSAGE }]);
    return normalized;
  }
}

import { type ArgumentMetadata, Injectable, type PipeTransform } from '@nestjs/common';
import { validationError } from '../errors/domain-error';

const UUID_RE = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const CANONICAL_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Any case, with or without hyphens → canonical lowercase (PostgreSQL's text form); undefined if not a uuid. */
export function normalizeUuid(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  // Already canonical (token claims, ids the guards pass on): nothing to build.
  if (CANONICAL_RE.test(value)) return value;
  if (!UUID_RE.test(value)) return undefined;
  const hex = value.replace(/-/g, '').toLowerCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Wire form of every uuid in a response: 32 uppercase hex characters, no hyphens. */
export function toWireUuid(value: string): string {
  return value.replace(/-/g, '').toUpperCase();
}

export function uuidProblemMessage(): string {
  return 'Debe ser un uuid: 32 caracteres hexadecimales, con o sin guiones, p. ej. 3A2B51CDBA4B4DC88437D3CFA4B48F6F.';
}

/** Path/query uuid → canonical form, or 400 naming the parameter. */
@Injectable()
export class ParseUuidPipe implements PipeTransform<unknown, string> {
  transform(value: unknown, metadata: ArgumentMetadata): string {
    const uuid = normalizeUuid(value);
    if (!uuid) {
      throw validationError([{ field: metadata.data ?? 'uuid', message: uuidProblemMessage() }]);
    }
    return uuid;
  }
}

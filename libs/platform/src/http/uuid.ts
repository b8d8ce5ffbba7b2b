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

/**
 * Wire form of every uuid in a response: 32 uppercase hex characters, no hyphens — the text with
 * its hyphens removed, upper-cased. PostgreSQL's text form of a uuid (what a uuid column gives) is
 * cut by slices instead of a regular expression: about half the cost, and row writers call this
 * for every uuid of every row (a year of report detail is half a million rows).
 */
export function toWireUuid(value: string): string {
  if (
    value.length === 36 &&
    value.charCodeAt(8) === 45 &&
    value.charCodeAt(13) === 45 &&
    value.charCodeAt(18) === 45 &&
    value.charCodeAt(23) === 45
  ) {
    const hex = value.slice(0, 8) + value.slice(9, 13) + value.slice(14, 18) + value.slice(19, 23) + value.slice(24);
    if (hex.indexOf('-') < 0) return hex.toUpperCase();
  }
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

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

/** Upper-case character code of each hex digit (either case), -1 for anything else. */
const HEX_UPPER = new Int16Array(128).fill(-1);
for (const c of '0123456789abcdef') {
  HEX_UPPER[c.charCodeAt(0)] = HEX_UPPER[c.toUpperCase().charCodeAt(0)] = c.toUpperCase().charCodeAt(0);
}

/** Where wireUuid gathers the 32 digits before they become one string (one caller at a time: no await inside). */
const DIGITS = Buffer.alloc(32);

/**
 * Wire form of every uuid in a response (CONTRACT §1): 32 uppercase hex characters, no hyphens.
 * Takes PostgreSQL's text form (8-4-4-4-12) or 32 hex digits, in either case; undefined for
 * anything else. The digits go into a fixed buffer and become one 32-character string, one
 * allocation instead of eight: row writers call this for every uuid of every row, and a month of
 * e-payroll numbering writes two uuids per document.
 */
export function wireUuid(value: string): string | undefined {
  if (value.length === 36) {
    if (value.charCodeAt(8) !== 45 || value.charCodeAt(13) !== 45 || value.charCodeAt(18) !== 45 || value.charCodeAt(23) !== 45) {
      return undefined;
    }
    const ok =
      digits(value, 0, 8, 0) &&
      digits(value, 9, 13, 8) &&
      digits(value, 14, 18, 12) &&
      digits(value, 19, 23, 16) &&
      digits(value, 24, 36, 20);
    return ok ? DIGITS.toString('latin1', 0, 32) : undefined;
  }
  return value.length === 32 && digits(value, 0, 32, 0) ? DIGITS.toString('latin1', 0, 32) : undefined;
}

/** Copies value[from, to) upper-cased into DIGITS from `at`; false at the first character that is not a hex digit. */
function digits(value: string, from: number, to: number, at: number): boolean {
  for (let i = from; i < to; i++) {
    const c = value.charCodeAt(i);
    const upper = c < 128 ? HEX_UPPER[c] : -1;
    if (upper < 0) return false;
    DIGITS[at++] = upper;
  }
  return true;
}

/**
 * Wire form of a uuid read from the database (or any text): wireUuid's, or, for text that is not
 * a uuid, the text without its hyphens, upper-cased.
 */
export function toWireUuid(value: string): string {
  return wireUuid(value) ?? value.replace(/-/g, '').toUpperCase();
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

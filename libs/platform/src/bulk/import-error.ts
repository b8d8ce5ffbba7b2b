export type ImportErrorCode =
  /** The tenant is already in the database and --replace was not given. */
  | 'TENANT_EXISTS'
  /** An e-mail of the file already logs in to another tenant. */
  | 'EMAIL_IN_USE'
  /** A reference the loader resolves does not exist (the file was not validated). */
  | 'INVALID_REFERENCE'
  /** A derived total does not fit the exact integer range. */
  | 'TOTAL_OUT_OF_RANGE'
  /** A text holds a character PostgreSQL cannot store (NUL). */
  | 'INVALID_TEXT';

/** A refusal of the import with a Spanish message meant for the person running it. */
export class ImportError extends Error {
  constructor(
    readonly code: ImportErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ImportError';
  }
}

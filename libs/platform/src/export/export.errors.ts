import { DomainError, type FieldProblem } from '../errors/domain-error';

/** Error codes of the export module; a new code does not compile until it has a status. */
export enum ExportErrorCode {
  FORMATO_INVALIDO = 'FORMATO_INVALIDO',
}

export const EXPORT_ERROR_STATUS: Record<ExportErrorCode, number> = {
  [ExportErrorCode.FORMATO_INVALIDO]: 400,
};

export class ExportError extends DomainError {
  constructor(code: ExportErrorCode, detail: string, errors?: FieldProblem[]) {
    super(code, EXPORT_ERROR_STATUS[code], detail, errors);
    this.name = 'ExportError';
  }
}

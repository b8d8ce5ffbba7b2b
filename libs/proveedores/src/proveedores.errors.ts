import { DomainError } from '@app/platform/errors/domain-error';

export enum ProveedoresErrorCode {
  PROVEEDOR_NOT_FOUND = 'PROVEEDOR_NOT_FOUND',
}

const STATUS: Record<ProveedoresErrorCode, number> = {
  PROVEEDOR_NOT_FOUND: 404,
};

export class ProveedoresError extends DomainError {
  constructor(code: ProveedoresErrorCode, detail: string) {
    super(code, STATUS[code], detail);
    this.name = 'ProveedoresError';
  }
}

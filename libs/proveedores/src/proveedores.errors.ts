import { DomainError } from '@nomina-api/platform/errors';

/**
 * Error codes of the supplier context. The identifiers follow the house form (Spanish domain
 * noun + Spanish state, as NominaErrorCode); the VALUES are published on the wire and never change,
 * even where an early one mixed languages.
 */
export enum ProveedoresErrorCode {
  PROVEEDOR_NO_ENCONTRADO = 'PROVEEDOR_NOT_FOUND',
  /** @deprecated The published name of PROVEEDOR_NO_ENCONTRADO (same code), kept for host apps. */
  // eslint-disable-next-line @typescript-eslint/no-duplicate-enum-values -- an alias, on purpose
  PROVEEDOR_NOT_FOUND = 'PROVEEDOR_NOT_FOUND',
}

export const PROVEEDORES_ERROR_STATUS: Record<ProveedoresErrorCode, number> = {
  [ProveedoresErrorCode.PROVEEDOR_NO_ENCONTRADO]: 404,
};

export class ProveedoresError extends DomainError {
  constructor(code: ProveedoresErrorCode, detail: string) {
    super(code, PROVEEDORES_ERROR_STATUS[code], detail);
    this.name = 'ProveedoresError';
  }
}

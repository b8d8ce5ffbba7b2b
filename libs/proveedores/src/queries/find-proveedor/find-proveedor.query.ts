import { Query } from '@nestjs/cqrs';
import type { ProveedorRecord } from '../proveedor-record';

/** GET /proveedor/{identificacion}: every establishment of one supplier of the tenant. */
export class FindProveedorQuery extends Query<ProveedorRecord[]> {
  constructor(
    readonly tenantId: string,
    /** Already normalised (see normalizeIdentificacion): no dots, spaces or check digit; upper case. */
    readonly identificacion: string,
  ) {
    super();
  }
}

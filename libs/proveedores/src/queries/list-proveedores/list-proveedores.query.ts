import type { Readable } from 'node:stream';
import { Query } from '@nestjs/cqrs';
import type { ProveedorRecord } from '../proveedor-record';

export interface ProveedoresPaging {
  /** 0-based page number. */
  pagina: number;
  /** Records per page, 1..200. */
  limite: number;
}

/** A page, read as a whole. */
export interface ProveedoresPage {
  paginated: true;
  paging: ProveedoresPaging;
  /** Records of the whole list, not of the page. */
  total: number;
  records: ProveedorRecord[];
}

/** The whole list, streamed. */
export interface ProveedoresStream {
  paginated: false;
  total: number;
  /**
   * Object-mode stream of ProveedorRecord, in order. Single use: read it to the end or destroy
   * it; until then it holds a pooled database connection.
   */
  records: Readable;
}

export type ListProveedoresResult = ProveedoresPage | ProveedoresStream;

/** GET /proveedor: the tenant's supplier records, one page or (without paging) all of them. */
export class ListProveedoresQuery extends Query<ListProveedoresResult> {
  constructor(
    readonly tenantId: string,
    /** Absent: the complete list, streamed. */
    readonly paging?: ProveedoresPaging,
  ) {
    super();
  }
}

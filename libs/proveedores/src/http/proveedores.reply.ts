import { bogotaDate, exportFileName, type ReplySpec } from '@nomina-api/platform/export';
import type { FindProveedorQuery } from '../queries/find-proveedor/find-proveedor.query';
import type { ListProveedoresQuery, ListProveedoresResult } from '../queries/list-proveedores/list-proveedores.query';
import type { ProveedorRecord } from '../queries/proveedor-record';
import { jsonArrayStream } from './json-array.stream';
import { pagingHeaders } from './paging';
import { proveedorJson } from './proveedor-json';
import { PROVEEDOR_EXPORT_COLUMNS } from './proveedor.export';

const JSON_UTF8 = 'application/json; charset=utf-8';

/**
 * GET /proveedor's answer (`respond`): the paging headers, then the page as it is (Nest
 * serialises it) or the complete list streamed as one JSON array — or either as a CSV/XLSX file
 * (CONTRACT §8).
 */
export const PROVEEDORES_REPLY: ReplySpec<ListProveedoresQuery, ListProveedoresResult> = {
  headers: (result, query) => pagingHeaders(query.paging, result.total),
  json: (result, reply) => {
    if (result.paginated) return result.records;
    if (reply.request.method === 'HEAD') {
      // Fastify would read a streamed body to the end only to discard it.
      result.records.destroy();
      return undefined;
    }
    reply.type(JSON_UTF8);
    return jsonArrayStream(result.records, proveedorJson);
  },
  file: {
    resource: 'proveedor',
    columns: PROVEEDOR_EXPORT_COLUMNS,
    rows: (result) => result.records,
    fileName: () => exportFileName('proveedor', bogotaDate()),
  },
};

/** GET /proveedor/{identificacion}'s answer: the records (Nest serialises them) and paging headers that say `todas`. */
export const PROVEEDOR_REPLY: ReplySpec<FindProveedorQuery, ProveedorRecord[]> = {
  headers: (records) => pagingHeaders(undefined, records.length),
  json: (records) => records,
};

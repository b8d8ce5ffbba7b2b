import type { Readable } from 'node:stream';
import type { StreamableFile } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { bogotaDate, exportFile, exportFileName, type ExportFormat } from '@nomina-api/platform/export';
import type { ListProveedoresResult, ProveedoresPaging } from '../queries/list-proveedores/list-proveedores.query';
import type { ProveedorResponseDto } from './dto/proveedor.response.dto';
import { jsonArrayStream } from './json-array.stream';
import { pagingHeaders } from './paging';
import { proveedorJson } from './proveedor-json';
import { PROVEEDOR_EXPORT_COLUMNS } from './proveedor.export';

const JSON_UTF8 = 'application/json; charset=utf-8';

/**
 * GET /proveedor's answer: the paging headers, then the page as it is (Nest serialises it) or the
 * complete list streamed as one JSON array — or either as a CSV/XLSX file (CONTRACT §8).
 */
export function sendProveedores(
  reply: FastifyReply,
  paging: ProveedoresPaging | undefined,
  result: ListProveedoresResult,
  format: ExportFormat,
): ProveedorResponseDto[] | Readable | StreamableFile | undefined {
  reply.headers(pagingHeaders(paging, result.total));
  if (format !== 'json') {
    return exportFile(format, {
      resource: 'proveedor',
      columns: PROVEEDOR_EXPORT_COLUMNS,
      rows: result.records,
      fileName: exportFileName('proveedor', bogotaDate()),
    });
  }
  if (result.paginated) return result.records;
  if (reply.request.method === 'HEAD') {
    // Fastify would read a streamed body to the end only to discard it.
    result.records.destroy();
    return undefined;
  }
  reply.type(JSON_UTF8);
  return jsonArrayStream(result.records, proveedorJson);
}

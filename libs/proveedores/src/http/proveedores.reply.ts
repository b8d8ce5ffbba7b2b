import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { ListProveedoresResult, ProveedoresPaging } from '../queries/list-proveedores/list-proveedores.query';
import type { ProveedorResponseDto } from './dto/proveedor.response.dto';
import { jsonArrayStream } from './json-array.stream';
import { pagingHeaders } from './paging';

const JSON_UTF8 = 'application/json; charset=utf-8';

/**
 * GET /proveedor's answer: the paging headers, then the page as it is (Nest serialises it) or the
 * complete list streamed as one JSON array.
 */
export function sendProveedores(
  reply: FastifyReply,
  paging: ProveedoresPaging | undefined,
  result: ListProveedoresResult,
): ProveedorResponseDto[] | Readable | undefined {
  reply.headers(pagingHeaders(paging, result.total));
  if (result.paginated) return result.records;
  if (reply.request.method === 'HEAD') {
    // Fastify would read a streamed body to the end only to discard it.
    result.records.destroy();
    return undefined;
  }
  reply.type(JSON_UTF8);
  return jsonArrayStream(result.records);
}

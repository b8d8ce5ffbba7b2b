import type { Readable } from 'node:stream';
import { Query } from '@nestjs/cqrs';
import type { WholeList } from '../listing';
import type { AlcanceVinculados } from './vinculados.sql';

/**
 * GET /vinculados (or /desvinculados) without offset and size: the whole list in its order, as a
 * stream of VinculadoView — the JSON body when unpaged, and the export (CONTRACT §8).
 */
export class StreamVinculadosQuery extends Query<Readable> {
  constructor(
    readonly tenantId: string,
    readonly alcance: AlcanceVinculados,
    readonly list: WholeList,
  ) {
    super();
  }
}

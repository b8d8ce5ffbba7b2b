import type { Readable } from 'node:stream';
import { Query } from '@nestjs/cqrs';
import { type ListParams, listSpec, type Page } from '../listing';
import type { VinculadoView } from './vinculado.view';
import { type AlcanceVinculados, VINCULADO_SORT_COLUMNS } from './vinculados.sql';

/** GET /vinculados and GET /vinculados/desvinculados (CONTRACT §11.1): sortable fields and default orders. */
export const VINCULADOS_LIST = {
  vigentes: listSpec(VINCULADO_SORT_COLUMNS.vigentes, [{ field: 'nombreCompleto', direction: 'asc' }]),
  desvinculados: listSpec(VINCULADO_SORT_COLUMNS.desvinculados, [{ field: 'fechaRetiro', direction: 'desc' }]),
} satisfies Record<AlcanceVinculados, unknown>;

/**
 * The bonds current today (`vigentes`) or retired before today (`desvinculados`): a page when
 * the request names `offset` or `size`, else every bond as a stream of VinculadoView read through a
 * cursor — the legacy bulk call reads the whole list in one answer, JSON and file alike.
 */
export class ListVinculadosQuery extends Query<Page<VinculadoView> | Readable> {
  constructor(
    readonly tenantId: string,
    readonly alcance: AlcanceVinculados,
    readonly list: ListParams,
  ) {
    super();
  }
}

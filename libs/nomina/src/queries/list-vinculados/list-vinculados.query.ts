import { Query } from '@nestjs/cqrs';
import type { ListParams, ListSpec, Page } from '../listing';
import type { VinculadoView } from './vinculado.view';
import type { AlcanceVinculados } from './vinculados.sql';

/** GET /vinculados and GET /vinculados/desvinculados (CONTRACT §11.1): sortable fields and default orders. */
export const VINCULADOS_LIST: Record<AlcanceVinculados, ListSpec> = {
  vigentes: {
    sortable: ['nombreCompleto', 'idEmpleado', 'fechaIngreso', 'salarioBase'],
    defaultSort: [{ field: 'nombreCompleto', direction: 'asc' }],
  },
  // "Same rules" as the current bonds, and the field of its own default order.
  desvinculados: {
    sortable: ['nombreCompleto', 'idEmpleado', 'fechaIngreso', 'fechaRetiro', 'salarioBase'],
    defaultSort: [{ field: 'fechaRetiro', direction: 'desc' }],
  },
};

/** One page of the bonds current today (`vigentes`) or retired before today (`desvinculados`). */
export class ListVinculadosQuery extends Query<Page<VinculadoView>> {
  constructor(
    readonly tenantId: string,
    readonly alcance: AlcanceVinculados,
    readonly list: ListParams,
  ) {
    super();
  }
}

import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SqlReader } from '@nomina-api/platform/persistence';
import { ListTiposCotizanteQuery } from './list-tipos-cotizante.query';
import { TIPOS_COTIZANTE_SQL, type TipoCotizanteRow } from './list-tipos-cotizante.sql';

@QueryHandler(ListTiposCotizanteQuery)
export class ListTiposCotizanteHandler implements IQueryHandler<ListTiposCotizanteQuery, TipoCotizanteRow[]> {
  constructor(private readonly sql: SqlReader) {}

  execute({ tenantId }: ListTiposCotizanteQuery): Promise<TipoCotizanteRow[]> {
    return this.sql.query<TipoCotizanteRow>(TIPOS_COTIZANTE_SQL, [tenantId]);
  }
}

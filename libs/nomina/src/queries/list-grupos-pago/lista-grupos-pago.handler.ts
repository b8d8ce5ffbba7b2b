import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SqlReader } from '@nomina-api/platform/persistence';
import { type GrupoPagoResumenRow, LISTA_GRUPOS_PAGO_SQL } from './grupos-pago.sql';
import { ListaGruposPagoQuery } from './lista-grupos-pago.query';

@QueryHandler(ListaGruposPagoQuery)
export class ListaGruposPagoHandler implements IQueryHandler<ListaGruposPagoQuery, GrupoPagoResumenRow[]> {
  constructor(private readonly sql: SqlReader) {}

  execute({ tenantId }: ListaGruposPagoQuery): Promise<GrupoPagoResumenRow[]> {
    return this.sql.query<GrupoPagoResumenRow>(LISTA_GRUPOS_PAGO_SQL, [tenantId]);
  }
}

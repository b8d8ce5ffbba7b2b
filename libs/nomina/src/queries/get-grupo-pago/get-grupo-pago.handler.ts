import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { toWireUuid } from '@nomina-api/platform/http';
import { SqlReader } from '@nomina-api/platform/persistence';
import { NominaError, NominaErrorCode } from '../../nomina.errors';
import type { GrupoPagoRow } from '../list-grupos-pago/grupos-pago.sql';
import { GetGrupoPagoQuery } from './get-grupo-pago.query';
import { GET_GRUPO_PAGO_SQL } from './get-grupo-pago.sql';

@QueryHandler(GetGrupoPagoQuery)
export class GetGrupoPagoHandler implements IQueryHandler<GetGrupoPagoQuery, GrupoPagoRow> {
  constructor(private readonly sql: SqlReader) {}

  async execute({ tenantId, grupoId }: GetGrupoPagoQuery): Promise<GrupoPagoRow> {
    const [row] = await this.sql.query<GrupoPagoRow>(GET_GRUPO_PAGO_SQL, [tenantId, grupoId]);
    if (!row) {
      throw new NominaError(
        NominaErrorCode.GRUPO_PAGO_NO_ENCONTRADO,
        `No existe el grupo de pago ${toWireUuid(grupoId)}. Use el uuid de un elemento de GET /gruposPagos/listagrupos.`,
      );
    }
    return row;
  }
}

import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { toWireUuid } from '@nomina-api/platform/http';
import { SqlReader } from '@nomina-api/platform/persistence';
import { NominaError, NominaErrorCode } from '../../nomina.errors';
import { ListDetallePagoQuery } from './list-detalle-pago.query';
import { DETALLE_PAGO_SQL, type DetallePagoRow } from './list-detalle-pago.sql';

/** Any payment of the tenant is served, type IN included (the contract does not exclude it here). */
@QueryHandler(ListDetallePagoQuery)
export class ListDetallePagoHandler implements IQueryHandler<ListDetallePagoQuery, DetallePagoRow[]> {
  constructor(private readonly sql: SqlReader) {}

  async execute({ tenantId, pagoId }: ListDetallePagoQuery): Promise<DetallePagoRow[]> {
    const rows = await this.sql.query<DetallePagoRow | { codigoConcepto: null }>(DETALLE_PAGO_SQL, [tenantId, pagoId]);
    if (rows.length === 0) {
      throw new NominaError(
        NominaErrorCode.PAGO_NO_ENCONTRADO,
        `No existe el pago ${toWireUuid(pagoId)}. Use el uuid de un elemento de GET /pagos?params[estados]=...`,
      );
    }
    return rows.filter((r): r is DetallePagoRow => r.codigoConcepto !== null);
  }
}

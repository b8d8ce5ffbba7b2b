import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { toWireUuid } from '@nomina-api/platform/http';
import { SqlReader } from '@nomina-api/platform/persistence';
import { NominaError, NominaErrorCode } from '../../nomina.errors';
import { toView } from '../list-pagos/list-pagos.handler';
import type { PagoRow } from '../list-pagos/list-pagos.sql';
import type { PagoView } from '../list-pagos/pago.view';
import { GetPagoQuery } from './get-pago.query';
import { GET_PAGO_SQL } from './get-pago.sql';

@QueryHandler(GetPagoQuery)
export class GetPagoHandler implements IQueryHandler<GetPagoQuery, PagoView> {
  constructor(private readonly sql: SqlReader) {}

  async execute({ tenantId, pagoId }: GetPagoQuery): Promise<PagoView> {
    const [row] = await this.sql.query<PagoRow>(GET_PAGO_SQL, [tenantId, pagoId]);
    if (!row) {
      throw new NominaError(
        NominaErrorCode.PAGO_NO_ENCONTRADO,
        `No existe el pago ${toWireUuid(pagoId)} (los pagos de tipo IN, saldos iniciales, no se sirven). Use el uuid de un elemento de GET /pagos?params[estados]=...`,
      );
    }
    return toView(row);
  }
}

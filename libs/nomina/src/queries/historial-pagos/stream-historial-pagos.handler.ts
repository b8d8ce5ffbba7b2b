import type { Readable } from 'node:stream';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SqlReader } from '@nomina-api/platform/persistence';
import { empleadoNoEncontrado } from '../get-empleado/get-empleado-por-uuid.handler';
import { orderBy } from '../listing';
import { EMPLEADO_EXISTE_SQL, HISTORIAL_SORT_COLUMNS, HISTORIAL_TIE_BREAKER, historialPagosSql } from './historial-pagos.sql';
import { StreamHistorialPagosQuery } from './stream-historial-pagos.query';

/**
 * The list's statement without limit/offset through a cursor; whether the person exists is asked
 * first in the same snapshot, so an unknown person is a 404 rather than an empty file.
 */
@QueryHandler(StreamHistorialPagosQuery)
export class StreamHistorialPagosHandler implements IQueryHandler<StreamHistorialPagosQuery, Readable> {
  constructor(private readonly sql: SqlReader) {}

  async execute({ tenantId, empleadoId, estados, list }: StreamHistorialPagosQuery): Promise<Readable> {
    const { page, values } = historialPagosSql(
      tenantId,
      empleadoId,
      { estados, filter: list.filter },
      orderBy(list.sort, HISTORIAL_SORT_COLUMNS, HISTORIAL_TIE_BREAKER),
    );
    const { head: existe, rows } = await this.sql.stream(page, values, {
      head: async (query) => (await query(EMPLEADO_EXISTE_SQL.text, [tenantId, empleadoId])).length > 0,
    });
    if (!existe) {
      rows.destroy();
      throw empleadoNoEncontrado(empleadoId);
    }
    return rows;
  }
}

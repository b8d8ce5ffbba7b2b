import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SqlReader } from '@nomina-api/platform/persistence';
import { empleadoNoEncontrado } from '../get-empleado/get-empleado-por-uuid.handler';
import { orderBy, type Page } from '../listing';
import { HistorialPagosQuery } from './historial-pagos.query';
import {
  EMPLEADO_EXISTE_SQL,
  HISTORIAL_SORT_COLUMNS,
  HISTORIAL_TIE_BREAKER,
  type HistorialPagoRow,
  historialPagosSql,
} from './historial-pagos.sql';

/** The page and its count; only an empty one asks whether the person exists (404 otherwise). */
@QueryHandler(HistorialPagosQuery)
export class HistorialPagosHandler implements IQueryHandler<HistorialPagosQuery, Page<HistorialPagoRow>> {
  constructor(private readonly sql: SqlReader) {}

  async execute({ tenantId, empleadoId, estados, list }: HistorialPagosQuery): Promise<Page<HistorialPagoRow>> {
    const { page, count, values } = historialPagosSql(
      tenantId,
      empleadoId,
      { estados, filter: list.filter },
      orderBy(list.sort, HISTORIAL_SORT_COLUMNS, HISTORIAL_TIE_BREAKER),
    );
    const result = await this.sql.page<HistorialPagoRow & { total: number }>(page, count, values, list);
    if (result.total === 0 && (await this.sql.query(EMPLEADO_EXISTE_SQL, [tenantId, empleadoId])).length === 0) {
      throw empleadoNoEncontrado(empleadoId);
    }
    // The rows keep the statement's window count: the writer and the file columns name their
    // fields, and copying each row without it (an object rest) was a visible part of the request.
    return result;
  }
}

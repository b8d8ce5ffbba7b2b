import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { toWireUuid } from '@nomina-api/platform/http';
import { SqlReader } from '@nomina-api/platform/persistence';
import { NominaError, NominaErrorCode } from '../../nomina.errors';
import { ListPagoEmpleadoDetallesQuery } from './list-pago-empleado-detalles.query';
import { PAGO_EMPLEADO_DETALLES_SQL, type PagoEmpleadoDetalleRow } from './list-pago-empleado-detalles.sql';

@QueryHandler(ListPagoEmpleadoDetallesQuery)
export class ListPagoEmpleadoDetallesHandler implements IQueryHandler<ListPagoEmpleadoDetallesQuery, PagoEmpleadoDetalleRow[]> {
  constructor(private readonly sql: SqlReader) {}

  async execute({ tenantId, pagoEmpleadoId }: ListPagoEmpleadoDetallesQuery): Promise<PagoEmpleadoDetalleRow[]> {
    const rows = await this.sql.query<PagoEmpleadoDetalleRow | { uuid: null }>(PAGO_EMPLEADO_DETALLES_SQL, [tenantId, pagoEmpleadoId]);
    if (rows.length === 0) {
      throw new NominaError(
        NominaErrorCode.PAGO_EMPLEADO_NO_ENCONTRADO,
        `No existe la nómina de empleado ${toWireUuid(pagoEmpleadoId)}. Use el uuid de un elemento de GET /pagoEmpleados?params[pago]=<uuid del pago>.`,
      );
    }
    return rows.filter((r): r is PagoEmpleadoDetalleRow => r.uuid !== null);
  }
}

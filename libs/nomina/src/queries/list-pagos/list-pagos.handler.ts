import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SqlReader } from '@nomina-api/platform/persistence';
import { orderBy, type Page } from '../listing';
import { ListPagosQuery } from './list-pagos.query';
import { listPagosSql, PAGO_SORT_COLUMNS, PAGO_TIE_BREAKER, type PagoRow } from './list-pagos.sql';
import type { PagoView } from './pago.view';

@QueryHandler(ListPagosQuery)
export class ListPagosHandler implements IQueryHandler<ListPagosQuery, Page<PagoView>> {
  constructor(private readonly sql: SqlReader) {}

  async execute({ tenantId, estados, list }: ListPagosQuery): Promise<Page<PagoView>> {
    const { page, count } = listPagosSql(list.filter !== undefined, orderBy(list.sort, PAGO_SORT_COLUMNS, PAGO_TIE_BREAKER));
    const values: unknown[] = [tenantId, estados];
    if (list.filter !== undefined) values.push(list.filter);
    const { rows, total } = await this.sql.page<PagoRow>(page, count, values, list);
    return { rows: rows.map(toView), total };
  }
}

/**
 * The row as the writer's view. Every field is named: an object rest (`{ total, ...pago }`) is
 * V8's generic property copy, which shows up as the handler's own cost per row in a profile of
 * `/pagos`; a literal gets one fixed shape.
 */
export function toView(r: PagoRow): PagoView {
  return {
    uuid: r.uuid,
    ano: r.ano,
    mes: r.mes,
    descripcion: r.descripcion,
    fechaDesde: r.fechaDesde,
    fechaHasta: r.fechaHasta,
    fechaPago: r.fechaPago,
    estado: r.estado,
    tipoPago: r.tipoPago,
    definitivo: r.definitivo,
    incluirPrima: r.incluirPrima,
    incluirInteresesCesantias: r.incluirInteresesCesantias,
    generoPlano: r.generoPlano,
    egresoConErrores: r.egresoConErrores,
    pendienteGenerarEgreso: r.pendienteGenerarEgreso,
    pendienteGenerarIngreso: r.pendienteGenerarIngreso,
    ingresoConErrores: r.ingresoConErrores,
    totalDevengados: r.totalDevengados,
    totalDeducciones: r.totalDeducciones,
    totalNeto: r.totalNeto,
    numeroEmpleados: r.numeroEmpleados,
    grupoPago: r.grupoUuid === null ? null : { uuid: r.grupoUuid, codigo: r.grupoCodigo as string, nombre: r.grupoNombre as string },
  };
}

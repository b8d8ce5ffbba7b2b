import { CONCEPTOS_ACUMULADOS_LIST } from '../conceptos-acumulados/conceptos-acumulados.query';
import { SORT_COLUMNS as CONCEPTOS_ACUMULADOS_SORT_COLUMNS } from '../conceptos-acumulados/conceptos-acumulados.sql';
import { HISTORIAL_PAGOS_LIST } from '../historial-pagos/historial-pagos.query';
import { HISTORIAL_SORT_COLUMNS } from '../historial-pagos/historial-pagos.sql';
import { EMPLEADOS_LIST } from '../list-empleados/list-empleados.query';
import { EMPLEADO_SORT_COLUMNS } from '../list-empleados/list-empleados.sql';
import { PAGO_EMPLEADOS_LIST } from '../list-pago-empleados/list-pago-empleados.query';
import { PAGO_EMPLEADO_SORT_COLUMNS } from '../list-pago-empleados/list-pago-empleados.sql';
import { PAGOS_LIST } from '../list-pagos/list-pagos.query';
import { PAGO_SORT_COLUMNS } from '../list-pagos/list-pagos.sql';
import type { ListSpec, SortColumn } from '.';

/**
 * A list's sortable fields (what the request may name, and what OpenAPI lists) and its SQL
 * columns (what orderBy interpolates) are declared apart: a field in one and not the other is
 * either a 400 for a documented field or a 500 for an accepted one.
 */
describe.each<[string, ListSpec, Record<string, SortColumn>]>([
  ['GET /pagos', PAGOS_LIST, PAGO_SORT_COLUMNS],
  ['GET /pagoEmpleados', PAGO_EMPLEADOS_LIST, PAGO_EMPLEADO_SORT_COLUMNS],
  ['GET /empleados', EMPLEADOS_LIST, EMPLEADO_SORT_COLUMNS],
  ['GET /pagoEmpleados/{uuidEmpleado}/historialPagos', HISTORIAL_PAGOS_LIST, HISTORIAL_SORT_COLUMNS],
  ['GET /pagoEmpleadoDetalles/conceptosacumulados/…', CONCEPTOS_ACUMULADOS_LIST, CONCEPTOS_ACUMULADOS_SORT_COLUMNS],
])('%s list spec', (_endpoint, spec, columns) => {
  it('maps every sortable field to a SQL column, and no other', () => {
    expect(Object.keys(columns).sort()).toEqual([...spec.sortable].sort());
  });

  it('orders by default on sortable fields only', () => {
    for (const { field } of spec.defaultSort) expect(spec.sortable).toContain(field);
  });
});

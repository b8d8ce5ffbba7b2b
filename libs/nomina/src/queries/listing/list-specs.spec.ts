import { CONCEPTOS_ACUMULADOS_LIST } from '../conceptos-acumulados/conceptos-acumulados.query';
import { SORT_COLUMNS as CONCEPTOS_ACUMULADOS_SORT_COLUMNS } from '../conceptos-acumulados/conceptos-acumulados.sql';
import { HISTORIAL_PAGOS_LIST } from '../historial-pagos/historial-pagos.query';
import { EMPLEADOS_LIST } from '../list-empleados/list-empleados.query';
import { PAGO_EMPLEADOS_LIST } from '../list-pago-empleados/list-pago-empleados.query';
import { PAGOS_LIST } from '../list-pagos/list-pagos.query';
import { GRUPOS_PAGO_LIST } from '../list-grupos-pago/list-grupos-pago.query';
import { VINCULADOS_LIST } from '../list-vinculados/list-vinculados.query';
import { listSpec } from '.';

/**
 * A list's sortable fields (what the request may name, and what OpenAPI lists) are the keys of
 * its SQL sort columns (what orderBy interpolates): declared once, in the *.sql.ts file.
 */
describe('listSpec', () => {
  it('takes the sortable fields from the SQL columns, in their order', () => {
    expect(CONCEPTOS_ACUMULADOS_LIST.sortable).toEqual(Object.keys(CONCEPTOS_ACUMULADOS_SORT_COLUMNS));
    expect(PAGOS_LIST.sortable.slice(0, 3)).toEqual(['ano', 'mes', 'fechaDesde']);
  });

  it.each([
    PAGOS_LIST,
    PAGO_EMPLEADOS_LIST,
    EMPLEADOS_LIST,
    CONCEPTOS_ACUMULADOS_LIST,
    VINCULADOS_LIST.vigentes,
    VINCULADOS_LIST.desvinculados,
    GRUPOS_PAGO_LIST,
    HISTORIAL_PAGOS_LIST,
  ])('orders by default on sortable fields only', (spec) => {
    for (const { field } of spec.defaultSort) expect(spec.sortable).toContain(field);
  });

  it('refuses a default order on a field without a column', () => {
    expect(() => listSpec({ a: { sql: 'x.a' } }, [{ field: 'b', direction: 'asc' }])).toThrow('default sort on unknown fields b');
  });
});

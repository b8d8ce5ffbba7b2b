import type { SortKey } from '../listing';
import { conceptosAcumuladosSql, conceptosAcumuladosWholeSql, splitAtYears } from './conceptos-acumulados.sql';

const base = { tenantId: 't', fechaDesde: '2024-01-01', fechaHasta: '2024-12-31', offset: 20, size: 10 };
const sort = (field: string, direction: 'asc' | 'desc' = 'asc'): SortKey[] => [{ field, direction }];

/** The part of the statement before the page is cut. */
const beforePage = (text: string) => text.slice(0, text.indexOf('select t.total'));

describe('conceptosAcumuladosSql', () => {
  it('default order: joins the people before paging, reads salaries only for the page', () => {
    const { text, values } = conceptosAcumuladosSql({ ...base, fuente: 'generica', sort: sort('nombreCompleto') });
    expect(beforePage(text)).toContain('join empleado e');
    expect(beforePage(text)).not.toContain('ps.salario_base');
    expect(text).not.toContain('pago_rango');
    expect(text).toContain('y.total_devengados as devengados');
    expect(values).toEqual(['t', '2024-01-01', '2024-12-31', 2024, 2025, 10, 20]);
  });

  it('a whole calendar year reads only the yearly rollup; partial years read payslips', () => {
    const year = conceptosAcumuladosSql({ ...base, fuente: 'generica', sort: sort('nombreCompleto') }).text;
    expect(year).toContain('from vinculacion_acumulado_anual y');
    expect(year).not.toContain('from pago_empleado pe');
    const partial = conceptosAcumuladosSql({ ...base, fechaDesde: '2023-12-31', fuente: 'generica', sort: sort('nombreCompleto') });
    expect(partial.text).toContain('from vinculacion_acumulado_anual y');
    expect(partial.text).toContain('pe.pago_fecha_desde between $2::date and $6::date');
    expect(partial.values).toEqual(['t', '2023-12-31', '2024-12-31', 2024, 2025, '2023-12-31', 10, 20]);
    const days = conceptosAcumuladosSql({ ...base, fechaHasta: '2024-12-30', fuente: 'generica', sort: sort('nombreCompleto') });
    expect(days.text).not.toContain('vinculacion_acumulado_anual');
    expect(days.text).toContain('pe.pago_fecha_desde between $2::date and $3::date');
    expect(days.values).toEqual(['t', '2024-01-01', '2024-12-30', 10, 20]);
  });

  it('one calendar year takes its rollup rows as they are (one per bond); other ranges sum per bond', () => {
    const year = conceptosAcumuladosSql({ ...base, fuente: 'aportes', sort: sort('totalNeto') }).text;
    expect(year).not.toContain('group by');
    expect(year).toContain('s.devengados - s.deducciones as total_neto');
    expect(year).toContain('where s.aportes_lineas > 0');
    const years = conceptosAcumuladosSql({ ...base, fechaDesde: '2023-01-01', fuente: 'aportes', sort: sort('totalNeto') });
    expect(years.text).toContain('group by s.vinculacion_id');
    expect(years.text).toContain('sum(s.devengados) - sum(s.deducciones) as total_neto');
    expect(years.text).toContain('having sum(s.aportes_lineas) > 0');
    expect(years.values).toEqual(['t', '2023-01-01', '2024-12-31', 2023, 2025, 10, 20]);
  });

  it('yearly: false reads every payslip of the range', () => {
    const { text, values } = conceptosAcumuladosSql({ ...base, fuente: 'aportes', sort: sort('nombreCompleto'), yearly: false });
    expect(text).not.toContain('vinculacion_acumulado_anual');
    expect(text).toContain('pe.aportes_devengados as devengados');
    expect(values).toEqual(['t', '2024-01-01', '2024-12-31', 10, 20]);
  });

  it('numeric order without filter: people joined only for the page', () => {
    const { text } = conceptosAcumuladosSql({ ...base, fuente: 'aportes', sort: sort('totalNeto', 'desc') });
    expect(beforePage(text)).not.toContain('join empleado e');
    expect(text).toContain('y.aportes_devengados as devengados, y.aportes_deducciones as deducciones, y.aportes_lineas');
  });

  it('order by salarioBase: ranks the considered payments once and probes one payslip per bond', () => {
    const { text } = conceptosAcumuladosSql({ ...base, fuente: 'generica', sort: sort('salarioBase', 'desc') });
    expect(beforePage(text)).toContain('pago_rango');
    expect(beforePage(text)).toContain('ps.pago_id = u.pago_id');
    expect(beforePage(text)).toContain('y.ultimo_pago_id');
  });

  it('a filter is bound as a parameter and narrows the rows before the count', () => {
    const { text, values } = conceptosAcumuladosSql({ ...base, fuente: 'generica', filter: "50%_o'; drop", sort: sort('totalNeto') });
    expect(values).toEqual(['t', '2024-01-01', '2024-12-31', 2024, 2025, "50%_o'; drop", 10, 20]);
    expect(beforePage(text)).toContain("e.nombre_fold like ('%' || replace(replace(replace(app_fold($6::text)");
    expect(text).not.toContain('drop');
    expect(text).toContain('limit $7 offset $8');
  });

  it('ends every order with the bond uuid', () => {
    const { text } = conceptosAcumuladosSql({ ...base, fuente: 'generica', sort: sort('id', 'desc') });
    expect(text).toContain('order by identificacion_fold desc, identificacion collate "C" desc, vinculacion_id asc');
  });
});

describe('conceptosAcumuladosWholeSql', () => {
  const { offset: _offset, size: _size, ...whole } = base;
  /** The select list of the outer statement (the wire names), without the page form's count. */
  const outputColumns = (text: string) => text.slice(text.indexOf('p.vinculacion_id as'), text.indexOf('\n  from ('));

  it.each([
    ['nombreCompleto', undefined, 'generica'],
    ['totalNeto', undefined, 'aportes'],
    ['salarioBase', undefined, 'generica'],
    ['id', 'perez', 'aportes'],
    ['totalDevengados', 'perez', 'generica'],
  ] as const)("order %s, filter %s, %s: the page statement's rows and order, without page or count", (field, filter, fuente) => {
    const input = { fuente, filter, sort: sort(field, 'desc') };
    const paged = conceptosAcumuladosSql({ ...base, ...input });
    const { text, values } = conceptosAcumuladosWholeSql({ ...whole, ...input });
    expect(values).toEqual(paged.values.slice(0, -2));
    expect(text).not.toMatch(/limit \$|offset \$|count\(\*\)|\btotal\b/);
    expect(text.slice(0, text.indexOf('\nselect'))).toBe(paged.text.slice(0, paged.text.indexOf('\nselect')));
    expect(outputColumns(text)).toBe(outputColumns(paged.text));
    expect(text.trimEnd().split('\n').at(-1)).toBe(paged.text.trimEnd().split('\n').at(-1));
  });

  it('joins the people once, before or after the order as the page statement does', () => {
    for (const field of ['nombreCompleto', 'totalNeto']) {
      const { text } = conceptosAcumuladosWholeSql({ ...whole, fuente: 'generica', sort: sort(field) });
      expect(text.match(/join empleado e/g)).toHaveLength(1);
    }
  });
});

describe('splitAtYears', () => {
  it.each([
    ['2024-01-01', '2024-12-31', { years: { desde: 2024, hasta: 2025 }, days: [] }],
    ['2016-01-01', '2025-12-31', { years: { desde: 2016, hasta: 2026 }, days: [] }],
    [
      '2023-12-31',
      '2025-01-01',
      {
        years: { desde: 2024, hasta: 2025 },
        days: [
          { desde: '2023-12-31', hasta: '2023-12-31' },
          { desde: '2025-01-01', hasta: '2025-01-01' },
        ],
      },
    ],
    ['2024-03-05', '2026-12-31', { years: { desde: 2025, hasta: 2027 }, days: [{ desde: '2024-03-05', hasta: '2024-12-31' }] }],
    ['2024-01-01', '2024-12-30', { days: [{ desde: '2024-01-01', hasta: '2024-12-30' }] }],
    ['2024-01-02', '2025-12-30', { days: [{ desde: '2024-01-02', hasta: '2025-12-30' }] }],
    ['2024-07-01', '2024-07-01', { days: [{ desde: '2024-07-01', hasta: '2024-07-01' }] }],
    ['0001-01-01', '9999-12-31', { years: { desde: 1, hasta: 10000 }, days: [] }],
    [
      '0099-06-01',
      '0101-02-03',
      {
        years: { desde: 100, hasta: 101 },
        days: [
          { desde: '0099-06-01', hasta: '0099-12-31' },
          { desde: '0101-01-01', hasta: '0101-02-03' },
        ],
      },
    ],
  ])('%s..%s', (desde, hasta, parts) => {
    expect(splitAtYears(desde, hasta)).toEqual(parts);
  });
});

import type { SortKey } from '../../http/list-params';
import { conceptosAcumuladosSql } from './conceptos-acumulados.sql';

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
    expect(text).toContain('sum(pe.total_devengados) - sum(pe.total_deducciones) as total_neto');
    expect(values).toEqual(['t', '2024-01-01', '2024-12-31', 10, 20]);
  });

  it('numeric order without filter: people joined only for the page', () => {
    const { text } = conceptosAcumuladosSql({ ...base, fuente: 'aportes', sort: sort('totalNeto', 'desc') });
    expect(beforePage(text)).not.toContain('join empleado e');
    expect(text).toContain('having sum(pe.aportes_lineas) > 0');
    expect(text).toContain('sum(pe.aportes_devengados) - sum(pe.aportes_deducciones) as total_neto');
  });

  it('order by salarioBase: ranks the considered payments once and probes one payslip per bond', () => {
    const { text } = conceptosAcumuladosSql({ ...base, fuente: 'generica', sort: sort('salarioBase', 'desc') });
    expect(beforePage(text)).toContain('pago_rango');
    expect(beforePage(text)).toContain('ps.pago_id = u.pago_id');
  });

  it('a filter is bound as a parameter and narrows the rows before the count', () => {
    const { text, values } = conceptosAcumuladosSql({ ...base, fuente: 'generica', filter: "50%_o'; drop", sort: sort('totalNeto') });
    expect(values).toEqual(['t', '2024-01-01', '2024-12-31', "50%_o'; drop", 10, 20]);
    expect(beforePage(text)).toContain("e.nombre_fold like ('%' || replace(replace(replace(app_fold($4::text)");
    expect(text).not.toContain('drop');
    expect(text).toContain('limit $5 offset $6');
  });

  it('ends every order with the bond uuid', () => {
    const { text } = conceptosAcumuladosSql({ ...base, fuente: 'generica', sort: sort('id', 'desc') });
    expect(text).toContain('order by identificacion_fold desc, identificacion collate "C" desc, vinculacion_id asc');
  });
});

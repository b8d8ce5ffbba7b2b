import { DomainError } from '../errors/domain-error';
import { exportFile, exportFileName, bogotaDate } from './export-file';
import { exportColumns } from './export-column';
import { resolveExportFormat, tryResolveExportFormat } from './export-format';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('resolveExportFormat', () => {
  it.each(['json', 'csv', 'xlsx'])('format=%s wins over Accept', (f) => {
    expect(resolveExportFormat(f, 'text/csv')).toBe(f);
  });

  it.each([
    ['nothing', undefined, 'json'],
    ['*/*', '*/*', 'json'],
    ['text/*', 'text/*', 'json'],
    ['text/csv', 'text/csv', 'csv'],
    ['the XLSX type', XLSX_TYPE, 'xlsx'],
    ['case and spaces', ' TEXT/CSV ; charset=utf-8', 'csv'],
    ['JSON preferred by q', 'text/csv;q=0.5, application/json', 'json'],
    ['CSV preferred by q', 'application/json;q=0.5, text/csv', 'csv'],
    ['a tie goes to the export type', 'application/json, text/csv', 'csv'],
    ['the better export type', `text/csv;q=0.4, ${XLSX_TYPE};q=0.8`, 'xlsx'],
    ['q=0 refuses', 'text/csv;q=0', 'json'],
    ['a q that is no number', 'text/csv;q=abc', 'json'],
    ['an empty header', '', 'json'],
    ['JSON preferred, both with q', 'text/csv;q=0.5, application/json;q=0.9', 'json'],
    ['a browser', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'json'],
  ])('Accept: %s', (_c, accept, expected) => {
    expect(resolveExportFormat(undefined, accept)).toBe(expected);
  });

  it.each([['pdf'], ['CSV'], [''], [['csv', 'xlsx']]])('format=%p → 400 FORMATO_INVALIDO listing the accepted values', (value) => {
    let error: unknown;
    try {
      resolveExportFormat(value, undefined);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({
      status: 400,
      code: 'FORMATO_INVALIDO',
      errors: [{ field: 'format', message: expect.stringContaining('json, csv, xlsx') }],
    });
    expect(tryResolveExportFormat(value, undefined)).toBeUndefined();
  });
});

describe('export files', () => {
  it('names say what the file holds, without characters file systems rewrite', () => {
    expect(exportFileName('pagos', '2026-11-24')).toBe('pagos-2026-11-24');
    expect(exportFileName('reporte-utilidad', '2024-03-01T00:00:00.000Z', '2024-03-31T23:59:59.999Z')).toBe(
      'reporte-utilidad-2024-03-01T000000.000Z-2024-03-31T235959.999Z',
    );
    expect(exportFileName('pagoEmpleadoDetalles', 'a/b c"d')).toBe('pagoEmpleadoDetalles-a-b-c-d');
  });

  it('the request date is the day in Bogotá (UTC-5)', () => {
    expect(bogotaDate(new Date('2026-11-25T04:59:59Z'))).toBe('2026-11-24');
    expect(bogotaDate(new Date('2026-11-25T05:00:00Z'))).toBe('2026-11-25');
  });

  it.each([
    ['csv', 'text/csv; charset=utf-8'],
    ['xlsx', XLSX_TYPE],
  ] as const)('%s: media type and attachment with the extension', (format, type) => {
    const file = exportFile(format, { resource: 'pagos', columns: exportColumns({ a: 'text' }), rows: [], fileName: 'pagos-2026-11-24' });
    expect(file.getHeaders()).toMatchObject({ type, disposition: `attachment; filename="pagos-2026-11-24.${format}"` });
    file.getStream().destroy();
  });
});

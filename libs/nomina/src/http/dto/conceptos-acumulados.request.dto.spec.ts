import { DomainError } from '@nomina-api/platform/errors';
import { isCalendarDate, parseConceptosAcumuladosParams } from './conceptos-acumulados.request.dto';

function problems(fn: () => unknown): { field: string; message: string }[] {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    expect((e as DomainError).status).toBe(400);
    return (e as DomainError).errors ?? [];
  }
  throw new Error('expected a validation error');
}

describe('isCalendarDate', () => {
  it.each(['2024-01-01', '2024-02-29', '2000-02-29', '1999-12-31', '0001-01-01', '9999-12-31'])('accepts %s', (d) => {
    expect(isCalendarDate(d)).toBe(true);
  });
  it.each([
    '2023-02-29',
    '1900-02-29',
    '2024-04-31',
    '2024-00-10',
    '2024-13-01',
    '2024-01-00',
    '0000-01-01',
    '2024-1-01',
    '20240101',
    '2024-01-01T00:00',
    ' 2024-01-01',
    '',
  ])('rejects %j', (d) => {
    expect(isCalendarDate(d)).toBe(false);
  });
});

describe('parseConceptosAcumuladosParams', () => {
  it('returns the dates and the source flag (case-insensitive)', () => {
    expect(parseConceptosAcumuladosParams('2024-01-01', '2024-12-31', 'TRUE')).toEqual({
      fechaDesde: '2024-01-01',
      fechaHasta: '2024-12-31',
      paraAportes: true,
    });
    expect(parseConceptosAcumuladosParams('2024-05-05', '2024-05-05', 'False').paraAportes).toBe(false);
  });

  it('rejects a reversed range on fechaDesde, with the accepted form', () => {
    expect(problems(() => parseConceptosAcumuladosParams('2024-02-01', '2024-01-31', 'false'))).toEqual([
      { field: 'fechaDesde', message: expect.stringContaining('anterior o igual a fechaHasta') },
    ]);
  });

  it('lists every bad parameter, each with an example', () => {
    const errors = problems(() => parseConceptosAcumuladosParams('2024-02-30', 'mañana', 'si'));
    expect(errors.map((e) => e.field)).toEqual(['fechaDesde', 'fechaHasta', 'isDetalleParaAportes']);
    for (const e of errors) expect(e.message).toMatch(/p\. ej\./);
  });
});

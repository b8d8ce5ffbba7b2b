import { exportColumns, columnsFromLegacySchema, columnGetter } from './export-column';
import { isoDate, isoDateSerial, isoTimestamp, plainDecimal, uuidText } from './export-values';

describe('plainDecimal (never Java notation)', () => {
  it.each([
    ['decimal text kept exactly, scale included', '18404777.00', '18404777.00'],
    ['negative decimal text', '-50.56', '-50.56'],
    ['integer text', '36', '36'],
    ['Java notation text expanded', '1.8404777E7', '18404777'],
    ['Java small notation expanded', '5.0E-4', '0.00050'],
    ['negative exponent text', '-1.5E-3', '-0.0015'],
    ['exponent that only moves the point', '1.2345E2', '123.45'],
  ])('%s', (_c, input, expected) => {
    expect(plainDecimal(input, 'x')).toBe(expected);
  });

  it.each([
    [18404777, '18404777'],
    [2263787.78, '2263787.78'],
    [0.0005, '0.0005'],
    [5e-7, '0.0000005'],
    [1.5e21, '1500000000000000000000'],
    [-0, '0'],
    [-12.5, '-12.5'],
  ])('number %p → %s', (input, expected) => {
    expect(plainDecimal(input, 'x')).toBe(expected);
  });

  it('bigint as digits', () => {
    expect(plainDecimal(12345678901234567890n, 'x')).toBe('12345678901234567890');
  });

  it.each([[NaN], [Infinity], ['1,5'], ['abc'], [true], [{}]])('rejects %p naming the column', (v) => {
    expect(() => plainDecimal(v, 'totalNeto')).toThrow(/totalNeto/);
  });
});

describe('dates, timestamps, uuids', () => {
  it('dates are yyyy-MM-dd from text or a Date (its UTC day)', () => {
    expect(isoDate('2024-02-29', 'f')).toBe('2024-02-29');
    expect(isoDate(new Date('2024-02-29T23:00:00Z'), 'f')).toBe('2024-02-29');
    expect(() => isoDate('29/02/2024', 'fechaPago')).toThrow(/fechaPago/);
  });

  it('timestamps are ISO-8601 UTC with milliseconds', () => {
    expect(isoTimestamp('2024-03-01 08:15:00-05', 't')).toBe('2024-03-01T13:15:00.000Z');
    expect(isoTimestamp(new Date(Date.UTC(2024, 0, 31, 12)), 't')).toBe('2024-01-31T12:00:00.000Z');
  });

  it('uuids as in JSON: 32 uppercase hex digits', () => {
    expect(uuidText('c0ffee00-0000-4000-8000-000000000002', 'u')).toBe('C0FFEE00000040008000000000000002');
  });

  it('date serials count days from 1899-12-30', () => {
    expect(isoDateSerial('1900-03-01')).toBe(61);
    expect(isoDateSerial('2024-02-29')).toBe(45351);
  });
});

describe('columns', () => {
  it('flattens nested layouts with dots, in field order', () => {
    expect(exportColumns({ uuid: 'uuid', grupoPago: { codigo: 'text', nombre: 'text' }, total: 'number' })).toEqual([
      { name: 'uuid', kind: 'uuid' },
      { name: 'grupoPago.codigo', kind: 'text' },
      { name: 'grupoPago.nombre', kind: 'text' },
      { name: 'total', kind: 'number' },
    ]);
  });

  it('derives the columns from a legacy JSON schema', () => {
    const columns = columnsFromLegacySchema({
      uuid: 'uuid',
      ano: 'int',
      fechaPago: 'date',
      totalNeto: 'double',
      definitivo: 'bool',
      creado: 'instant?',
      grupoPago: { nullable: { uuid: 'uuid', codigo: 'string' } },
    });
    expect(columns).toEqual([
      { name: 'uuid', kind: 'uuid' },
      { name: 'ano', kind: 'number' },
      { name: 'fechaPago', kind: 'date' },
      { name: 'totalNeto', kind: 'number' },
      { name: 'definitivo', kind: 'boolean' },
      { name: 'creado', kind: 'timestamp' },
      { name: 'grupoPago.uuid', kind: 'uuid' },
      { name: 'grupoPago.codigo', kind: 'text' },
    ]);
    expect(() => columnsFromLegacySchema({ lineas: { arrayOf: 'string' } })).toThrow(/lineas/);
  });

  it('reads nested values; a null parent gives null', () => {
    const get = columnGetter('grupoPago.codigo');
    expect(get({ grupoPago: { codigo: 'ADM' } })).toBe('ADM');
    expect(get({ grupoPago: null })).toBeNull();
  });
});

import { instantProblemMessage, isOrderedRange, isUtcMillisInstant } from './report-utility.params';

describe('isUtcMillisInstant', () => {
  it.each([
    '2024-03-01T00:00:00.000Z',
    '2024-03-31T23:59:59.999Z',
    '2024-02-29T12:00:00.000Z', // leap year
    '2000-02-29T00:00:00.000Z', // divisible by 400
    '0001-01-01T00:00:00.000Z',
    '9999-12-31T23:59:59.999Z',
    '2024-04-30T00:00:00.000Z',
  ])('accepts %s', (value) => {
    expect(isUtcMillisInstant(value)).toBe(true);
  });

  it.each([
    ['date only', '2024-01-01'],
    ['no milliseconds', '2024-01-01T00:00:00Z'],
    ['two-digit milliseconds', '2024-01-01T00:00:00.00Z'],
    ['microseconds', '2024-01-01T00:00:00.000000Z'],
    ['offset', '2024-01-01T00:00:00.000+00:00'],
    ['no zone', '2024-01-01T00:00:00.000'],
    ['lowercase t', '2024-01-01t00:00:00.000Z'],
    ['lowercase z', '2024-01-01T00:00:00.000z'],
    ['space separator', '2024-01-01 00:00:00.000Z'],
    ['February 30th', '2024-02-30T00:00:00.000Z'],
    ['February 29th, common year', '2023-02-29T00:00:00.000Z'],
    ['February 29th, 1900', '1900-02-29T00:00:00.000Z'],
    ['April 31st', '2024-04-31T00:00:00.000Z'],
    ['day 0', '2024-01-00T00:00:00.000Z'],
    ['month 0', '2024-00-10T00:00:00.000Z'],
    ['month 13', '2024-13-01T00:00:00.000Z'],
    ['hour 24', '2024-01-01T24:00:00.000Z'],
    ['minute 60', '2024-01-01T00:60:00.000Z'],
    ['leap second', '2024-06-30T23:59:60.000Z'],
    ['year 0', '0000-01-01T00:00:00.000Z'],
    ['five-digit year', '10000-01-01T00:00:00.000Z'],
    ['surrounding space', ' 2024-01-01T00:00:00.000Z'],
    ['trailing newline', '2024-01-01T00:00:00.000Z\n'],
    ['full-width digits', '２０２４-01-01T00:00:00.000Z'],
  ])('rejects %s', (_case, value) => {
    expect(isUtcMillisInstant(value)).toBe(false);
  });

  it('rejects what is not a string (a repeated parameter arrives as an array)', () => {
    for (const value of [undefined, null, 20240101, ['2024-01-01T00:00:00.000Z'], {}]) expect(isUtcMillisInstant(value)).toBe(false);
  });
});

describe('isOrderedRange', () => {
  it('compares instants of the fixed shape as text, at millisecond precision', () => {
    expect(isOrderedRange('2024-03-01T00:00:00.000Z', '2024-03-01T00:00:00.000Z')).toBe(true);
    expect(isOrderedRange('2024-03-01T00:00:00.000Z', '2024-03-01T00:00:00.001Z')).toBe(true);
    expect(isOrderedRange('2024-03-01T00:00:00.001Z', '2024-03-01T00:00:00.000Z')).toBe(false);
    expect(isOrderedRange('2023-12-31T23:59:59.999Z', '2024-01-01T00:00:00.000Z')).toBe(true);
  });
});

describe('instantProblemMessage', () => {
  it('names the accepted form and gives an example', () => {
    expect(instantProblemMessage('2024-03-01T00:00:00.000Z')).toBe(
      'Debe ser una fecha y hora UTC con milisegundos, exactamente yyyy-MM-ddTHH:mm:ss.SSSZ, p. ej. 2024-03-01T00:00:00.000Z.',
    );
  });
});

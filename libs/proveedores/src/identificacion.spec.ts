import { normalizeIdentificacion } from './identificacion';

describe('normalizeIdentificacion', () => {
  it.each([
    ['900123456', '900123456'],
    ['900.123.456-7', '900123456'],
    [' 900 123 456 ', '900123456'],
    ['900 123 456 - 7', '900123456'],
    ['900123456-0', '900123456'],
    ['79', '79'],
    ['a12', 'A12'],
    ['nit.a12-3', 'NITA12'],
    ['12345678901234567890', '12345678901234567890'],
    ['1234567890123456789.0-1', '12345678901234567890'],
  ])('%j → %j', (raw, expected) => {
    expect(normalizeIdentificacion(raw)).toBe(expected);
  });

  it.each([
    ['', 'empty'],
    ['  ', 'only spaces'],
    ['...', 'only dots'],
    ['-7', 'only a check digit'],
    ['123456789012345678901', 'longer than 20'],
    ['900-12', 'a hyphen that is not a check digit'],
    ['900123456-7-8', 'two check digits'],
    ['900123456-K', 'a letter as check digit'],
    ['9001_23', 'an underscore'],
    ['Ñandú1', 'letters outside A-Z'],
    ['1/2', 'a slash'],
  ])('%j (%s) → undefined', (raw) => {
    expect(normalizeIdentificacion(raw)).toBeUndefined();
  });
});

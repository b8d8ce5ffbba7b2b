import { DomainError } from '@nomina-api/platform/errors';
import { parseNominaElectronicaParams } from './nomina-electronica.request.dto';

function fields(fn: () => unknown): string[] {
  try {
    fn();
  } catch (e) {
    expect((e as DomainError).status).toBe(400);
    return ((e as DomainError).errors ?? []).map((p) => p.field);
  }
  throw new Error('expected a validation error');
}

describe('parseNominaElectronicaParams', () => {
  it('accepts integers in range, with leading zeros', () => {
    expect(parseNominaElectronicaParams('2024', '03')).toEqual({ ano: 2024, mes: 3 });
    expect(parseNominaElectronicaParams('1900', '1')).toEqual({ ano: 1900, mes: 1 });
    expect(parseNominaElectronicaParams('2100', '12')).toEqual({ ano: 2100, mes: 12 });
  });

  it.each([
    ['1899', '1', ['ano']],
    ['2101', '1', ['ano']],
    ['2024.0', '1', ['ano']],
    ['+2024', '1', ['ano']],
    ['2e3', '1', ['ano']],
    ['2024', '0', ['mes']],
    ['2024', '13', ['mes']],
    ['2024', ' 3', ['mes']],
    ['x', 'y', ['ano', 'mes']],
  ])('rejects ano=%j mes=%j', (ano, mes, expected) => {
    expect(fields(() => parseNominaElectronicaParams(ano, mes))).toEqual(expected);
  });
});

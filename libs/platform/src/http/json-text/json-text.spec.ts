import { decimalJson, textJson } from './json-text';

describe('decimalJson and textJson: JSON.stringify of Number(text) and of text, without the detours', () => {
  const edgeNumbers = [
    '0',
    '-0',
    '0.0',
    '-0.00',
    '00',
    '-00.5',
    '0.5',
    '-0.5',
    '5',
    '-5',
    '5.',
    '.5',
    '+5',
    ' 5',
    '5 ',
    '',
    '-',
    '.',
    '1e3',
    '1E-7',
    '-1e+21',
    '0x10',
    'NaN',
    'Infinity',
    '-Infinity',
    '12.500',
    '12.0',
    '100',
    '1000000.000',
    '0.000001',
    '0.0000001',
    '-0.000001',
    '0.00000100',
    '123456789012345',
    '1234567890123456',
    '999999999999999.9',
    '99999999999999.9',
    '0.123456789012345',
    '0.1234567890123456',
    '0.000001234567890123',
    '123456789012345678901',
    '1000000000000000000000',
    '900719925474099.3',
    '12345678901234.5',
    '1.7976931348623157e308',
    '1e309',
    '0.1',
    '0.2',
    '0.30000000000000004',
    '٣',
    '1_000',
  ];
  it.each(edgeNumbers)('decimalJson(%j)', (s) => {
    expect(decimalJson(s)).toBe(JSON.stringify(Number(s)));
  });

  it('agrees on 20 000 random decimals of every width, scale and sign', () => {
    let seed = 42;
    const rand = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const digits = (k: number): string => Array.from({ length: k }, () => String(rand(10))).join('');
    for (let i = 0; i < 20_000; i++) {
      const intPart = rand(4) === 0 ? '0' : String(1 + rand(9)) + digits(rand(18));
      const frac = rand(3) === 0 ? '' : '.' + (rand(3) === 0 ? '0'.repeat(rand(9)) : '') + digits(1 + rand(12)) + '0'.repeat(rand(4));
      const s = (rand(3) === 0 ? '-' : '') + intPart + frac;
      expect([s, decimalJson(s)]).toEqual([s, JSON.stringify(Number(s))]);
    }
  });

  const edgeTexts = [
    '',
    'a',
    'Café',
    'ñandú',
    '"',
    '\\',
    '\n\r\t\b\f',
    '\u0000\u001f\u007f',
    '\u2028\u2029',
    '😀',
    '\ud83d',
    '\ude00x',
    'x\ud83d\ude00y',
    '</script>',
    "it's",
  ];
  it.each(edgeTexts)('textJson(%j)', (s) => {
    expect(textJson(s)).toBe(JSON.stringify(s));
  });
  it('textJson(null) is null', () => expect(textJson(null)).toBe('null'));
});

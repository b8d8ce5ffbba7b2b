import oracle from './__fixtures__/java-double-oracle.json';
import { formatJavaDouble, formatJavaDoubleDecimalString, formatJavaDoubleNumber } from './java-double';

function fromBits(hex: string): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setBigUint64(0, BigInt('0x' + hex));
  return view.getFloat64(0);
}

describe('formatJavaDouble: numbers (Java Double.toString, JDK 19+)', () => {
  it.each<[number, string]>([
    // zero and sign
    [0, '0.0'],
    [-0, '-0.0'],
    // plain range [1e-3, 1e7): at least one fractional digit
    [1, '1.0'],
    [-1, '-1.0'],
    [100, '100.0'],
    [1300000, '1300000.0'],
    [-52000.5, '-52000.5'],
    [1234567.5, '1234567.5'],
    [9999999.99, '9999999.99'],
    [9999999.999, '9999999.999'],
    [9999999.999999998, '9999999.999999998'], // largest double below 1e7 stays plain
    [0.001, '0.001'],
    [-0.001, '-0.001'],
    [0.5, '0.5'],
    [0.1 + 0.2, '0.30000000000000004'],
    // scientific from 1e7 up
    [1e7, '1.0E7'],
    [-1e7, '-1.0E7'],
    [18404777, '1.8404777E7'],
    [-250000000, '-2.5E8'],
    [123456789.12, '1.2345678912E8'],
    [2 ** 53, '9.007199254740992E15'],
    [1e21, '1.0E21'], // JS toString switches notation here; Java already did at 1e7
    [1e22, '1.0E22'],
    [1e23, '1.0E23'], // JDK 17 prints 9.999999999999999E22; JDK 19+ prints the shortest
    [2e23, '2.0E23'],
    [1e300, '1.0E300'],
    [Number.MAX_VALUE, '1.7976931348623157E308'],
    // scientific below 1e-3
    [0.0001, '1.0E-4'],
    [0.0005, '5.0E-4'],
    [-0.0001, '-1.0E-4'],
    [0.00099, '9.9E-4'],
    [0.0009999999999999998, '9.999999999999998E-4'], // largest double below 0.001
    [1.2345e-5, '1.2345E-5'],
    [1.5e-7, '1.5E-7'], // JS toString switches notation below 1e-6
    [1e-300, '1.0E-300'],
    [2.2250738585072014e-308, '2.2250738585072014E-308'],
    // subnormals where Java considers 2-digit decimals and JS does not
    [5e-324, '4.9E-324'],
    [-5e-324, '-4.9E-324'],
    [1e-323, '9.9E-324'],
    [1.5e-323, '1.5E-323'],
  ])('%p -> %s', (input, expected) => {
    expect(formatJavaDouble(input)).toBe(expected);
    expect(formatJavaDoubleNumber(input)).toBe(expected);
  });

  it.each([NaN, Infinity, -Infinity])('%p throws (never occurs in payroll data)', (v) => {
    expect(() => formatJavaDouble(v)).toThrow(RangeError);
  });
});

describe('formatJavaDouble: decimal strings (pg numeric) = format(Number(str))', () => {
  it.each<[string, string]>([
    ['0', '0.0'],
    ['0.00', '0.0'],
    ['-0.00', '-0.0'], // Number('-0.00') is -0
    ['1', '1.0'],
    ['1300000.50', '1300000.5'],
    ['1300000.00', '1300000.0'],
    ['1300000', '1300000.0'],
    ['-52000.50', '-52000.5'],
    ['9999999.99', '9999999.99'],
    ['9999999.999', '9999999.999'],
    ['10000000.00', '1.0E7'],
    ['18404777.00', '1.8404777E7'],
    ['-250000000', '-2.5E8'],
    ['123456789.12', '1.2345678912E8'],
    ['-0.50', '-0.5'],
    ['0.50', '0.5'],
    ['0.001', '0.001'],
    ['0.0010', '0.001'],
    ['0.00099', '9.9E-4'],
    ['0.0005', '5.0E-4'],
    ['-0.0001', '-1.0E-4'],
    ['0.0000012345', '1.2345E-6'],
    ['1000000000000000000000', '1.0E21'],
    ['123456789012345', '1.23456789012345E14'], // 15 digits: the fast path keeps them
    ['1234567890123456789', '1.2345678901234568E18'], // > 15 digits: the nearest double's digits
    ['0.30000000000000004', '0.30000000000000004'],
    ['0.1000000000000000055511151231257827', '0.1'],
    // unusual but valid spellings behave like Number()
    ['007.50', '7.5'],
    ['-007', '-7.0'],
    ['.5', '0.5'],
    ['-.5', '-0.5'],
    ['5.', '5.0'],
    ['00.001', '0.001'],
    ['+12.5', '12.5'],
    ['1e5', '100000.0'],
    ['1.5E-7', '1.5E-7'],
    ['4.9e-324', '4.9E-324'],
  ])('%p -> %s', (input, expected) => {
    expect(formatJavaDouble(input)).toBe(expected);
    expect(formatJavaDoubleDecimalString(input)).toBe(expected);
  });

  it.each(['', '-', '.', ' 1', '1 ', '1,5', '0x10', 'NaN', 'Infinity', '-Infinity', '1e', '1.2.3', '١٢'])('%p is rejected', (input) => {
    expect(() => formatJavaDouble(input)).toThrow(TypeError);
  });

  it('rejects decimals outside the double range', () => {
    expect(() => formatJavaDouble('1' + '0'.repeat(400))).toThrow(RangeError);
  });

  it('agrees with format(Number(str)) on random decimal spellings', () => {
    let seed = 7;
    const rand = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    const digits = (n: number) => Array.from({ length: n }, () => Math.floor(rand() * 10)).join('');
    for (let i = 0; i < 3000; i++) {
      let s = (rand() < 0.2 ? '0'.repeat(1 + Math.floor(rand() * 3)) : '') + digits(Math.floor(rand() * 20));
      if (rand() < 0.7) s += '.' + digits(Math.floor(rand() * 20));
      if (s === '' || s === '.') s = '0';
      if (rand() < 0.3) s = '-' + s;
      expect([s, formatJavaDouble(s)]).toEqual([s, formatJavaDoubleNumber(Number(s))]);
    }
  });
});

describe('formatJavaDouble against a JDK 19+ algorithm oracle', () => {
  // Expected strings come from Schubfach (the JDK 19+ Double.toString algorithm) as shipped in
  // jackson-core; see __fixtures__/JavaDoubleOracle.java.
  const cases = oracle as [string, string][];

  it('has a meaningful number of cases', () => {
    expect(cases.length).toBeGreaterThan(2500);
  });

  it('matches every oracle case', () => {
    const mismatches = cases.filter(([input, expected]) => {
      const value = input.startsWith('b:') ? fromBits(input.slice(2)) : input.slice(2);
      return formatJavaDouble(value) !== expected;
    });
    expect(mismatches).toEqual([]);
  });
});

describe('formatJavaDouble against the algorithm definition (random doubles)', () => {
  // Independent restatement of the spec: shortest round-trip digits (toExponential()), Java layout.
  function javaLayout(v: number): { plain: boolean; digits: string; exponent: number } {
    const [mantissa, exp] = Math.abs(v).toExponential().split('e');
    const exponent = Number(exp);
    return { plain: exponent >= -3 && exponent < 7, digits: mantissa.replace('.', ''), exponent };
  }

  function parseJava(out: string): { plain: boolean; digits: string; exponent: number } {
    const unsigned = out.replace(/^-/, '');
    const sci = /^(\d)\.(\d+)E(-?[1-9]\d*|0)$/.exec(unsigned);
    if (sci !== null) {
      return { plain: false, digits: (sci[1] + sci[2]).replace(/(?<=.)0+$/, ''), exponent: Number(sci[3]) };
    }
    const plain = /^(\d+)\.(\d+)$/.exec(unsigned);
    if (plain === null) throw new Error(`not a Java double layout: ${out}`);
    const all = (plain[1] + plain[2]).replace(/^0+/, '');
    const exponent = plain[1] === '0' ? -(plain[2].length - plain[2].replace(/^0+/, '').length) - 1 : plain[1].length - 1;
    return { plain: true, digits: all.replace(/(?<=.)0+$/, ''), exponent };
  }

  function randomDoubles(n: number): number[] {
    let seed = 12345;
    const rand = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
    const view = new DataView(new ArrayBuffer(8));
    const out: number[] = [];
    while (out.length < n) {
      if (out.length % 2 === 0) {
        view.setUint32(0, Math.floor(rand() * 2 ** 32));
        view.setUint32(4, Math.floor(rand() * 2 ** 32));
        const v = view.getFloat64(0);
        if (Number.isFinite(v) && Math.abs(v) >= 2.2250738585072014e-308) out.push(v);
      } else {
        // amounts around the 1e-3 and 1e7 boundaries
        out.push((rand() < 0.5 ? -1 : 1) * rand() * 10 ** Math.floor(rand() * 14 - 6));
      }
    }
    return out;
  }

  it('round-trips, uses the shortest digits and the right layout for 1000 random doubles', () => {
    for (const v of randomDoubles(1000)) {
      const out = formatJavaDouble(v);
      expect([v, Number(out)]).toEqual([v, v]); // Java's layout is valid JS number syntax
      expect([v, parseJava(out)]).toEqual([v, javaLayout(v)]);
      expect(out.startsWith('-')).toBe(v < 0);
    }
  });
});

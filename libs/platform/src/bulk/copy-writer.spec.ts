import { copyField, copyRow, copyText } from './copy-writer';
import { ImportError } from './import-error';

describe('COPY text encoding', () => {
  it('escapes backslash, tab, newline and carriage return', () => {
    expect(copyText('a\\b\tc\nd\re')).toBe('a\\\\b\\tc\\nd\\re');
    expect(copyText('\\N')).toBe('\\\\N');
    expect(copyText('Ñandú "x" ;,|')).toBe('Ñandú "x" ;,|');
  });

  it('writes null as \\N, booleans as t/f and numbers as JavaScript prints them', () => {
    expect([null, undefined, true, false, 0, -52000.5, 0.0005].map(copyField)).toEqual(['\\N', '\\N', 't', 'f', '0', '-52000.5', '0.0005']);
  });

  it('joins a row with tabs and ends it with a newline', () => {
    expect(copyRow(['a\tb', null, 3])).toBe('a\\tb\t\\N\t3\n');
  });

  it('refuses NUL, which PostgreSQL text cannot hold', () => {
    expect(() => copyText('a\u0000b')).toThrow(ImportError);
  });
});

import { findJsonSyntaxError, findLoneSurrogate, findNulTexts } from './json-syntax';

describe('findJsonSyntaxError', () => {
  it.each(['{}', '[]', ' {"a": [1, -2.5e3, true, false, null, "x\\n\\u00e9"], "b": {"c": {}}} ', '[[[[[[]]]]]]'])(
    'accepts valid JSON %s',
    (text) => {
      expect(() => JSON.parse(text)).not.toThrow();
      expect(findJsonSyntaxError(text)).toBeUndefined();
    },
  );

  it.each([
    ['{"a": 1,}', 1, 9, 'nombre de propiedad'],
    ['{\n  "a": 1\n  "b": 2\n}', 3, 3, '"," o "}"'],
    ['{"a": tru}', 1, 7, 'un valor'],
    ['[1, 2', 1, 6, 'fin del archivo inesperado'],
    ['{"a": "x\ny"}', 1, 9, 'carácter de control'],
    ['{"a": 01}', 1, 7, 'número inválido'],
    ['{"a": 1} x', 1, 10, 'después del final'],
    ['', 1, 1, 'fin del archivo inesperado'],
    ['{"a": "sin cerrar}', 1, 19, 'falta la comilla doble final'],
  ])('locates the error in %j', (text, line, column, reason) => {
    expect(() => JSON.parse(text)).toThrow();
    expect(findJsonSyntaxError(text)).toMatchObject({ line, column, reason: expect.stringContaining(reason) });
  });

  it('handles deep nesting without recursion', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(99_999);
    expect(findJsonSyntaxError(deep)).toMatchObject({ line: 1, column: 200_000, reason: expect.stringContaining('fin del archivo') });
  });
});

describe('findLoneSurrogate', () => {
  it('finds a lone high or low surrogate in a value or a property name, by its JSON path', () => {
    expect(findLoneSurrogate(JSON.parse('{"a":[{"b":"ok"},{"b":"x\\ud800"}]}'))).toBe('$.a[1].b');
    expect(findLoneSurrogate(JSON.parse('{"a":"\\udc00"}'))).toBe('$.a');
    expect(findLoneSurrogate(JSON.parse('{"a":"\\ud83dA"}'))).toBe('$.a');
    expect(findLoneSurrogate(JSON.parse('{"a":"\\udc00\\ud83d"}'))).toBe('$.a');
    expect(findLoneSurrogate(JSON.parse('{"x\\ud800":1}'))).toBe('$["x\\ud800"]');
  });

  it('reports the first in document order and accepts paired surrogates', () => {
    expect(findLoneSurrogate(JSON.parse('{"a":"\\ud800","b":"\\udc00"}'))).toBe('$.a');
    expect(findLoneSurrogate(JSON.parse('{"a":"\\ud83d\\ude00 ñ","b":[1,null,true]}'))).toBeUndefined();
  });

  it('handles deep nesting without recursion', () => {
    expect(findLoneSurrogate(JSON.parse(`${'['.repeat(100_000)}"\\ud800"${']'.repeat(100_000)}`))).toMatch(/^\$(\[0\]){100000}$/);
  });
});

describe('findNulTexts', () => {
  it('finds every text holding U+0000, values and property names, in document order', () => {
    const data = JSON.parse('{"a":"x\\u0000","b":[{"c":"ok"},{"\\u0000k":"y\\u0000"}],"d":"\\\\u0000 is text, not NUL"}');
    expect(findNulTexts(data)).toEqual(['$.a', '$.b[1]["\\u0000k"]', '$.b[1]["\\u0000k"]']);
    expect(findNulTexts(data, 1)).toEqual(['$.a']);
    expect(findNulTexts({ a: 'ñ', b: [1, null, true] })).toEqual([]);
  });
});

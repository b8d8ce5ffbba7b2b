import fc from 'fast-check';
import { findJsonSyntaxError } from '../json-syntax';
import { JsonSplitter, JsonStreamError, type PathSegment } from './json-splitter';

/**
 * The splitter against JSON.parse, on random documents cut into random chunks: what it reports,
 * put back together, is what JSON.parse returns; it refuses exactly what JSON.parse refuses, at the
 * place findJsonSyntaxError names for the whole text (as the importer did before streaming).
 */

type Json = unknown;

/** Splits `bytes` at the given cut points and feeds them; returns the rebuilt document. */
function split(bytes: Buffer, cuts: number[], descend: (path: readonly PathSegment[], kind: '{' | '[') => boolean): Json {
  let root: Json;
  const containers: Json[] = [];
  // An own member even when it is named "__proto__" (fast-check generates such keys), as JSON.parse
  // makes it; an assignment would set the object's prototype instead.
  const put = (path: readonly PathSegment[], value: Json): void => {
    if (path.length === 0) root = value;
    else
      Object.defineProperty(containers[path.length - 1] as object, path[path.length - 1], {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  };
  const splitter = new JsonSplitter({
    descend,
    open: (path, kind) => {
      const c = kind === '{' ? {} : [];
      put(path, c);
      containers[path.length] = c;
    },
    value: put,
  });
  let from = 0;
  for (const at of [...cuts.map((c) => c % (bytes.length + 1)).sort((a, b) => a - b), bytes.length]) {
    splitter.write(bytes.subarray(from, at));
    from = at;
  }
  splitter.end();
  return root;
}

const everything = (): boolean => true;
const nothing = (): boolean => false;
/** Walks into the top two levels only, like the importer's spine. */
const topLevels = (path: readonly PathSegment[]): boolean => path.length < 2;

const documents = fc
  .tuple(fc.jsonValue({ maxDepth: 4 }), fc.constantFrom(undefined, 1, 2, '\t'))
  .map(([value, indent]) => JSON.stringify(value, null, indent))
  .filter((text) => text !== undefined);

/** A valid document with characters of JSON's syntax inserted, deleted or cut off. */
const damaged = fc
  .tuple(
    documents,
    fc.nat(),
    fc.constantFrom('', '{', '}', '[', ']', ',', ':', '"', '\\', 'x', '-', '0', ' ', '\u00e9', 'tru'),
    fc.boolean(),
  )
  .map(([text, at, insert, truncate]) => {
    const i = at % (text.length + 1);
    return truncate ? text.slice(0, i) : text.slice(0, i) + insert + text.slice(i + (insert ? 0 : 1));
  });

describe('JsonSplitter', () => {
  it('a member named "__proto__" is an own member, as JSON.parse makes it (a case fast-check found)', () => {
    const text = '{"__proto__":0,"a":{"__proto__":{"b":1}},"c":[{"__proto__":[]}]}';
    for (const descend of [everything, nothing, topLevels]) {
      const rebuilt = split(Buffer.from(text), [7, 30], descend) as Record<string, unknown>;
      expect(rebuilt).toEqual(JSON.parse(text));
      expect(Object.keys(rebuilt)).toEqual(['__proto__', 'a', 'c']);
    }
  });

  it('rebuilds what JSON.parse returns, whatever the chunking and the containers walked into', () => {
    fc.assert(
      fc.property(
        documents,
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.constantFrom(everything, nothing, topLevels),
        (text, cuts, descend) => {
          expect(split(Buffer.from(text), cuts, descend)).toEqual(JSON.parse(text));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses exactly what JSON.parse refuses, at the offset findJsonSyntaxError gives for the whole text', () => {
    fc.assert(
      fc.property(damaged, fc.array(fc.nat(), { maxLength: 4 }), fc.constantFrom(everything, nothing, topLevels), (text, cuts, descend) => {
        let valid = true;
        try {
          JSON.parse(text);
        } catch {
          valid = false;
        }
        const bytes = Buffer.from(text);
        if (valid) {
          expect(split(bytes, cuts, descend)).toEqual(JSON.parse(text));
          return;
        }
        const expected = findJsonSyntaxError(text)!;
        let thrown: unknown;
        try {
          split(bytes, cuts, descend);
        } catch (err) {
          thrown = err;
        }
        expect(thrown).toBeInstanceOf(JsonStreamError);
        const err = thrown as JsonStreamError;
        expect({ kind: err.kind, offset: err.offset, reason: err.reason }).toEqual({
          kind: 'syntax',
          offset: Buffer.byteLength(text.slice(0, expected.offset)),
          reason: expected.reason,
        });
      }),
      { numRuns: 1000 },
    );
  });

  it('locates invalid UTF-8 by byte offset, also across chunk boundaries', () => {
    const bytes = Buffer.concat([Buffer.from('{"a":"Pé'), Buffer.from([0xe9]), Buffer.from('rez"}')]);
    for (let cut = 0; cut <= bytes.length; cut++) {
      expect(() => split(bytes, [cut], everything)).toThrow(expect.objectContaining({ kind: 'utf8', offset: 9 }));
    }
    // A multibyte character cut by a chunk boundary is fine; one cut by the end of the file is not.
    const ok = Buffer.from('["Pérez €𝄞"]');
    for (let cut = 0; cut <= ok.length; cut++) expect(split(ok, [cut], nothing)).toEqual(['Pérez €𝄞']);
    expect(() => split(ok.subarray(0, 4), [], nothing)).toThrow(expect.objectContaining({ kind: 'utf8', offset: 3 }));
    // Overlong forms and UTF-16 surrogates written as UTF-8 are not UTF-8.
    expect(() => split(Buffer.from([0x22, 0xc0, 0xaf, 0x22]), [], nothing)).toThrow(expect.objectContaining({ kind: 'utf8', offset: 1 }));
    expect(() => split(Buffer.from([0x22, 0xed, 0xa0, 0x80, 0x22]), [], nothing)).toThrow(
      expect.objectContaining({ kind: 'utf8', offset: 1 }),
    );
  });

  it('refuses a lone surrogate escape with the JSON path of its text, in a value or a key, walked into or not', () => {
    const cases: [string, string][] = [
      ['{"a":[{"b":"ok"},{"b":"x\\ud800"}]}', '$.a[1].b'],
      ['{"a":"\\udc00"}', '$.a'],
      ['{"a":"\\ud83dA"}', '$.a'],
      ['{"x\\ud800":1}', '$["x\\ud800"]'],
    ];
    for (const [text, path] of cases) {
      for (const descend of [everything, nothing, topLevels]) {
        expect(() => split(Buffer.from(text), [], descend)).toThrow(expect.objectContaining({ kind: 'surrogate', reason: path }));
      }
    }
    expect(split(Buffer.from('{"a":"\\ud83d\\ude00","b":"\\\\ud800"}'), [], everything)).toEqual({ a: '😀', b: '\\ud800' });
  });

  it('skips a byte order mark at the start only', () => {
    expect(split(Buffer.from('\ufeff{"a":1}'), [1], everything)).toEqual({ a: 1 });
    expect(() => split(Buffer.from('[\ufeff1]'), [], everything)).toThrow(JsonStreamError);
  });
});

import {
  compileLegacyWriter,
  CompileOptions,
  envelopeChunkWriter,
  envelopeStreamWriter,
  envelopeWriter,
  LegacyField,
  LegacyInput,
  LegacyJsonError,
  legacySchema,
  quoteJsonString,
} from './index';

const MODES: CompileOptions['mode'][] = ['codegen', 'closures'];

/** JSON text written for one value of the given field kind. */
function token(field: LegacyField, value: unknown, mode: CompileOptions['mode'] = 'codegen'): string {
  const out = compileLegacyWriter({ v: field }, { mode })({ v: value } as never);
  expect(out.startsWith('{"v":') && out.endsWith('}')).toBe(true);
  return out.slice(5, -1);
}

describe.each(MODES)('legacy JSON writer (%s)', (mode) => {
  const tok = (field: LegacyField, value: unknown) => token(field, value, mode);

  describe("'double'", () => {
    it.each<[number | string, string]>([
      [0, '0.0'],
      [1, '1.0'],
      [1300000, '1300000.0'],
      [-52000.5, '-52000.5'],
      [9999999.99, '9999999.99'],
      [1e7, '1.0E7'],
      [18404777, '1.8404777E7'],
      [-250000000, '-2.5E8'],
      [0.0001, '1.0E-4'],
      ['18404777.00', '1.8404777E7'],
      ['1300000.50', '1300000.5'],
      ['-0.50', '-0.5'],
      ['0', '0.0'],
      ['0.0005', '5.0E-4'],
      ['-250000000', '-2.5E8'],
    ])('%p -> %s', (input, expected) => {
      expect(tok('double', input)).toBe(expected);
    });

    it.each([null, undefined, true, NaN, Infinity, '', 'abc', '1,5', {}])('rejects %p', (input) => {
      expect(() => tok('double', input)).toThrow(LegacyJsonError);
    });
  });

  describe("'int'", () => {
    it.each<[unknown, string]>([
      [0, '0'],
      [-0, '0'],
      [2024, '2024'],
      [-7, '-7'],
      [Number.MAX_SAFE_INTEGER, '9007199254740991'],
      ['57', '57'], // pg bigint / count(*) arrive as text
      ['-12', '-12'],
      ['9223372036854775807', '9223372036854775807'],
      [12n, '12'],
    ])('%p -> %s', (input, expected) => {
      expect(tok('int', input)).toBe(expected);
    });

    it.each([1.5, NaN, 2 ** 53, 1e21, '1.0', '01', '-0', ' 1', '', null, undefined, true])('rejects %p', (input) => {
      expect(() => tok('int', input)).toThrow(LegacyJsonError);
    });
  });

  describe("'bool'", () => {
    it('writes true/false', () => {
      expect(tok('bool', true)).toBe('true');
      expect(tok('bool', false)).toBe('false');
    });

    it.each(['true', 1, 0, null, undefined])('rejects %p', (input) => {
      expect(() => tok('bool', input)).toThrow(LegacyJsonError);
    });
  });

  describe("'string' (Jackson escaping)", () => {
    it.each<[string, string]>([
      ['', '""'],
      ['Gómez', '"Gómez"'], // non-ASCII as-is (UTF-8 on the wire)
      ['Ñandú – São Paulo', '"Ñandú – São Paulo"'],
      ['say "hi"', '"say \\"hi\\""'],
      ['C:\\dir', '"C:\\\\dir"'],
      ['a\nb', '"a\\nb"'],
      ['a\r\nb', '"a\\r\\nb"'],
      ['\t\b\f', '"\\t\\b\\f"'],
      ['\u0000', '"\\u0000"'],
      ['\u0001', '"\\u0001"'],
      ['\u001f', '"\\u001F"'], // Jackson: uppercase hex (JSON.stringify writes \u001f)
      ['\u001b[0m', '"\\u001B[0m"'],
      ['a/b', '"a/b"'], // '/' is not escaped
      ['\u007f', '"\u007f"'], // DEL is not escaped
      ['\u2028\u2029', '"\u2028\u2029"'],
      ['😀', '"😀"'], // a valid surrogate pair passes through
      ['x\ud800y', '"x\\ud800y"'], // a lone surrogate cannot be UTF-8 encoded: escaped like JSON.stringify
    ])('%j -> %s', (input, expected) => {
      expect(tok('string', input)).toBe(expected);
    });

    it('matches what Jackson 2.22 JsonGenerator#writeString wrote for a mixed string', () => {
      const input = 'a"b\\c\nd\te\u0001f\u001fg\u007fh/i\u2028j Gómez \b\f\r\u0000 \ud83d\ude00';
      expect(tok('string', input)).toBe('"a\\"b\\\\c\\nd\\te\\u0001f\\u001Fg\u007fh/i\u2028j Gómez \\b\\f\\r\\u0000 \ud83d\ude00"');
    });

    it('equals JSON.stringify except for the hex case of \\u escapes', () => {
      let all = '';
      for (let c = 0; c < 0x80; c++) all += String.fromCharCode(c);
      all += 'áéíóúñ€😀';
      expect(tok('string', all)).toBe(JSON.stringify(all).replace(/\\u00([0-9a-f]{2})/g, (_, h: string) => '\\u00' + h.toUpperCase()));
      expect(JSON.parse(tok('string', all))).toBe(all);
    });

    it.each([null, undefined, 5, {}])('rejects %p', (input) => {
      expect(() => tok('string', input)).toThrow(LegacyJsonError);
    });
  });

  describe("'uuid'", () => {
    it.each<[string, string]>([
      ['0b5e2c1a-1111-4a2b-9c3d-abcdefabcdef', '"0B5E2C1A11114A2B9C3DABCDEFABCDEF"'],
      ['0B5E2C1A-1111-4A2B-9C3D-ABCDEFABCDEF', '"0B5E2C1A11114A2B9C3DABCDEFABCDEF"'],
      ['0b5e2c1a11114a2b9c3dabcdefabcdef', '"0B5E2C1A11114A2B9C3DABCDEFABCDEF"'],
      ['0B5E2C1A11114A2B9C3DABCDEFABCDEF', '"0B5E2C1A11114A2B9C3DABCDEFABCDEF"'],
      ['00000000-0000-0000-0000-000000000000', '"00000000000000000000000000000000"'],
    ])('%s -> %s', (input, expected) => {
      expect(tok('uuid', input)).toBe(expected);
    });

    it.each([
      '0b5e2c1a-1111-4a2b-9c3d-abcdefabcde', // 35 chars
      '0b5e2c1a11114a2b9c3dabcdefabcde', // 31 hex
      '0b5e2c1a-11114-a2b-9c3d-abcdefabcdef', // hyphen misplaced
      '0b5e2c1a-1111-4a2b-9c3d-abcdefabcdeg', // not hex
      '0b5e2c1a-1111-4a2b-9c3d-abcdefabcd"x', // would break the JSON
      '{0b5e2c1a-1111-4a2b-9c3d-abcdefabcdef}',
      '',
      null,
      12,
    ])('rejects %p', (input) => {
      expect(() => tok('uuid', input)).toThrow(LegacyJsonError);
    });
  });

  describe("'date' (day at 05:00 UTC)", () => {
    it.each<[string, string]>([
      ['2024-01-31', '"2024-01-31T05:00:00.000+0000"'],
      ['2024-02-29', '"2024-02-29T05:00:00.000+0000"'],
      ['1999-12-31', '"1999-12-31T05:00:00.000+0000"'],
    ])('%s -> %s', (input, expected) => {
      expect(tok('date', input)).toBe(expected);
    });

    it.each([new Date('2024-01-31T00:00:00Z'), '2024-1-31', '2024-01-31T00:00:00', '2024/01/31', '20240131', 20240131, null])(
      'rejects %p',
      (input) => {
        expect(() => tok('date', input)).toThrow(LegacyJsonError);
      },
    );
  });

  describe("'instant' (UTC, millisecond precision)", () => {
    it.each<[Date | string, string]>([
      [new Date(Date.UTC(2024, 0, 31, 13, 45, 12, 345)), '"2024-01-31T13:45:12.345+0000"'],
      [new Date(0), '"1970-01-01T00:00:00.000+0000"'],
      ['2024-01-31T13:45:12.345Z', '"2024-01-31T13:45:12.345+0000"'],
      ['2024-01-31T08:45:12-05:00', '"2024-01-31T13:45:12.000+0000"'],
      ['2024-01-31 08:45:12.345678-05', '"2024-01-31T13:45:12.345+0000"'], // pg timestamptz text; micros truncated
      ['2024-01-31 23:30:00+00', '"2024-01-31T23:30:00.000+0000"'],
      ['2024-02-01T00:30:00.5+0530', '"2024-01-31T19:00:00.500+0000"'],
    ])('%p -> %s', (input, expected) => {
      expect(tok('instant', input)).toBe(expected);
    });

    it.each(['2024-01-31T13:45:12', '2024-01-31', 'yesterday', new Date(NaN), new Date(Date.UTC(10000, 0, 1)), 0, null])(
      'rejects %p',
      (input) => {
        expect(() => tok('instant', input)).toThrow(LegacyJsonError);
      },
    );
  });

  describe('nullability', () => {
    it.each<[LegacyField, unknown]>([
      ['double?', null],
      ['double?', undefined],
      ['string?', null],
      ['uuid?', null],
      ['int?', undefined],
      ['bool?', null],
      ['date?', null],
      ['instant?', null],
      [{ nullable: 'uuid' }, null],
      [{ nullable: { arrayOf: 'int' } }, null],
      [{ nullable: { a: 'int' } }, undefined],
    ])('%j writes null for %p', (field, value) => {
      expect(tok(field, value)).toBe('null');
    });

    it('writes the value when present', () => {
      expect(tok('double?', '18404777.00')).toBe('1.8404777E7');
      expect(tok('bool?', false)).toBe('false');
      expect(tok({ nullable: 'date' }, '2024-01-31')).toBe('"2024-01-31T05:00:00.000+0000"');
    });

    it('writes null for a missing nullable property (Jackson never omits keys)', () => {
      const write = compileLegacyWriter({ a: 'int', b: 'string?' }, { mode });
      expect(write({ a: 1 } as never)).toBe('{"a":1,"b":null}');
    });

    it.each<LegacyField>(['double', 'string', 'uuid', 'int', 'bool', 'date', 'instant', { arrayOf: 'int' }, { a: 'int' }])(
      'non-nullable %j rejects null and undefined with the field path',
      (field) => {
        for (const value of [null, undefined]) {
          expect(() => compileLegacyWriter({ outer: { inner: field } }, { mode })({ outer: { inner: value } } as never)).toThrow(
            /legacy JSON at outer\.inner: expected/,
          );
        }
      },
    );
  });

  describe('objects', () => {
    const grupoPago = legacySchema({ uuid: 'uuid', codigo: 'string', nombre: 'string' });
    const pago = legacySchema({
      uuid: 'uuid',
      ano: 'int',
      mes: 'int',
      fechaPago: 'date',
      definitivo: 'bool',
      grupoPago: { nullable: grupoPago },
      totalNeto: 'double',
    });
    const row = {
      uuid: '6f1c2a7e-5b3d-4c8e-9a0f-1b2c3d4e5f60',
      ano: 2024,
      mes: 1,
      fechaPago: '2024-01-31',
      definitivo: true,
      grupoPago: { uuid: 'a1b2c3d4-e5f6-4a5b-8c7d-9e0f1a2b3c4d', codigo: 'Q1', nombre: 'Quincenal Bogotá' },
      totalNeto: '18404777.00',
    };

    it('writes fields in schema order with a nested object', () => {
      expect(compileLegacyWriter(pago, { mode })(row)).toBe(
        '{"uuid":"6F1C2A7E5B3D4C8E9A0F1B2C3D4E5F60","ano":2024,"mes":1,"fechaPago":"2024-01-31T05:00:00.000+0000",' +
          '"definitivo":true,"grupoPago":{"uuid":"A1B2C3D4E5F64A5B8C7D9E0F1A2B3C4D","codigo":"Q1","nombre":"Quincenal Bogotá"},' +
          '"totalNeto":1.8404777E7}',
      );
    });

    it('writes a null nested object', () => {
      expect(compileLegacyWriter(pago, { mode })({ ...row, grupoPago: null })).toBe(
        '{"uuid":"6F1C2A7E5B3D4C8E9A0F1B2C3D4E5F60","ano":2024,"mes":1,"fechaPago":"2024-01-31T05:00:00.000+0000",' +
          '"definitivo":true,"grupoPago":null,"totalNeto":1.8404777E7}',
      );
    });

    it('ignores the input key order and extra properties', () => {
      const shuffled = {
        totalNeto: 0,
        extra: 'x',
        mes: 2,
        grupoPago: undefined,
        definitivo: false,
        fechaPago: '2024-02-29',
        ano: 2024,
        uuid: row.uuid,
      };
      expect(compileLegacyWriter(pago, { mode })(shuffled)).toBe(
        '{"uuid":"6F1C2A7E5B3D4C8E9A0F1B2C3D4E5F60","ano":2024,"mes":2,"fechaPago":"2024-02-29T05:00:00.000+0000",' +
          '"definitivo":false,"grupoPago":null,"totalNeto":0.0}',
      );
    });

    it('reports the path of a bad nested value', () => {
      const bad = { ...row, grupoPago: { ...row.grupoPago, codigo: 5 as unknown as string } };
      expect(() => compileLegacyWriter(pago, { mode })(bad)).toThrow('legacy JSON at grupoPago.codigo: expected string, got 5');
    });

    it('rejects a non-object where an object is declared', () => {
      expect(() => compileLegacyWriter(pago, { mode })('x' as never)).toThrow('legacy JSON at $: expected object, got "x"');
      expect(() => compileLegacyWriter(pago, { mode })({ ...row, grupoPago: 'Q1' as never })).toThrow(
        'legacy JSON at grupoPago: expected object',
      );
    });

    it('writes pre-escaped property names, including ones that are not JS identifiers', () => {
      const write = compileLegacyWriter({ 'a"b': 'int', 'año-mes': 'int', 'x\u0001': 'int', constructor: 'int' }, { mode });
      expect(write({ 'a"b': 1, 'año-mes': 2, 'x\u0001': 3, constructor: 4 })).toBe('{"a\\"b":1,"año-mes":2,"x\\u0001":3,"constructor":4}');
    });

    it('writes empty objects', () => {
      expect(compileLegacyWriter({ e: {} }, { mode })({ e: {} })).toBe('{"e":{}}');
    });

    it('treats an object with a field named "nullable" next to others as an object', () => {
      const write = compileLegacyWriter({ nullable: 'bool', arrayOf: 'int' }, { mode });
      expect(write({ nullable: true, arrayOf: 3 })).toBe('{"nullable":true,"arrayOf":3}');
    });
  });

  describe('arrays', () => {
    it('writes arrays of scalars and objects, empty arrays and null arrays', () => {
      const write = compileLegacyWriter(
        {
          ints: { arrayOf: 'int' },
          days: { arrayOf: 'date' },
          rows: { arrayOf: { a: 'double' } },
          none: { arrayOf: 'int' },
          maybe: { nullable: { arrayOf: 'int' } },
        },
        { mode },
      );
      expect(write({ ints: [1, 2], days: ['2024-01-31'], rows: [{ a: 1 }, { a: '0.50' }], none: [], maybe: null })).toBe(
        '{"ints":[1,2],"days":["2024-01-31T05:00:00.000+0000"],"rows":[{"a":1.0},{"a":0.5}],"none":[],"maybe":null}',
      );
    });

    it('writes nested arrays and nullable elements', () => {
      const write = compileLegacyWriter({ arrayOf: { arrayOf: 'double?' } }, { mode });
      expect(write([[1, null], [], ['2.50']])).toBe('[[1.0,null],[],[2.5]]');
    });

    it('writes long arrays (the chunked path) identically to short ones', () => {
      const write = compileLegacyWriter({ arrayOf: { i: 'int', s: 'string' } }, { mode });
      for (const n of [15, 16, 17, 31, 32, 33, 1000]) {
        const rows = Array.from({ length: n }, (_, i) => ({ i, s: `fila ${i} – ñ` }));
        expect(write(rows)).toBe(JSON.stringify(rows));
      }
    });

    it('reports the path of a bad element', () => {
      const write = compileLegacyWriter({ items: { arrayOf: { a: 'int' } } }, { mode });
      expect(() => write({ items: [{ a: 1 }, { a: 'x' as never }] })).toThrow('legacy JSON at items[].a: expected integer, got "x"');
      expect(() => write({ items: 'nope' as never })).toThrow('legacy JSON at items: expected array');
    });
  });

  describe('envelope', () => {
    const envelope = envelopeWriter({ uuid: 'uuid', valor: 'double' }, { mode });
    const rows = [
      { uuid: '6f1c2a7e-5b3d-4c8e-9a0f-1b2c3d4e5f60', valor: '18404777.00' },
      { uuid: 'a1b2c3d4-e5f6-4a5b-8c7d-9e0f1a2b3c4d', valor: 0 },
    ];

    it('writes the exact bytes of a payroll 200 response', () => {
      expect(envelope(rows, 57)).toBe(
        '{"contenido":[{"uuid":"6F1C2A7E5B3D4C8E9A0F1B2C3D4E5F60","valor":1.8404777E7},{"uuid":"A1B2C3D4E5F64A5B8C7D9E0F1A2B3C4D","valor":0.0}],' +
          '"error":null,"advertencia":null,"metadata":null,"total":57}',
      );
    });

    it('writes an empty page', () => {
      expect(envelope([], 0)).toBe('{"contenido":[],"error":null,"advertencia":null,"metadata":null,"total":0}');
    });

    it('accepts a count(*) total as text or bigint, and rejects a non-integer', () => {
      expect(envelope([], '123')).toBe('{"contenido":[],"error":null,"advertencia":null,"metadata":null,"total":123}');
      expect(envelope([], 123n)).toBe('{"contenido":[],"error":null,"advertencia":null,"metadata":null,"total":123}');
      expect(() => envelope([], 1.5)).toThrow('legacy JSON at total: expected integer');
    });

    it('in chunks: the same bytes, in pieces of about 64 K characters', () => {
      const chunks = envelopeChunkWriter({ uuid: 'uuid', valor: 'double', nombre: 'string' }, { mode });
      const whole = envelopeWriter({ uuid: 'uuid', valor: 'double', nombre: 'string' }, { mode });
      const many = Array.from({ length: 3000 }, (_, i) => ({ ...rows[i % 2], valor: i * 1000.5, nombre: `Ñandú "${i}"\u001f` }));
      for (const list of [[], many.slice(0, 2), many]) {
        const pieces = [...chunks(list, list.length)];
        expect(pieces.join('')).toBe(whole(list, list.length));
        expect(pieces.slice(0, -1).every((p) => p.length >= 64 * 1024 && p.length < 65 * 1024)).toBe(true);
      }
      expect([...chunks(many, 1)].length).toBeGreaterThan(3);
      expect(() => [...chunks([{ uuid: 'x', valor: 1, nombre: '' }], 1)]).toThrow('legacy JSON at $[].uuid: expected');
    });

    it('from an async source (a cursor): the same bytes, total = the elements written, chunks of about 64 K', async () => {
      const schema = { uuid: 'uuid', valor: 'double', nombre: 'string' } as const;
      const stream = envelopeStreamWriter(schema, { mode });
      const whole = envelopeWriter(schema, { mode });
      const many = Array.from({ length: 3000 }, (_, i) => ({ ...rows[i % 2], valor: i * 1000.5, nombre: `Ñandú "${i}"\u001f` }));
      async function* source<T>(list: T[]): AsyncGenerator<T> {
        for (const item of list) yield await Promise.resolve(item);
      }
      const batches = <T>(list: T[]): T[][] =>
        Array.from({ length: Math.ceil(list.length / 250) }, (_, i) => list.slice(i * 250, i * 250 + 250));
      for (const list of [[], many.slice(0, 2), many]) {
        const pieces: string[] = [];
        for await (const piece of stream(source(list))) pieces.push(piece);
        expect(pieces.join('')).toBe(whole(list, list.length));
        expect(pieces.slice(0, -1).every((p) => p.length >= 64 * 1024 && p.length < 65 * 1024)).toBe(true);
        // A cursor's batches: one array per fetch, the same bytes.
        const batched: string[] = [];
        for await (const piece of stream(source(batches(list)))) batched.push(piece);
        expect(batched.join('')).toBe(whole(list, list.length));
      }
      const bad = stream(source([{ uuid: 'x', valor: 1, nombre: '' }]));
      await expect(bad.next()).rejects.toThrow('legacy JSON at $[].uuid: expected');
    });
  });
});

describe('compiled writers', () => {
  const schema = legacySchema({
    uuid: 'uuid',
    ano: 'int',
    descripcion: 'string',
    fechaDesde: 'date',
    definitivo: 'bool',
    pendiente: 'bool?',
    creado: 'instant?',
    grupo: { nullable: { uuid: 'uuid', nombre: 'string', tags: { arrayOf: 'string' } } },
    montos: { arrayOf: { valor: 'double', cantidad: 'double?' } },
  });

  it('codegen and closures produce identical output and valid JSON', () => {
    const codegen = compileLegacyWriter(schema);
    const closures = compileLegacyWriter(schema, { mode: 'closures' });
    for (let i = 0; i < 200; i++) {
      const row: LegacyInput<typeof schema> = {
        uuid: `${String(i).padStart(8, '0')}-0000-4000-8000-00000000000a`,
        ano: 2000 + i,
        descripcion: i % 7 === 0 ? `línea "${i}"\n` : `línea ${i}`,
        fechaDesde: `2024-${String((i % 12) + 1).padStart(2, '0')}-01`,
        definitivo: i % 2 === 0,
        pendiente: i % 3 === 0 ? null : i % 3 === 1,
        creado: i % 4 === 0 ? null : new Date(Date.UTC(2024, 0, 1) + i * 3_600_123),
        grupo: i % 5 === 0 ? null : { uuid: 'a1b2c3d4e5f64a5b8c7d9e0f1a2b3c4d', nombre: 'G', tags: i % 2 ? [] : ['x', 'y'] },
        montos: Array.from({ length: i % 4 }, (_, k) => ({
          valor: k % 2 ? (i * 1234567.89).toFixed(2) : i * 10 ** k,
          cantidad: k ? k : null,
        })),
      };
      const out = codegen(row);
      expect(closures(row)).toBe(out);
      expect(() => JSON.parse(out)).not.toThrow();
    }
  });

  it('uses new Function code generation by default (property names inlined as constants)', () => {
    const write = compileLegacyWriter({ fechaPago: 'date', total: 'int' });
    expect(write.toString()).toContain('"{\\"fechaPago\\":\\""');
    expect(write.toString()).toContain('"T05:00:00.000+0000\\",\\"total\\":"');
  });

  it('rejects invalid schemas at compile time', () => {
    expect(() => compileLegacyWriter({ a: 'float' } as never)).toThrow('unknown field kind "float"');
    expect(() => compileLegacyWriter({ a: 'int', 1: 'int' })).toThrow('integer-like field name 1');
    expect(() => compileLegacyWriter({ a: [] } as never)).toThrow('a field must be a kind name or an object');
    expect(() => compileLegacyWriter({ a: null } as never)).toThrow('a field must be a kind name or an object');
  });

  it('infers the input type from the schema', () => {
    const write = compileLegacyWriter(legacySchema({ id: 'uuid', monto: 'double', nota: 'string?' }));
    expect(write({ id: '6f1c2a7e-5b3d-4c8e-9a0f-1b2c3d4e5f60', monto: '1.00', nota: null })).toBe(
      '{"id":"6F1C2A7E5B3D4C8E9A0F1B2C3D4E5F60","monto":1.0,"nota":null}',
    );
    // @ts-expect-error a uuid is text
    expect(() => write({ id: 5, monto: 1, nota: null })).toThrow(LegacyJsonError);
    // @ts-expect-error monto is not nullable
    expect(() => write({ id: '6f1c2a7e-5b3d-4c8e-9a0f-1b2c3d4e5f60', monto: null, nota: null })).toThrow(LegacyJsonError);
  });

  it('accepts an explicit row type', () => {
    interface Row {
      id: string;
      n: number;
    }
    const write = compileLegacyWriter<Row>({ id: 'string', n: 'int' });
    expect(write({ id: 'x', n: 1 })).toBe('{"id":"x","n":1}');
  });

  it('quoteJsonString applies the same escaping', () => {
    expect(quoteJsonString('a"\u001f')).toBe('"a\\"\\u001F"');
  });
});

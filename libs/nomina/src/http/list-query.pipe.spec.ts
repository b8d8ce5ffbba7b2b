import { DomainError } from '@nomina-api/platform/errors';
import type { ListSpec } from '../queries/listing';
import { type ListRequestParts, ListQueryPipe, parseListParams } from './list-query.pipe';

const spec: ListSpec = {
  sortable: ['ano', 'mes', 'descripcion'],
  defaultSort: [
    { field: 'ano', direction: 'desc' },
    { field: 'mes', direction: 'desc' },
  ],
};

function problem(query: Record<string, unknown>): DomainError {
  try {
    parseListParams(query, spec);
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    return e as DomainError;
  }
  throw new Error(`expected a 400 for ${JSON.stringify(query)}`);
}

describe('parseListParams', () => {
  it('defaults: offset 0, size 20, no filter, the default order', () => {
    expect(parseListParams({}, spec)).toEqual({ offset: 0, size: 20, sort: spec.defaultSort, paged: false });
  });

  it('does not share the default sort array with the spec', () => {
    const p = parseListParams({}, spec);
    p.sort[0].direction = 'asc';
    expect(spec.defaultSort[0].direction).toBe('desc');
  });

  it('reads offset and size, allows size=0 and the limits', () => {
    expect(parseListParams({ offset: '40', size: '0' }, spec)).toMatchObject({ offset: 40, size: 0 });
    expect(parseListParams({ offset: '2147483647', size: '1000' }, spec)).toMatchObject({ offset: 2147483647, size: 1000 });
    expect(parseListParams({ offset: ' 5 ' }, spec)).toMatchObject({ offset: 5 });
  });

  it('treats an empty offset/size as absent', () => {
    expect(parseListParams({ offset: '', size: '' }, spec)).toMatchObject({ offset: 0, size: 20 });
  });

  it.each([
    ['offset', '-1'],
    ['offset', '1.5'],
    ['offset', 'abc'],
    ['offset', '1e3'],
    ['offset', '2147483648'],
    ['offset', '99999999999999999999999'],
    ['size', '-1'],
    ['size', '1001'],
    ['size', '2.0'],
    ['size', '+5'],
  ])('rejects %s=%s with a 400 naming the parameter and the accepted form', (name, value) => {
    const e = problem({ [name]: value });
    expect(e.status).toBe(400);
    expect(e.code).toBe('VALIDATION');
    expect(e.errors).toEqual([{ field: name, message: expect.stringMatching(/Debe ser un entero entre 0 y \d+/) }]);
  });

  it('rejects a repeated offset', () => {
    expect(problem({ offset: ['1', '2'] }).errors).toEqual([{ field: 'offset', message: 'Debe indicarse una sola vez.' }]);
  });

  it('reports every bad parameter at once', () => {
    const e = problem({ offset: '-1', size: 'x', sort: 'zzz' });
    expect(e.errors?.map((x) => x.field)).toEqual(['offset', 'size', 'sort']);
  });

  it('accepts and ignores page, whatever its value', () => {
    expect(parseListParams({ page: '3', offset: '10' }, spec)).toMatchObject({ offset: 10, size: 20 });
    expect(parseListParams({ page: 'not-a-number' }, spec)).toMatchObject({ offset: 0 });
  });

  it('ignores unknown parameters', () => {
    expect(parseListParams({ foo: 'bar', 'params[estados]': 'PG' }, spec)).toEqual({
      offset: 0,
      size: 20,
      sort: spec.defaultSort,
      paged: false,
    });
  });

  describe('filter', () => {
    it('is trimmed; empty or blank means no filter', () => {
      expect(parseListParams({ filter: '  Pérez ' }, spec).filter).toBe('Pérez');
      expect(parseListParams({ filter: '' }, spec)).not.toHaveProperty('filter');
      expect(parseListParams({ filter: '   \t' }, spec)).not.toHaveProperty('filter');
    });

    it('allows 200 characters and rejects 201', () => {
      expect(parseListParams({ filter: 'a'.repeat(200) }, spec).filter).toHaveLength(200);
      expect(problem({ filter: 'a'.repeat(201) }).errors).toEqual([{ field: 'filter', message: 'Debe tener como máximo 200 caracteres.' }]);
    });

    it('counts characters, not UTF-16 units', () => {
      expect(parseListParams({ filter: '😀'.repeat(200) }, spec).filter).toBeDefined();
    });

    it('rejects a NUL character', () => {
      expect(problem({ filter: 'ab\u0000c' }).errors?.[0].field).toBe('filter');
    });

    it('keeps % and _ as they are (escaping happens in SQL)', () => {
      expect(parseListParams({ filter: '50%_x' }, spec).filter).toBe('50%_x');
    });
  });

  describe('sort', () => {
    it('replaces the default order', () => {
      expect(parseListParams({ sort: 'descripcion,asc' }, spec).sort).toEqual([{ field: 'descripcion', direction: 'asc' }]);
    });

    it('direction is optional (asc) and case-insensitive, spaces allowed', () => {
      expect(parseListParams({ sort: 'mes' }, spec).sort).toEqual([{ field: 'mes', direction: 'asc' }]);
      expect(parseListParams({ sort: 'mes,DESC' }, spec).sort).toEqual([{ field: 'mes', direction: 'desc' }]);
      expect(parseListParams({ sort: ' mes , Asc ' }, spec).sort).toEqual([{ field: 'mes', direction: 'asc' }]);
      expect(parseListParams({ sort: 'mes,' }, spec).sort).toEqual([{ field: 'mes', direction: 'asc' }]);
    });

    it('is repeatable (arrives as an array) and keeps the order of the request', () => {
      expect(parseListParams({ sort: ['mes,desc', 'ano,asc'] }, spec).sort).toEqual([
        { field: 'mes', direction: 'desc' },
        { field: 'ano', direction: 'asc' },
      ]);
    });

    it('drops a repeated field (the first one wins)', () => {
      expect(parseListParams({ sort: ['mes,desc', 'mes,asc'] }, spec).sort).toEqual([{ field: 'mes', direction: 'desc' }]);
    });

    it('an empty sort value means the default order', () => {
      expect(parseListParams({ sort: '' }, spec).sort).toEqual(spec.defaultSort);
    });

    it('rejects an unknown field listing the allowed ones', () => {
      const e = problem({ sort: 'fechaPago,asc' });
      expect(e.errors).toEqual([{ field: 'sort', message: expect.stringContaining('Campos permitidos: ano, mes, descripcion') }]);
    });

    it('field names are case-sensitive (wire names)', () => {
      expect(problem({ sort: 'ANO' }).errors?.[0].field).toBe('sort');
    });

    it('rejects an unknown direction listing asc and desc', () => {
      expect(problem({ sort: 'ano,down' }).errors).toEqual([{ field: 'sort', message: expect.stringContaining('asc, desc') }]);
    });

    it('rejects more than field and direction in one value', () => {
      expect(problem({ sort: 'ano,desc,mes' }).errors?.[0].message).toMatch(/repita el parámetro/);
    });

    it('does not accept inherited object properties as fields', () => {
      expect(problem({ sort: 'constructor' }).errors?.[0].field).toBe('sort');
    });
  });
});

describe('paged', () => {
  it.each<[Record<string, unknown>, boolean]>([
    [{}, false],
    [{ offset: '' }, false],
    [{ size: '' }, false],
    [{ offset: '', size: '' }, false],
    [{ offset: '0' }, true],
    [{ size: '20' }, true],
    [{ offset: ' ' }, true],
    [{ page: '2' }, false],
  ])('%j → %s (an empty offset or size is absent, as in JSON)', (query, paged) => {
    expect(parseListParams(query, spec).paged).toBe(paged);
  });
});

describe('ListQueryPipe', () => {
  const none = () => ({});

  it('returns the list params of the raw query', () => {
    expect(new ListQueryPipe(spec, none).transform({ query: { size: '5', sort: 'mes' }, params: {} })).toEqual({
      list: { offset: 0, size: 5, sort: [{ field: 'mes', direction: 'asc' }], paged: true },
    });
  });

  it("parses the operation's own parameters and returns them beside the list", () => {
    const own = ({ query, params }: ListRequestParts) => ({ pago: String(query.pago), ano: params.ano });
    expect(new ListQueryPipe(spec, own).transform({ query: { pago: 'x', offset: '3' }, params: { ano: '2024' } })).toEqual({
      pago: 'x',
      ano: '2024',
      list: { offset: 3, size: 20, sort: spec.defaultSort, paged: true },
    });
  });

  it("lets the own parameters' problem win over the list's", () => {
    const own = (): never => {
      throw new Error('own first');
    };
    expect(() => new ListQueryPipe(spec, own).transform({ query: { size: 'x' }, params: {} })).toThrow('own first');
  });
});

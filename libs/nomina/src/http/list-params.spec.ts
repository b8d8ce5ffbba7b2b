import { DomainError } from '@app/platform/errors/domain-error';
import {
  escapeLike,
  foldedContainsPatternSql,
  foldText,
  likeContains,
  type ListSpec,
  orderBy,
  parseListParams,
} from './list-params';

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
    expect(parseListParams({}, spec)).toEqual({ offset: 0, size: 20, sort: spec.defaultSort });
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
    expect(parseListParams({ foo: 'bar', 'params[estados]': 'PG' }, spec)).toEqual({ offset: 0, size: 20, sort: spec.defaultSort });
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

describe('filter folding', () => {
  it('foldText strips accents and lowercases', () => {
    expect(foldText('MUÑOZ Pérez Ángela Güell')).toBe('munoz perez angela guell');
  });

  it('escapeLike escapes %, _ and backslash', () => {
    expect(escapeLike('a%b_c\\d')).toBe('a\\%b\\_c\\\\d');
  });

  it('likeContains folds, escapes and wraps', () => {
    expect(likeContains('Pé%_z')).toBe('%pe\\%\\_z%');
  });

  it('foldedContainsPatternSql folds before escaping, and only takes bind parameters', () => {
    expect(foldedContainsPatternSql('$3')).toBe(
      `('%' || replace(replace(replace(app_fold($3::text), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%')`,
    );
    expect(() => foldedContainsPatternSql("'; drop table pago; --")).toThrow();
  });
});

describe('orderBy', () => {
  const columns = {
    ano: { sql: 'p.ano' },
    descripcion: { sql: 'p.descripcion', text: true, foldedSql: 'p.descripcion_fold' },
    nombre: { sql: 'e.nombre_completo', text: true },
  };

  it('maps fields, orders text by folded then exact byte value, ends with the tie-breaker', () => {
    expect(orderBy([{ field: 'ano', direction: 'desc' }, { field: 'descripcion', direction: 'asc' }], columns, 'p.id')).toBe(
      'order by p.ano desc, p.descripcion_fold asc, p.descripcion collate "C" asc, p.id asc',
    );
  });

  it('folds with app_fold when no stored folded column is given', () => {
    expect(orderBy([{ field: 'nombre', direction: 'desc' }], columns, 'x.id')).toBe(
      'order by app_fold(e.nombre_completo) desc, e.nombre_completo collate "C" desc, x.id asc',
    );
  });

  it('an empty sort is just the tie-breaker', () => {
    expect(orderBy([], columns, 'p.id')).toBe('order by p.id asc');
  });

  it('refuses an unmapped field (never interpolates it)', () => {
    expect(() => orderBy([{ field: 'p.id; drop table pago', direction: 'asc' }], columns, 'p.id')).toThrow(/no SQL column/);
    expect(() => orderBy([{ field: 'toString', direction: 'asc' }], columns, 'p.id')).toThrow(/no SQL column/);
  });
});

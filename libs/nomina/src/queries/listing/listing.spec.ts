import { escapeLike, foldedContainsPatternSql, foldText, likeContains, orderBy } from '.';

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
    expect(
      orderBy(
        [
          { field: 'ano', direction: 'desc' },
          { field: 'descripcion', direction: 'asc' },
        ],
        columns,
        'p.id',
      ),
    ).toBe('order by p.ano desc, p.descripcion_fold asc, p.descripcion collate "C" asc, p.id asc');
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

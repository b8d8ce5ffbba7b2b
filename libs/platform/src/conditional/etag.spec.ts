import { computeEtag, type EtagInputs, normalizeQuery, parseIfNoneMatch, tagsMatch } from './etag';

const BASE: EtagInputs = {
  dataVersion: '41',
  tenantId: 'a0000000-0000-4000-8000-000000000001',
  userId: 'b0000000-0000-4000-8000-000000000001',
  businessId: 'c0000000-0000-4000-8000-000000000001',
  method: 'GET',
  path: '/pagos',
  query: 'params%5Bestados%5D=PG,PP&size=20',
  format: 'json',
};

describe('computeEtag', () => {
  const etag = computeEtag(BASE);

  it('is a strong, quoted tag, the same for the same inputs', () => {
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(computeEtag({ ...BASE })).toBe(etag);
  });

  it.each<[string, Partial<EtagInputs>]>([
    ['data version (import, numbering)', { dataVersion: '42' }],
    ['tenant', { tenantId: 'a0000000-0000-4000-8000-000000000002' }],
    ['user', { userId: 'b0000000-0000-4000-8000-000000000002' }],
    ["token's business", { businessId: 'c0000000-0000-4000-8000-000000000002' }],
    ['businesses a report covers', { businessIds: ['c0000000-0000-4000-8000-000000000001'] }],
    ['method', { method: 'POST' }],
    ['path', { path: '/pagoEmpleados' }],
    ['query value', { query: 'params%5Bestados%5D=PG&size=20' }],
    ['format', { format: 'csv' }],
    ['Bogotá day of a current list', { day: '2026-11-24' }],
    ['order of a repeated parameter', { query: 'sort=ano,desc&sort=mes,asc' }],
  ])('changes with the %s', (_name, change) => {
    expect(computeEtag({ ...BASE, ...change })).not.toBe(etag);
  });

  it('the next day changes it again', () => {
    expect(computeEtag({ ...BASE, day: '2026-11-24' })).not.toBe(computeEtag({ ...BASE, day: '2026-11-25' }));
  });

  it('repeated parameters in another order differ', () => {
    expect(computeEtag({ ...BASE, query: 'sort=a,asc&sort=b,asc' })).not.toBe(computeEtag({ ...BASE, query: 'sort=b,asc&sort=a,asc' }));
  });

  it('does not change with the order of different parameters, their encoding, or HEAD for GET', () => {
    expect(computeEtag({ ...BASE, query: 'size=20&params[estados]=PG%2CPP' })).toBe(etag);
    expect(computeEtag({ ...BASE, method: 'HEAD' })).toBe(etag);
  });

  it('business lists are compared as sets', () => {
    const ids = ['c0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000002'];
    expect(computeEtag({ ...BASE, businessIds: ids })).toBe(computeEtag({ ...BASE, businessIds: [...ids].reverse() }));
  });
});

describe('normalizeQuery', () => {
  it('decodes, orders by name, keeps the order of repeated names, keeps malformed escapes as they are', () => {
    expect(normalizeQuery('b=2&a=x+y&&sort=z&sort=a&flag&bad=%E0%A4%A')).toEqual([
      ['a', 'x y'],
      ['b', '2'],
      ['bad', '%E0%A4%A'],
      ['flag', ''],
      ['sort', 'z'],
      ['sort', 'a'],
    ]);
  });
});

describe('If-None-Match', () => {
  const etag = '"abc"';

  it.each<[string, string | string[] | undefined, boolean]>([
    ['absent', undefined, false],
    ['the tag', '"abc"', true],
    ['another tag', '"abd"', false],
    ['a list holding it', '"x", "abc" ,"y"', true],
    ['a list without spaces', '"x","abc"', true],
    ['a list not holding it', '"x", "y"', false],
    ['the weak form matches (weak comparison, RFC 9110 §13.1.2)', 'W/"abc"', true],
    ['a weak form of another tag', 'W/"abd"', false],
    ['W/ without its quotes', 'W/abc', false],
    ['a weak one beside the strong one', 'W/"abc", "abc"', true],
    ['*', '*', true],
    ['* with spaces', ' * ', true],
    ['unquoted', 'abc', false],
    ['a tag holding a comma is one tag', '"a,bc", "abc"', true],
    ['repeated headers', ['"x"', '"abc"'], true],
  ])('%s', (_name, header, expected) => {
    expect(tagsMatch(parseIfNoneMatch(header), etag)).toBe(expected);
  });

  it('parses tags, keeping W/', () => {
    expect(parseIfNoneMatch('W/"a", "b,c"')).toEqual(['W/"a"', '"b,c"']);
    expect(parseIfNoneMatch('*')).toBe('*');
  });
});

describe('computeEtag input joining', () => {
  it('text moved from one part to the next gives another tag', () => {
    expect(computeEtag({ ...BASE, path: '/pagos', query: 'a=1' })).not.toBe(computeEtag({ ...BASE, path: '/pagos', query: 'a1=' }));
    expect(computeEtag({ ...BASE, path: '/pagos;', format: 'json' })).not.toBe(computeEtag({ ...BASE, path: '/pagos', format: ';json' }));
    expect(computeEtag({ ...BASE, query: 'a=b&c=d' })).not.toBe(computeEtag({ ...BASE, query: 'a=b%26c%3Dd' }));
  });

  it('no business list, an empty one and a missing day are three different inputs', () => {
    const none = computeEtag({ ...BASE });
    expect(computeEtag({ ...BASE, businessIds: [] })).not.toBe(none);
    expect(computeEtag({ ...BASE, day: '' })).not.toBe(none);
    expect(computeEtag({ ...BASE, query: '' })).not.toBe(none);
  });
});

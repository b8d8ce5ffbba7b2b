import { DomainError } from '@nomina-api/platform/errors';
import { pagingHeaders, resolvePaging } from './paging';

function problem(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error('expected a DomainError');
}

describe('resolvePaging', () => {
  it('is undefined (the complete list) without pagina and limite', () => {
    expect(resolvePaging(undefined, undefined)).toBeUndefined();
  });

  it.each([
    ['0', undefined, { pagina: 0, limite: 50 }],
    ['3', undefined, { pagina: 3, limite: 50 }],
    ['007', undefined, { pagina: 7, limite: 50 }],
    [undefined, '10', { pagina: 0, limite: 10 }],
    ['2', '200', { pagina: 2, limite: 200 }],
    ['2', '1', { pagina: 2, limite: 1 }],
    ['2147483647', '200', { pagina: 2147483647, limite: 200 }],
  ])('pagina=%j limite=%j → %j', (pagina, limite, expected) => {
    expect(resolvePaging(pagina, limite)).toEqual(expected);
  });

  it.each([['0'], ['201'], ['abc'], ['-5'], ['10.5'], ['1e2'], [''], [' 20'], [['10', '20']]])('limite=%j falls back to 50', (limite) => {
    expect(resolvePaging(undefined, limite)).toEqual({ pagina: 0, limite: 50 });
  });

  it.each([['-1'], ['x'], [''], ['1.5'], ['+1'], [' 1'], ['1e3'], ['2147483648'], ['99999999999999999999'], [['1', '2']]])(
    'pagina=%j → 400 naming pagina',
    (pagina) => {
      const err = problem(() => resolvePaging(pagina, '10'));
      expect(err.status).toBe(400);
      expect(err.code).toBe('VALIDATION');
      expect(err.errors).toEqual([{ field: 'pagina', message: expect.stringMatching(/entero/) }]);
    },
  );
});

describe('pagingHeaders', () => {
  it('reports the page and size used', () => {
    expect(pagingHeaders({ pagina: 2, limite: 50 }, 123)).toEqual({ 'X-Pagina': '2', 'X-Tamano-Pagina': '50', 'X-Total-Registros': '123' });
  });

  it('reports todas when not paginated', () => {
    expect(pagingHeaders(undefined, 0)).toEqual({ 'X-Pagina': 'todas', 'X-Tamano-Pagina': 'todas', 'X-Total-Registros': '0' });
  });
});

import { DomainError } from '@nomina-api/platform/errors';
import { parseEstados } from './estados.param';

function error(raw: unknown): DomainError {
  try {
    parseEstados(raw);
  } catch (e) {
    return e as DomainError;
  }
  throw new Error('expected an error');
}

describe('parseEstados', () => {
  it('reads comma-separated codes, any case, spaces around codes, without duplicates', () => {
    expect(parseEstados('PG,PP')).toEqual(['PG', 'PP']);
    expect(parseEstados(' pg , Pp ,AN')).toEqual(['PG', 'PP', 'AN']);
    expect(parseEstados('PG,pg')).toEqual(['PG']);
    expect(parseEstados('PG,,PP,')).toEqual(['PG', 'PP']);
  });

  it('joins a repeated parameter', () => {
    expect(parseEstados(['PG', 'EP,RE'])).toEqual(['PG', 'EP', 'RE']);
  });

  it('absent → 500 ESTADOS_REQUERIDO whose detail names the parameter and its form', () => {
    const e = error(undefined);
    expect(e.status).toBe(500);
    expect(e.code).toBe('ESTADOS_REQUERIDO');
    expect(e.detail).toContain('params[estados] es obligatorio');
    expect(e.detail).toContain('EP, PA, PP, PG, RE, AN');
  });

  it.each(['', '  ', ',', ' , '])('present but empty (%j) → 400', (raw) => {
    const e = error(raw);
    expect(e.status).toBe(400);
    expect(e.errors?.[0].field).toBe('params[estados]');
  });

  it.each(['XX', 'PG,IN', 'PG;PP', 'P G'])('unknown code (%j) → 400 listing the accepted codes', (raw) => {
    const e = error(raw);
    expect(e.status).toBe(400);
    expect(e.errors?.[0]).toEqual({ field: 'params[estados]', message: expect.stringContaining('EP, PA, PP, PG, RE, AN') });
  });
});

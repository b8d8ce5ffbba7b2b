import { PlatformError, PlatformErrorCode } from '../errors/domain-error';
import { replicaFailure } from './read-pools';

describe('replicaFailure', () => {
  it('moves a read to the primary when the replica, not the statement, failed', () => {
    const pg = (code: string): Error => Object.assign(new Error('x'), { code });
    expect(
      [
        pg('57P01'),
        pg('57P03'),
        pg('08006'),
        pg('53300'),
        pg('40001'),
        Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
        new Error('Connection terminated unexpectedly'),
      ].map(replicaFailure),
    ).toEqual([true, true, true, true, true, true, true]);
  });

  it('never for a statement error, a statement timeout or an application error thrown inside a read', () => {
    const pg = (code: string): Error => Object.assign(new Error('x'), { code });
    expect(
      [pg('42601'), pg('22P02'), pg('57014'), new PlatformError(PlatformErrorCode.TOO_MANY_REQUESTS, 'x'), new Error('map failed')].map(
        replicaFailure,
      ),
    ).toEqual([false, false, false, false, false]);
  });
});

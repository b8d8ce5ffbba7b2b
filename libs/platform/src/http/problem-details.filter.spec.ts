import type { FastifyRequest } from 'fastify';
import { ProblemDetailsFilter } from './problem-details.filter';

/** What pg, knex and tarn really throw when PostgreSQL is down, stopped, crashed or slow. */
const req = { method: 'GET', url: '/empleados', id: 'r1' } as FastifyRequest;
const filter = new ProblemDetailsFilter();
(filter as unknown as { logger: { warn(): void; error(): void } }).logger = { warn: () => undefined, error: () => undefined };

const error = (message: string, extra: Record<string, unknown> = {}): Error => Object.assign(new Error(message), extra);

describe('ProblemDetailsFilter: database conditions', () => {
  it.each([
    [
      'server stopped: connection refused',
      error('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED', errno: -111, syscall: 'connect' }),
    ],
    [
      'localhost with two addresses',
      Object.assign(
        new AggregateError(
          [
            error('connect ECONNREFUSED ::1:5432', { code: 'ECONNREFUSED' }),
            error('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED' }),
          ],
          '',
        ),
        { code: 'ECONNREFUSED' },
      ),
    ],
    ['AggregateError without its own code', new AggregateError([error('x', { code: 'ECONNREFUSED' })], '')],
    [
      'pg_terminate_backend / stop -m fast',
      error('terminating connection due to administrator command', { code: '57P01', severity: 'FATAL' }),
    ],
    ['stop -m immediate (crash)', error('terminating connection because of crash of another server process', { code: '57P02' })],
    ['shutting down', error('the database system is shutting down', { code: '57P03' })],
    ['starting up after a crash', error('the database system is not yet accepting connections', { code: '57P03' })],
    ['too many connections', error('sorry, too many clients already', { code: '53300' })],
    ['socket closed under a query', error('Connection terminated unexpectedly')],
    ['a dead pooled client', error('Client has encountered a connection error and is not queryable')],
    ['pg connectionTimeoutMillis (server not answering)', error('timeout expired')],
    ['pg connection timeout while connecting', error('Connection terminated due to connection timeout')],
    [
      'knex/tarn acquire timeout',
      Object.assign(error('Knex: Timeout acquiring a connection. The pool is probably full. Are you missing a .transacting(trx) call?'), {
        name: 'KnexTimeoutError',
      }),
    ],
    ['unreachable host', error('connect EHOSTUNREACH 10.0.0.1:5432', { code: 'EHOSTUNREACH' })],
    ['unknown host', error('getaddrinfo ENOTFOUND db', { code: 'ENOTFOUND' })],
  ])('%s → 503 SERVICE_UNAVAILABLE with Retry-After', (_label, err) => {
    expect(filter.map(err, req)).toEqual(
      expect.objectContaining({ status: 503, code: 'SERVICE_UNAVAILABLE', headers: { 'retry-after': '5' } }),
    );
  });

  it('a wait for a connection aborted by the pool closing at shutdown → 503', () => {
    const aborted = new Error('aborted');
    aborted.stack = 'Error: aborted\n    at PendingOperation.abort (node_modules/tarn/dist/PendingOperation.js:29:21)';
    expect(filter.map(aborted, req)).toEqual(expect.objectContaining({ status: 503, code: 'SERVICE_UNAVAILABLE' }));
    expect(filter.map(new Error('aborted'), req)).toEqual(expect.objectContaining({ status: 500 }));
  });

  it('logs database outages at most once per second per code, with the count left out', () => {
    const quiet = new ProblemDetailsFilter();
    const warn = jest.fn();
    (quiet as unknown as { logger: { warn: jest.Mock } }).logger = { warn };
    const refused = error('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED' });
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
    try {
      for (let i = 0; i < 50; i++) quiet.map(refused, req);
      expect(warn).toHaveBeenCalledTimes(1);
      now.mockReturnValue(1_001_001);
      quiet.map(refused, req);
      expect(warn).toHaveBeenCalledTimes(2);
      expect(warn.mock.calls[1][0]).toMatch(/\+49 más/);
    } finally {
      now.mockRestore();
    }
  });

  it('statement_timeout (57014) → 503 TIMEOUT', () => {
    expect(filter.map(error('canceling statement due to statement timeout', { code: '57014' }), req)).toEqual(
      expect.objectContaining({ status: 503, code: 'TIMEOUT' }),
    );
  });

  it('other database errors stay 500 without their text', () => {
    const mapped = filter.map(error('relation "pago" does not exist', { code: '42P01' }), req);
    expect(mapped).toEqual(expect.objectContaining({ status: 500, code: 'INTERNAL' }));
    expect(mapped.detail).not.toMatch(/relation|pago/);
  });
});

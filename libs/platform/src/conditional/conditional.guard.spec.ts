import {
  type CanActivate,
  Controller,
  type ExecutionContext,
  Get,
  Headers,
  Injectable,
  Query,
  UnauthorizedException,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../errors/domain-error';
import { ProblemDetailsFilter } from '../http/problem-details.filter';
import { exportColumns } from '../export/export-column';
import { exportFile } from '../export/export-file';
import { resolveExportFormat } from '../export/export-format';
import { Conditional, CurrentToday, NoStore } from './conditional.decorator';
import { ConditionalRequestGuard } from './conditional.guard';
import { DataVersionReader } from './data-version';

/** Stands in for AuthenticationGuard + TenantGuard: `Bearer good` is tenant T1's user, anything else 401. */
@Injectable()
class FakeAuthGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    const auth = req.headers.authorization;
    if (auth !== 'Bearer good' && auth !== 'Bearer other') throw new UnauthorizedException();
    req.principal = {
      tenantId: auth === 'Bearer good' ? 'a0000000-0000-4000-8000-000000000001' : 'a0000000-0000-4000-8000-000000000002',
      userId: 'b0000000-0000-4000-8000-000000000001',
      businessId: 'c0000000-0000-4000-8000-000000000001',
      tenantActive: true,
    };
    return true;
  }
}

const calls = { items: 0 };

class NotFoundError extends DomainError {
  constructor() {
    super('NO_ENCONTRADO', 404, 'No existe.');
  }
}

// As @Secured() lists them: authentication first, the revalidation guard last.
@UseGuards(FakeAuthGuard, ConditionalRequestGuard)
@UseFilters(ProblemDetailsFilter)
@Conditional()
@Controller()
class ItemsController {
  @Get('items')
  items(@Query('format') format: unknown, @Headers('accept') accept?: string): object {
    calls.items++;
    const f = resolveExportFormat(format, accept);
    if (f !== 'json')
      return exportFile(f, { resource: 'items', columns: exportColumns({ a: 'number' }), rows: [{ a: 1 }], fileName: 'items' });
    return { contenido: [1, 2, 3] };
  }

  @Get('missing')
  missing(): never {
    throw new NotFoundError();
  }

  @Get('current')
  @CurrentToday()
  current(): object {
    return { hoy: true };
  }

  @Get('numbering')
  @NoStore()
  numbering(): object {
    return { numero: 'NE1' };
  }
}

describe('ConditionalRequestGuard (Nest + Fastify)', () => {
  let app: NestFastifyApplication;
  const versions = { current: '7' as string, lookups: 0, async: false };

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      controllers: [ItemsController],
      providers: [
        FakeAuthGuard,
        {
          provide: DataVersionReader,
          useValue: {
            version: (): string | Promise<string> => {
              versions.lookups++;
              return versions.async ? Promise.resolve(versions.current) : versions.current;
            },
          },
        },
      ],
    }).compile();
    app = moduleRef.createNestApplication<NestFastifyApplication>(new FastifyAdapter());
    // As @fastify/cors does with a list of origins: Vary: Origin must survive our Vary: Accept.
    app
      .getHttpAdapter()
      .getInstance()
      .addHook('onRequest', (req, reply, done) => {
        if (req.headers.origin) reply.header('vary', 'Origin');
        done();
      });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });

  afterAll(() => app.close());

  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    app.inject({ method, url, headers: { authorization: 'Bearer good', ...headers } });

  it('a 200 carries a strong ETag and Cache-Control: private, no-cache', async () => {
    const res = await get('/items');
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toMatch(/^"[^"]+"$/);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.vary).toBe('Accept');
  });

  it('a matching If-None-Match gets 304 with no body and the same ETag, without running the handler', async () => {
    const { headers } = await get('/items');
    const before = calls.items;
    const res = await get('/items', { 'if-none-match': String(headers.etag) });
    expect(res.statusCode).toBe(304);
    expect(res.body).toBe('');
    expect(res.headers.etag).toBe(headers.etag);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers['content-length']).toBeUndefined();
    expect(calls.items).toBe(before);
  });

  it('also when the version lookup is asynchronous (cache miss)', async () => {
    versions.async = true;
    try {
      const { headers } = await get('/items');
      expect((await get('/items', { 'if-none-match': String(headers.etag) })).statusCode).toBe(304);
    } finally {
      versions.async = false;
    }
  });

  it('authentication comes first: a bad token with a matching ETag is 401, and looks nothing up', async () => {
    const { headers } = await get('/items');
    const lookups = versions.lookups;
    const res = await app.inject({
      method: 'GET',
      url: '/items',
      headers: { authorization: 'Bearer bad', 'if-none-match': String(headers.etag) },
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers.etag).toBeUndefined();
    expect(versions.lookups).toBe(lookups);
  });

  it('a new data version changes the ETag, and the old one gets a 200', async () => {
    const old = (await get('/items')).headers.etag;
    versions.current = '8';
    try {
      const res = await get('/items', { 'if-none-match': String(old) });
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).not.toBe(old);
    } finally {
      versions.current = '7';
    }
  });

  it('another tenant, format or Accept gets another ETag', async () => {
    const tags = [
      (await get('/items')).headers.etag,
      (await get('/items', { authorization: 'Bearer other' })).headers.etag,
      (await get('/items?format=csv')).headers.etag,
      (await get('/items', { accept: 'text/csv' })).headers.etag,
      (await get('/items?format=xlsx')).headers.etag,
    ];
    expect(new Set(tags).size).toBe(5);
  });

  it('exports carry it too, and revalidate to 304', async () => {
    const res = await get('/items?format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body).toBe('\uFEFFa\r\n1\r\n');
    expect((await get('/items?format=csv', { 'if-none-match': String(res.headers.etag) })).statusCode).toBe(304);
  });

  it('HEAD carries the ETag of its GET', async () => {
    const getTag = (await get('/items')).headers.etag;
    const head = await get('/items', {}, 'HEAD');
    expect(head.headers.etag).toBe(getTag);
  });

  it('Vary keeps what was there (CORS: Origin) and adds Accept, on the 200 and the 304', async () => {
    const ok = await get('/items', { origin: 'https://app.example' });
    expect(ok.headers.vary).toBe('Origin, Accept');
    const notModified = await get('/items', { origin: 'https://app.example', 'if-none-match': String(ok.headers.etag) });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.headers.vary).toBe('Origin, Accept');
  });

  it('a weak tag matches by weak comparison (RFC 9110 §13.1.2), a weak other tag does not', async () => {
    const { headers } = await get('/items');
    const weak = await get('/items', { 'if-none-match': `W/${headers.etag}` });
    expect(weak.statusCode).toBe(304);
    expect(weak.headers.etag).toBe(headers.etag);
    expect((await get('/items', { 'if-none-match': 'W/"otro"' })).statusCode).toBe(200);
  });

  it('* gets 304 where the handler succeeds, and its error where it fails', async () => {
    const before = calls.items;
    const ok = await get('/items', { 'if-none-match': '*' });
    expect(ok.statusCode).toBe(304);
    expect(ok.body).toBe('');
    expect(ok.headers['content-type']).toBeUndefined();
    expect(calls.items).toBe(before + 1);
    expect(ok.headers.etag).toBe((await get('/items')).headers.etag);
    const file = await get('/items?format=csv', { 'if-none-match': '*' });
    expect(file.statusCode).toBe(304);
    expect(file.body).toBe('');
    expect(file.headers['content-disposition']).toBeUndefined();
    expect((await get('/missing', { 'if-none-match': '*' })).statusCode).toBe(404);
    const invalid = await get('/items?format=pdf', { 'if-none-match': '*' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ code: 'FORMATO_INVALIDO' });
  });

  it('errors carry neither ETag nor the revalidation Cache-Control', async () => {
    const res = await get('/missing');
    expect(res.statusCode).toBe(404);
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['cache-control']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    // What was there before the guard (CORS: Origin) stays.
    expect((await get('/missing', { origin: 'https://app.example' })).headers.vary).toBe('Origin');
  });

  it('a current list gets a new ETag on a new day in Bogotá', async () => {
    const now = jest.spyOn(Date, 'now');
    try {
      now.mockReturnValue(Date.parse('2026-11-25T04:59:00Z'));
      const late = (await get('/current')).headers.etag;
      now.mockReturnValue(Date.parse('2026-11-25T05:01:00Z'));
      const next = (await get('/current')).headers.etag;
      now.mockReturnValue(Date.parse('2026-11-25T04:00:00Z'));
      expect((await get('/current')).headers.etag).toBe(late);
      expect(next).not.toBe(late);
    } finally {
      now.mockRestore();
    }
  });

  it('@NoStore: no-store and no ETag, even inside a @Conditional controller', async () => {
    const res = await get('/numbering', { 'if-none-match': '*' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.etag).toBeUndefined();
  });
});

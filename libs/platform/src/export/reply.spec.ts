import { StreamableFile } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../errors/domain-error';
import { exportColumns } from './export-column';
import { peekRequestFormat, type ReplySpec, requestFormat, respond } from './reply';

class Page {
  constructor(readonly size: number) {}
}
class Whole {
  constructor(readonly of: Page) {}
}

/** A bus that records what it ran: a Page answers `size` rows, a Whole three. */
function bus(): { execute(m: object): Promise<unknown>; ran: string[] } {
  const ran: string[] = [];
  return {
    ran,
    execute: async (m: object) => {
      ran.push(m.constructor.name);
      if (m instanceof Whole) return [{ a: 1 }, { a: 2 }, { a: 3 }];
      return { rows: Array.from({ length: (m as Page).size }, (_, i) => ({ a: i })), total: 9 };
    },
  };
}

function fakeReply(query: Record<string, unknown> = {}, accept?: string): FastifyReply & { sent: Record<string, string> } {
  const sent: Record<string, string> = {};
  const reply = {
    sent,
    request: { query, headers: accept ? { accept } : {} } as unknown as FastifyRequest,
    server: {},
    header(name: string, value: string) {
      sent[name] = value;
      return reply;
    },
    headers(values: Record<string, string>) {
      Object.assign(sent, values);
      return reply;
    },
  };
  return reply as unknown as FastifyReply & { sent: Record<string, string> };
}

type Rows = { rows: object[]; total: number };
const SPEC: ReplySpec<Page, Rows> = {
  json: (page) => `{"total":${page.total}}`,
  jsonType: 'application/json; charset=utf-8',
  headers: (page) => ({ 'x-total': String(page.total) }),
  file: {
    resource: 'items',
    columns: exportColumns({ a: 'number' }),
    rows: (page) => page.rows,
    fileName: (q) => `items-${q.size}`,
    whole: (q) => (q.size === 0 ? new Whole(q) : undefined),
  },
};

async function text(file: StreamableFile): Promise<string> {
  let out = '';
  for await (const chunk of file.getStream()) out += String(chunk);
  return out;
}

describe('respond', () => {
  it('answers JSON with its content type and headers by default', async () => {
    const b = bus();
    const reply = fakeReply();
    expect(await respond(b, reply, SPEC, new Page(2))).toBe('{"total":9}');
    expect(reply.sent).toEqual({ 'x-total': '9', 'content-type': 'application/json; charset=utf-8' });
    expect(b.ran).toEqual(['Page']);
  });

  it('answers the file of the read in the requested format', async () => {
    const b = bus();
    const reply = fakeReply({ format: 'csv' });
    const file = (await respond(b, reply, SPEC, new Page(2))) as StreamableFile;
    expect(file).toBeInstanceOf(StreamableFile);
    expect(file.getHeaders().disposition).toContain('items-2.csv');
    expect(await text(file)).toBe('\ufeffa\r\n0\r\n1\r\n');
    expect(reply.sent).toEqual({ 'x-total': '9' });
  });

  it("reads the spec's whole query for a file when it gives one", async () => {
    const b = bus();
    const file = (await respond(b, fakeReply({}, 'text/csv'), SPEC, new Page(0))) as StreamableFile;
    expect(await text(file)).toBe('\ufeffa\r\n1\r\n2\r\n3\r\n');
    expect(b.ran).toEqual(['Whole']);
  });

  it('refuses an unknown format with a 400 before running anything', async () => {
    const b = bus();
    await expect(respond(b, fakeReply({ format: 'pdf' }), SPEC, new Page(2))).rejects.toBeInstanceOf(DomainError);
    expect(b.ran).toEqual([]);
  });

  it('answers JSON only, whatever the format, without a file', async () => {
    const jsonOnly: ReplySpec<Page, Rows> = { json: (page) => page.rows };
    expect(await respond(bus(), fakeReply({ format: 'pdf' }), jsonOnly, new Page(1))).toEqual([{ a: 0 }]);
  });
});

describe('requestFormat', () => {
  it('is resolved once per request: the guard peeks, the reply reuses', () => {
    const req = { query: { format: 'xlsx' }, headers: {} } as unknown as FastifyRequest;
    expect(peekRequestFormat(req)).toBe('xlsx');
    (req.query as Record<string, unknown>).format = 'csv';
    expect(requestFormat(req)).toBe('xlsx');
  });

  it('leaves an invalid format to the reply (peek is undefined, then the 400)', () => {
    const req = { query: { format: 'pdf' }, headers: {} } as unknown as FastifyRequest;
    expect(peekRequestFormat(req)).toBeUndefined();
    expect(() => requestFormat(req)).toThrow(DomainError);
  });
});

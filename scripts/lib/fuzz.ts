import fc from 'fast-check';
import type { Dataset } from '@nomina-api/importer/dataset.types';

/**
 * Requests derived from the OpenAPI document with fast-check: for every operation, each
 * parameter gets valid values (examples, enums, schema ranges, identifiers of the dataset),
 * boundary values (limits ± 1, empty, huge, other uuid spellings) and mutated ones (random
 * Unicode, control characters, percent-encoded invalid UTF-8, injection-looking text); plus
 * random headers, unknown parameters, repeated parameters, other methods and bodies.
 *
 * `checkResponse` holds the invariants: no 5xx but the documented 500 of GET /pagos without
 * params[estados]; every 4xx/5xx is problem+json with a detail and message = detail; 2xx bodies parse; no stack
 * traces or SQL in any body.
 */

interface Schema {
  type?: string;
  format?: string;
  enum?: string[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  pattern?: string;
  example?: unknown;
  default?: unknown;
  items?: Schema;
  $ref?: string;
  properties?: Record<string, Schema>;
}

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema?: Schema;
  example?: unknown;
}

interface OpenApiDoc {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: unknown; responses?: Record<string, unknown> }>>;
  components?: { schemas?: Record<string, Schema> };
}

export interface FuzzRequest {
  method: string;
  /** Path and query, already percent-encoded (may hold invalid UTF-8 escapes on purpose). */
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** `METHOD /openapi/path` the request was derived from. */
  operation: string;
}

export interface FuzzResponse {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

export interface FuzzContext {
  /** Valid bearer tokens (at least one per active tenant). */
  tokens: string[];
  /** Identifiers from the dataset, so valid values reach the handlers' SQL. */
  uuids: string[];
  documents: string[];
  suppliers: string[];
  emails: string[];
}

export function contextFromDataset(data: Dataset, tokens: string[]): FuzzContext {
  const uuids = new Set<string>();
  const walk = (v: unknown): void => {
    if (typeof v === 'string' && /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i.test(v)) uuids.add(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(data);
  return {
    tokens,
    uuids: [...uuids].slice(0, 400),
    documents: data.tenants.flatMap((t) => (t.empleados ?? []).map((e) => e.identificacion)),
    suppliers: data.tenants.flatMap((t) => (t.proveedores ?? []).map((p) => p.identificacion)),
    emails: data.tenants.flatMap((t) => (t.usuarios ?? []).map((u) => u.email)),
  };
}

/** Percent-encodes a string as UTF-8, leaving unreserved characters. */
const enc = (s: string): string => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));

/** A raw escaped value: `%XX` bytes that are not valid UTF-8 (overlongs, lone continuations, truncated sequences). */
const invalidUtf8 = fc.constantFrom(
  '%FF',
  '%FE%FF',
  '%C0%AF',
  '%E0%80%AF',
  '%80',
  '%BF%BF',
  '%C3',
  '%C3%28',
  '%E2%82',
  '%F0%9F%98',
  '%ED%A0%80',
  '%F8%88%80%80%80',
  '%00',
  '%',
  '%G1',
  '%%',
  '%2',
);

/** Escaped fragments mixed freely with plain text. */
const rawFragment = fc.oneof(
  invalidUtf8,
  fc.string({ maxLength: 12 }).map(enc),
  fc.constantFrom('%20', '+', '%2B', '%2F', '%5C', '%22', '%27', '%3C', '%3E', '%0A', '%0D', '%09', '%E2%80%AE', '%EF%BB%BF', '..%2F..%2F'),
);
const rawMutant: fc.Arbitrary<string> = fc.array(rawFragment, { minLength: 1, maxLength: 6 }).map((parts) => parts.join(''));

const nasty = fc.constantFrom(
  "' or 1=1--",
  '"; drop table pago; --',
  '%',
  '_',
  '\\',
  '%_%',
  '${jndi:ldap://x}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e309',
  '0x10',
  ' ',
  '\t',
  'ñÑáéíóú',
  '😀👍🏽',
  '\u202Eevil',
  '\u0000',
  '\u0001\u001f',
  'Ａ',
  '٣',
  'ǅ',
  'İ',
  'ß',
);

const bigNumbers = fc.constantFrom(
  '2147483647',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '99999999999999999999999',
  '1e3',
  '1.5',
  '-1',
  '0',
  '00',
  '+1',
  ' 1',
  '1 ',
  '١',
);

function longString(): fc.Arbitrary<string> {
  return fc
    .tuple(fc.constantFrom('a', 'é', '%', '😀', '1', 'Ω'), fc.constantFrom(199, 200, 201, 300, 1000, 4000))
    .map(([c, n]) => c.repeat(n));
}

function uuidSpellings(ctx: FuzzContext): fc.Arbitrary<string> {
  const known = ctx.uuids.length ? fc.constantFrom(...ctx.uuids) : fc.uuid();
  return fc.oneof(
    known,
    known.map((u) => u.replace(/-/g, '').toUpperCase()),
    known.map((u) => u.toLowerCase()),
    known.map((u) => u.replace(/-/g, '').slice(0, 31)),
    known.map((u) => `${u}0`),
    known.map((u) => `{${u}}`),
    known.map((u) => u.replace(/[0-9a-f]/i, 'g')),
    fc.uuid(),
    fc.constant('00000000-0000-0000-0000-000000000000'),
  );
}

function isoDate(): fc.Arbitrary<string> {
  return fc.oneof(
    fc
      .date({ min: new Date('1899-01-01T00:00:00Z'), max: new Date('2101-12-31T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
    fc.constantFrom(
      '2024-02-29',
      '2023-02-29',
      '2024-13-01',
      '2024-00-10',
      '2024-1-5',
      '24-01-01',
      '2024/01/01',
      '0000-01-01',
      '9999-12-31',
      '2024-01-32',
    ),
  );
}

function isoInstant(): fc.Arbitrary<string> {
  return fc.oneof(
    fc
      .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString()),
    fc.constantFrom(
      '2024-03-01T00:00:00Z',
      '2024-03-01T00:00:00.000+05:00',
      '2024-02-30T00:00:00.000Z',
      '2024-03-01T24:00:00.000Z',
      '2024-03-01',
      '2024-03-01T00:00:00.0000Z',
    ),
  );
}

/** Valid, boundary and mutated plain values for one parameter (before encoding). */
function plainValue(name: string, schema: Schema, ctx: FuzzContext): fc.Arbitrary<string> {
  const valid: fc.Arbitrary<string>[] = [];
  if (schema.enum?.length)
    valid.push(
      fc.constantFrom(...schema.enum),
      fc.constantFrom(...schema.enum).map((e) => e.toLowerCase()),
    );
  if (schema.example !== undefined) valid.push(fc.constant(String(schema.example)));
  if (schema.type === 'integer') {
    const min = schema.minimum ?? -5;
    const max = schema.maximum ?? 5000;
    valid.push(fc.integer({ min, max: Math.min(max, min + 3000) }).map(String), fc.constantFrom(min, max, min - 1, max + 1).map(String));
  }
  if (schema.format === 'date') valid.push(isoDate());
  if (schema.pattern?.includes('T\\d{2}')) valid.push(isoInstant());
  if (schema.type === 'array' && schema.items?.pattern) {
    const fields = /^\^\(([^)]*)\)/.exec(schema.items.pattern)?.[1].split('|') ?? [];
    if (fields.length)
      valid.push(
        fc
          .tuple(fc.constantFrom(...fields, 'uuid', 'x'), fc.constantFrom('', ',asc', ',DESC', ',Desc', ',up', ',', ',asc,desc'))
          .map(([f, d]) => f + d),
      );
  }
  if (/uuid|pago|id$|business/i.test(name)) valid.push(uuidSpellings(ctx));
  if (/identificacion/i.test(name))
    valid.push(
      fc.constantFrom(...ctx.documents, ...ctx.suppliers),
      fc.constantFrom(...ctx.suppliers).map((s) => `${s.slice(0, 3)}.${s.slice(3)}-7`),
    );
  if (/estados/i.test(name)) valid.push(fc.subarray(['EP', 'PA', 'PP', 'PG', 'RE', 'AN', 'pg', ' pp ', 'XX', '']).map((a) => a.join(',')));
  if (/filter/i.test(name)) valid.push(fc.constantFrom('perez', 'Pérez', 'PÉREZ', '%', '_', 'a_b', '100%', ...ctx.documents.slice(0, 5)));
  if (!valid.length) valid.push(fc.string({ maxLength: 20 }));
  return fc.oneof(
    { weight: 6, arbitrary: fc.oneof(...valid) },
    { weight: 2, arbitrary: fc.oneof(bigNumbers, longString(), fc.constant('')) },
    { weight: 2, arbitrary: fc.oneof(nasty, fc.string({ unit: 'grapheme', maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 30 })) },
  );
}

/** The encoded value: usually the plain value UTF-8 encoded, sometimes raw invalid escapes. */
function encodedValue(name: string, schema: Schema, ctx: FuzzContext): fc.Arbitrary<string> {
  return fc.oneof({ weight: 8, arbitrary: plainValue(name, schema, ctx).map(enc) }, { weight: 2, arbitrary: rawMutant });
}

function headersArb(ctx: FuzzContext, method: string): fc.Arbitrary<Record<string, string>> {
  const headerText = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 60 });
  const latin1 = fc.string({ unit: fc.integer({ min: 0xa0, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 20 });
  const auth = fc.oneof(
    { weight: 10, arbitrary: fc.constantFrom(...ctx.tokens).map((t) => `Bearer ${t}`) },
    {
      weight: 2,
      arbitrary: fc.oneof(
        fc.constantFrom(
          '',
          'Bearer',
          'Bearer ',
          'Basic YTpi',
          'bearer x.y.z',
          'Bearer eyJhbGciOiJub25lIn0.e30.',
          `Bearer ${'a'.repeat(5000)}`,
        ),
        fc.constantFrom(...ctx.tokens).map((t) => `Bearer ${t.slice(0, -3)}abc`),
        // A valid token that is not exactly one token68 (issue #13): junk after it, a tab, two tokens.
        fc
          .tuple(fc.constantFrom(...ctx.tokens), fc.constantFrom(' junk', ' x', '\tx', ' , realm="a"'))
          .map(([t, junk]) => `Bearer ${t}${junk}`),
        fc.constantFrom(...ctx.tokens).map((t) => `Bearer\t${t}`),
        headerText.map((t) => `Bearer ${t}`),
      ),
    },
  );
  return fc.record(
    {
      authorization: auth,
      accept: fc.constantFrom(
        'application/json',
        'text/csv',
        '*/*',
        'text/html',
        'application/xml',
        'text/csv;q=0.1, application/json',
        'garbage/;;;',
        '',
      ),
      'accept-language': fc.constantFrom('es-CO', 'en', '*', 'zz'),
      'accept-encoding': fc.constantFrom('gzip', 'br', 'identity', 'deflate, gzip;q=0', '*'),
      'x-request-id': fc.oneof(headerText, latin1, fc.constant('x'.repeat(200))),
      origin: fc.oneof(fc.constantFrom('https://nomina.example.co', 'null', 'http://evil.example'), headerText),
      'content-type': fc.constantFrom(
        'application/json',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/json; charset=latin1',
        'application/problem+json',
      ),
      'if-none-match': headerText,
      range: fc.constantFrom('bytes=0-10', 'bytes=-1', 'items=0-5'),
      'x-forwarded-for': fc.constantFrom('1.2.3.4', '::1', 'garbage'),
      cookie: headerText,
      'x-custom': latin1,
    },
    { requiredKeys: method === 'GET' ? ['authorization'] : [] },
  );
}

function loginBody(ctx: FuzzContext): fc.Arbitrary<string> {
  const value = fc.oneof(
    fc.constantFrom(...ctx.emails),
    fc.string({ maxLength: 40 }),
    longString(),
    fc.integer(),
    fc.constant(null),
    fc.array(fc.string(), { maxLength: 2 }),
    fc.object({ maxDepth: 1 }),
  );
  return fc.oneof(
    fc
      .record({ email: value, password: value, business: fc.oneof(uuidSpellings(ctx), value) }, { requiredKeys: [] })
      .map((o) => JSON.stringify(o)),
    fc.constantFrom(
      '',
      '{',
      '[]',
      'null',
      '"x"',
      '{"email":"a@b.co","password":"x"',
      '{"__proto__":{"admin":true}}',
      '{"constructor":{"prototype":{"x":1}}}',
    ),
    // Deep nesting (once a 500 from the recursive validation) and NUL (once PostgreSQL's 22021).
    fc.constantFrom(40, 1_500, 20_000).map((d) => `{"email":${'['.repeat(d)}"x"${']'.repeat(d)},"password":"x"}`),
    fc.constantFrom(...ctx.emails).map((e) => JSON.stringify({ email: `${e}\u0000`, password: 'x' })),
    fc.constantFrom('email', 'password', 'business').map((k) => `{"email":"a@b.co","password":"x","${k}":"a\\u0000b"}`),
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc.json(),
  );
}

/** One arbitrary request for one operation of the document. */
function operationRequest(doc: OpenApiDoc, path: string, method: string, ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const op = doc.paths[path][method];
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const schemaOf = (p: Parameter): Schema => ({ ...(p.schema ?? {}), example: p.example ?? p.schema?.example });

  const pathValues = fc.tuple(...pathParams.map((p) => encodedValue(p.name, schemaOf(p), ctx)));
  const queryValues = fc.tuple(
    ...queryParams.map((p) =>
      fc.option(
        fc.oneof(
          { weight: 9, arbitrary: encodedValue(p.name, schemaOf(p), ctx).map((v) => [v]) },
          { weight: 1, arbitrary: fc.array(encodedValue(p.name, schemaOf(p), ctx), { minLength: 2, maxLength: 3 }) },
        ),
        { freq: p.required ? 10 : 2 },
      ),
    ),
  );
  const extraQuery = fc.array(
    fc.tuple(
      fc.oneof(fc.constantFrom('params[x]', 'a[b][c]', '__proto__', 'constructor', 'x'), fc.string({ maxLength: 8 })).map(enc),
      encodedValue('extra', {}, ctx),
    ),
    { maxLength: 2 },
  );
  const methods = fc.oneof(
    { weight: 12, arbitrary: fc.constant(method.toUpperCase()) },
    { weight: 1, arbitrary: fc.constantFrom('HEAD', 'OPTIONS', 'POST', 'PUT', 'DELETE', 'PATCH') },
  );

  return fc
    .record({
      pathValues,
      queryValues,
      extraQuery,
      method: methods,
      headers: headersArb(ctx, method.toUpperCase()),
      body: loginBody(ctx),
      encodeBrackets: fc.boolean(),
    })
    .map((r) => {
      let p = path;
      pathParams.forEach((param, i) => (p = p.replace(`{${param.name}}`, r.pathValues[i] || '%20')));
      const pairs: string[] = [];
      queryParams.forEach((param, i) => {
        const values = r.queryValues[i];
        const name = r.encodeBrackets ? enc(param.name) : param.name;
        if (values) for (const v of values) pairs.push(`${name}=${v}`);
      });
      for (const [k, v] of r.extraQuery) pairs.push(`${k}=${v}`);
      const hasBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method);
      const headers = { ...r.headers };
      if (!hasBody) delete headers['content-type'];
      return {
        method: r.method,
        url: pairs.length ? `${p}?${pairs.join('&')}` : p,
        headers,
        body: hasBody ? r.body : undefined,
        operation: `${method.toUpperCase()} ${path}`,
      };
    });
}

/** Every operation of the document (docs excluded), weighted equally. */
export function requestArbitrary(doc: OpenApiDoc, ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const ops = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((m) => ['get', 'post'].includes(m))
      .map((m) => operationRequest(doc, path, m, ctx)),
  );
  const unknownRoute = fc
    .tuple(rawMutant, headersArb(ctx, 'GET'))
    .map(([p, headers]) => ({ method: 'GET', url: `/${p}`, headers, operation: 'unknown route' }));
  // Paths that climb out of the Swagger UI assets (issue #13): 404, never a 403 that says BUSINESS_FORBIDDEN.
  const traversal = fc
    .tuple(
      fc.constantFrom(
        '/docs/../../package.json',
        '/docs/%2e%2e/%2e%2e/package.json',
        '/docs/..%5c..%5cpackage.json',
        '/docs/..;/..;/package.json',
        '/docs/static/../../../.env',
      ),
      headersArb(ctx, 'GET'),
    )
    .map(([url, headers]) => ({ method: 'GET', url, headers, operation: 'unknown route' }));
  return fc.oneof(...ops, unknownRoute, traversal);
}

const LEAK =
  /at \w[\w.<>]* \(|node_modules|\bselect\b.+\bfrom\b|syntax error at|violates .* constraint|QueryFailedError|TypeError|ReferenceError/i;

/** The violations of one exchange (empty when it is fine). */
export function checkResponse(req: FuzzRequest, res: FuzzResponse): string[] {
  const problems: string[] = [];
  const type = String(res.headers['content-type'] ?? '');
  // HEAD carries no body to show the code: there the request itself must lack params[estados].
  const documented500 =
    res.status === 500 &&
    req.operation === 'GET /pagos' &&
    (req.method === 'GET'
      ? /"code":"ESTADOS_REQUERIDO"/.test(res.body)
      : req.method === 'HEAD' && !/[?&]params(\[|%5B)estados(]|%5D)=/i.test(req.url));
  if (res.status >= 500 && !documented500) problems.push(`status ${res.status}`);
  if (res.status >= 400 && req.method !== 'HEAD') {
    if (!/^application\/problem\+json/.test(type)) problems.push(`${res.status} with content-type "${type}"`);
    else {
      try {
        const body = JSON.parse(res.body) as { detail?: unknown; message?: unknown; status?: unknown; code?: unknown };
        if (typeof body.detail !== 'string' || body.detail.trim() === '') problems.push(`${res.status} problem without detail`);
        if (body.message !== body.detail) problems.push(`${res.status} problem whose message is not its detail`);
        if (body.code === 'BUSINESS_FORBIDDEN' && req.operation === 'unknown route')
          problems.push('BUSINESS_FORBIDDEN outside the business check');
        if (body.status !== res.status) problems.push(`problem status ${String(body.status)} ≠ HTTP ${res.status}`);
        if (typeof body.code !== 'string') problems.push('problem without code');
      } catch {
        problems.push(`${res.status} problem body is not JSON`);
      }
    }
  }
  if (res.status >= 200 && res.status < 300 && req.method === 'GET' && /json/.test(type)) {
    try {
      JSON.parse(res.body);
    } catch {
      problems.push('2xx JSON body does not parse');
    }
  }
  if (res.status >= 400 && LEAK.test(res.body)) problems.push('body leaks internals');
  return problems;
}

export function describeRequest(req: FuzzRequest): string {
  const auth = req.headers.authorization ? `${req.headers.authorization.slice(0, 20)}…` : 'none';
  return `${req.method} ${req.url.length > 300 ? req.url.slice(0, 300) + '…' : req.url} [auth ${auth}${req.body !== undefined ? `, body ${JSON.stringify(req.body.slice(0, 80))}` : ''}]`;
}

export { fc };

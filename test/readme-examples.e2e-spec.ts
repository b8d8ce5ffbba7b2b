import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DEMO_EXAMPLES } from '../apps/api/src/demo-examples';
import { OPERATION_IDS } from '../apps/api/src/openapi-polish';
import { type DemoServer, startDemoServer } from './support/demo-server';
import { importInProcess } from './support/import-cli';

/**
 * The first hour of a new user: every curl of the README and of the API page, and every example of
 * the OpenAPI document (what Swagger UI prefills), against a fresh database with the demo data,
 * loaded exactly as `npm start` loads it, served on a real socket.
 */

/** The documents whose curl examples run, in this order (the e-payroll example consumes numbers: it runs once). */
const IMPORT_DOCUMENTS = ['README.md', 'docs/IMPORT.md'].map((name) => ({ name, text: readFileSync(join(__dirname, '..', name), 'utf8') }));
const DOCUMENTS = ['README.md', 'docs/API.md'].map((name) => ({ name, text: readFileSync(join(__dirname, '..', name), 'utf8') }));
const DOCUMENTED_BASE = 'http://127.0.0.1:3000';
const DB = 'nomina_test_readme';
const run = promisify(execFile);

interface Example {
  line: number;
  script: string;
  expected: string;
}

/** Each ```bash block with a curl, and the fenced block right after it (its documented output). */
export function readmeExamples(markdown: string, name = 'README.md', command = /\bcurl\s/): Example[] {
  const fence = /^```([\w-]*)\n([\s\S]*?)^```\n/gm;
  const blocks: { lang: string; body: string; start: number; end: number }[] = [];
  for (let m = fence.exec(markdown); m; m = fence.exec(markdown)) {
    blocks.push({ lang: m[1], body: m[2], start: m.index, end: m.index + m[0].length });
  }
  const examples: Example[] = [];
  blocks.forEach((b, i) => {
    if (b.lang !== 'bash' || !command.test(b.body)) return;
    const next = blocks[i + 1];
    const line = markdown.slice(0, b.start).split('\n').length;
    if (!next || markdown.slice(b.end, next.start).trim() !== '')
      throw new Error(`${name}:${line}: a command block without its output block right after it`);
    examples.push({ line, script: b.body, expected: next.body });
  });
  return examples;
}

/** The documented output with `…` matching any text (also across lines); both sides trimmed. */
export function matchesDocumented(actual: string, documented: string): boolean {
  const pattern = documented
    .trim()
    .split('…')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[\\s\\S]*?');
  return new RegExp(`^${pattern}$`).test(actual.trim());
}

describe('first hour of a new user (README and OpenAPI examples on the demo data)', () => {
  let server: DemoServer;
  let base: string;
  let token: string;

  beforeAll(async () => {
    server = await startDemoServer(DB);
    base = server.base;
    const res = await fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_EXAMPLES.login),
    });
    token = ((await res.json()) as { tokenCurrent: string }).tokenCurrent;
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  describe('README.md and docs/API.md', () => {
    const examples = DOCUMENTS.flatMap((doc) => readmeExamples(doc.text, doc.name).map((e) => ({ ...e, where: `${doc.name}:${e.line}` })));

    it('has curl examples, each with its documented output', () => {
      expect(DOCUMENTS.map((doc) => readmeExamples(doc.text, doc.name).length > 0)).toEqual(DOCUMENTS.map(() => true));
      expect(examples.length).toBeGreaterThanOrEqual(10);
    });

    it('uses the demo values of DEMO_EXAMPLES (the one source shared with the OpenAPI document)', () => {
      const curls = examples.map((e) => e.script).join('\n');
      for (const value of [
        DEMO_EXAMPLES.login.email,
        DEMO_EXAMPLES.pago,
        DEMO_EXAMPLES.pagoEmpleado,
        DEMO_EXAMPLES.proveedor,
        DEMO_EXAMPLES.report.dateInitISO,
      ]) {
        expect(curls).toContain(value);
      }
    });

    // In document order: the e-payroll example consumes numbers, so its output assumes it runs once.
    it.each(examples.map((e) => [e.where, e] as const))('%s prints what the page shows', async (_where, example) => {
      // curl prints no final newline: the README shows each command's output on its own line.
      const script = `set -eu\ncurl() { command curl "$@"; local s=$?; echo; return $s; }\n${example.script.split(DOCUMENTED_BASE).join(base)}`;
      const { stdout } = await run('bash', ['-c', script], { env: { ...process.env, TOKEN: token }, maxBuffer: 16 * 1024 * 1024 });
      // curl -D - prints CRLF header lines; the CSV starts with a BOM, invisible in the README.
      const actual = stdout.replace(/\r\n/g, '\n').replace(/\uFEFF/g, '');
      if (!matchesDocumented(actual, example.expected)) {
        throw new Error(
          `${example.where}: the output differs from the documented one.\n--- documented\n${example.expected}\n--- actual\n${actual}`,
        );
      }
    });
  });

  describe('OpenAPI examples (what Swagger UI prefills)', () => {
    type Param = {
      name: string;
      in: string;
      required?: boolean;
      example?: unknown;
      examples?: Record<string, { value: unknown }>;
      schema?: { enum?: unknown[] };
    };
    type Op = {
      operationId: string;
      parameters?: Param[];
      requestBody?: { content: Record<string, { example?: unknown }> };
      responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
    };
    let operations: { method: string; path: string; op: Op }[];

    beforeAll(async () => {
      const doc = (await (await fetch(`${base}/docs-json`)).json()) as { paths: Record<string, Record<string, Op>> };
      operations = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ method, path, op })));
    });

    it('names every operation with the stable, unique, readable operationIds', () => {
      const ids = operations.map((o) => o.op.operationId).sort();
      expect(ids).toEqual(Object.values(OPERATION_IDS).sort());
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z]+$/);
    });

    it('declares a problem+json 503 on every operation and an example (or, for an enum, its choices) on every parameter', () => {
      for (const { method, path, op } of operations) {
        expect([method, path, op.responses['503']?.content?.['application/problem+json']]).toEqual([method, path, expect.anything()]);
        for (const p of op.parameters ?? []) {
          expect([path, p.name, p.example !== undefined || p.examples !== undefined || p.schema?.enum !== undefined]).toEqual([
            path,
            p.name,
            true,
          ]);
          // Swagger UI draws an enum as a selector and `examples` as another one: never both.
          if (p.schema?.enum) expect([path, p.name, p.examples]).toEqual([path, p.name, undefined]);
        }
      }
    });

    it('answers 200 to every operation called with its prefilled examples, as the demo login', async () => {
      const results: string[] = [];
      for (const { method, path, op } of operations) {
        let url = path;
        const query = new URLSearchParams();
        for (const p of op.parameters ?? []) {
          // Swagger UI sends `example`; a preselected empty entry of `examples` is not sent.
          const value = p.example !== undefined ? p.example : Object.values(p.examples ?? {})[0]?.value;
          if (value === undefined || value === '') continue;
          if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(String(value)));
          else if (p.in === 'query') for (const v of Array.isArray(value) ? value : [value]) query.append(p.name, String(v));
        }
        expect(url).not.toMatch(/[{}]/);
        const body = op.requestBody?.content['application/json']?.example;
        const res = await fetch(`${base}${url}${query.size ? `?${query}` : ''}`, {
          method: method.toUpperCase(),
          headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        });
        await res.arrayBuffer();
        results.push(`${op.operationId} ${res.status}`);
      }
      expect(results).toEqual(operations.map((o) => `${o.op.operationId} 200`));
    });

    it('prefills the login with a demo user and the report with a premium business of that user', () => {
      const login = operations.find((o) => o.op.operationId === 'login')!.op;
      expect(login.requestBody!.content['application/json'].example).toEqual(DEMO_EXAMPLES.login);
      const report = operations.find((o) => o.op.operationId === 'getReportUtility')!.op;
      const param = (name: string) => report.parameters!.find((p) => p.name === name)!;
      expect(param('businessId').example).toBe(DEMO_EXAMPLES.businessId);
      // An optional filter is offered, never prefilled: the try-out would silently narrow.
      expect([param('status').example, param('status').examples, param('status').schema?.enum]).toEqual([
        undefined,
        undefined,
        ['Pagada', 'Pendiente', 'Anulada'],
      ]);
    });

    it("documents POST /login's 200, 400 and 403 as the service answers them", async () => {
      const login = operations.find((o) => o.op.operationId === 'login')!.op;
      const documented = (status: string, type: string) => login.responses[status].content![type].example;
      const post = async (body: unknown) => {
        const res = await fetch(`${base}/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return { status: res.status, body: (await res.json()) as Record<string, unknown> };
      };
      const ok = await post(DEMO_EXAMPLES.login);
      expect(ok.status).toBe(200);
      expect({ ...ok.body, tokenCurrent: 'eyJ…' }).toEqual({ ...(documented('200', 'application/json') as object), tokenCurrent: 'eyJ…' });
      expect(await post({ password: 'x' })).toEqual({ status: 400, body: documented('400', 'application/problem+json') });
      const forbidden = await post({ ...DEMO_EXAMPLES.login, business: '9f3b2c1d-4e5f-4071-8293-a4b5c6d7e8f9' });
      expect(forbidden).toEqual({ status: 403, body: documented('403', 'application/problem+json') });
    });
  });

  // Last: the merge example writes to the demo data the curls above read.
  describe('import examples of README.md and docs/IMPORT.md (npm run import, on the same demo data)', () => {
    const examples = IMPORT_DOCUMENTS.flatMap((doc) =>
      readmeExamples(doc.text, doc.name, /^npm run import -- [^\n#]+\n$/).map((e) => ({ ...e, where: `${doc.name}:${e.line}` })),
    );

    it('has the merge example of docs/IMPORT.md', () => {
      expect(examples.filter((e) => e.where.startsWith('docs/IMPORT.md') && e.script.includes('--merge')).length).toBeGreaterThanOrEqual(3);
    });

    // In document order: the dry run writes nothing, the merge writes the day, the same file again is "sin cambios".
    it.each(examples.map((e) => [e.where, e] as const))('%s prints what the page shows', async (_where, example) => {
      const args = example.script
        .trim()
        .replace(/^npm run import -- /, '')
        .split(/\s+/);
      const run = await importInProcess(server.url, join(__dirname, '..', args[0]), args.slice(1));
      if (!matchesDocumented(run.stdout, example.expected)) {
        throw new Error(
          `${example.where}: the output differs from the documented one.\n--- documented\n${example.expected}\n--- actual\n${run.stdout}\n${run.stderr}`,
        );
      }
    });
  });
});

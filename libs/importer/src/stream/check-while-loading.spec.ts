import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ReferenceProblemsFound, type StreamedTenant } from '../reference-rules';
import { readDatasetFile } from './read-dataset';

/**
 * The rules of the file's second pass checked as a plain import's load reads each tenant
 * (DatasetRead.checkWhileLoading): a tenant that breaks them fails its `done()`, after which the
 * check pass still runs and lists the problems; a valid file passes every tenant; a list the load
 * left unread fails too (its items were never checked).
 */

const FIXTURE_TEXT = readFileSync(join(__dirname, '../../../../test/fixtures/example-dataset.json'), 'utf8');
type Json = Record<string, any>;

let dir: string;
let n = 0;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'check-while-loading-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function readOf(data: Json): ReturnType<typeof readDatasetFile> {
  const file = join(dir, `${n++}.json`);
  writeFileSync(file, JSON.stringify(data));
  return readDatasetFile(file);
}

/** What the load does with a tenant's lists: reads each to its end, payslips included, parents first. */
async function readAsTheLoadDoes(t: StreamedTenant): Promise<number> {
  let items = 0;
  for (const list of [t.tiposCotizante, t.conceptos, t.gruposPago, t.empleados, t.categorias, t.productos]) {
    for await (const _ of list ?? []) items++;
  }
  for await (const pago of t.pagos ?? []) for await (const _ of pago.empleados) items++;
  for (const list of [t.ventas, t.proveedores]) for await (const _ of list ?? []) items++;
  return items;
}

/** Each tenant through the fused check; the index of the first whose done() throws, or -1. */
async function firstFailing(data: Json): Promise<{ failing: number; problems: number }> {
  const read = await readOf(data);
  expect(read.problems).toEqual([]);
  const check = read.checkWhileLoading();
  let failing = -1;
  for (const [i, t] of read.dataset.tenants.entries()) {
    expect(await readAsTheLoadDoes(check.tenant(t, i))).toBeGreaterThan(0);
    try {
      check.done();
    } catch (err) {
      expect(err).toBeInstanceOf(ReferenceProblemsFound);
      failing = i;
      break;
    }
  }
  return { failing, problems: (await read.checkReferences()).problems.length };
}

describe('checkWhileLoading', () => {
  it('passes every tenant of a valid file', async () => {
    expect(await firstFailing(JSON.parse(FIXTURE_TEXT))).toEqual({ failing: -1, problems: 0 });
  });

  it('fails the tenant with a broken reference, and the check pass still lists it', async () => {
    const data = JSON.parse(FIXTURE_TEXT) as Json;
    const last = data.tenants.length - 1;
    data.tenants[last].pagos[0].empleados[0].vinculacion = '99999999-9999-4999-8999-999999999999';
    expect(await firstFailing(data)).toEqual({ failing: last, problems: 1 });
  });

  it('fails the tenant that repeats a payslip line uuid of an earlier tenant', async () => {
    const data = JSON.parse(FIXTURE_TEXT) as Json;
    const withLines = data.tenants.findIndex((t: Json) => t.pagos?.length);
    const later = data.tenants.findIndex((t: Json, i: number) => i > withLines && t.pagos?.length);
    expect(later).toBeGreaterThan(withLines);
    data.tenants[later].pagos[0].empleados[0].detalles[0].uuid = data.tenants[withLines].pagos[0].empleados[0].detalles[0].uuid;
    expect(await firstFailing(data)).toEqual({ failing: later, problems: 1 });
  });

  it('fails a tenant whose list the load left unread', async () => {
    const read = await readOf(JSON.parse(FIXTURE_TEXT));
    const check = read.checkWhileLoading();
    const t = check.tenant(read.dataset.tenants[0], 0);
    for await (const _ of t.conceptos ?? []) break;
    expect(() => check.done()).toThrow(ReferenceProblemsFound);
  });
});

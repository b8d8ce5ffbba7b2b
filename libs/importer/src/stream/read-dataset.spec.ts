import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Dataset } from '../dataset.types';
import { generateDataset, materializeDataset } from '../demo/generate-dataset';
import { writeDatasetFile } from '../demo/write-dataset-file';
import { validateDataset } from '../validate-dataset';
import { JsonStreamError } from './json-splitter';
import { LIST_FIELDS, SchemaCheck } from '../schema-validation';
import { CHUNK_BYTES, FileChangedError, locate, scanDatasetFile, type StreamedDataset } from './read-dataset';

/**
 * The streamed validation against the whole-document one (validateDataset on JSON.parse's
 * result): same problems, same paths, same order, for files broken in every layer; and what it
 * hands to the loader is the document.
 */

const FIXTURE_TEXT = readFileSync(join(__dirname, '../../../../test/fixtures/example-dataset.json'), 'utf8');
type Json = Record<string, any>;

let dir: string;
let n = 0;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'read-dataset-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fileOf(text: string): string {
  const file = join(dir, `${n++}.json`);
  writeFileSync(file, text);
  return file;
}

/** Both validations of the fixture broken by `breakIt`; the streamed one must equal the other. */
async function expectSameProblems(breakIt: (data: Json, t: Json[]) => void, indent?: number): Promise<number> {
  const data = JSON.parse(FIXTURE_TEXT) as Json;
  breakIt(data, data.tenants);
  const expected = validateDataset(data);
  const scan = await scanDatasetFile(fileOf(JSON.stringify(data, null, indent)));
  expect(scan.problems).toEqual(expected);
  return expected.length;
}

/** Payments and sales read back from the file, as the loader will see them. */
async function materialize(ds: StreamedDataset): Promise<Json> {
  const tenants = [];
  for (const t of ds.tenants) {
    const copy: Json = { ...t };
    for (const f of Object.keys(LIST_FIELDS)) {
      if (!copy[f]) continue;
      const items = [];
      for await (const item of copy[f]) {
        // A payment's payslips are read on from the same stream: taken before the next payment.
        if (f === 'pagos') {
          const payslips = [];
          for await (const pe of item.empleados) payslips.push(pe);
          items.push({ ...item, empleados: payslips });
        } else items.push(item);
      }
      copy[f] = items;
    }
    tenants.push(copy);
  }
  return { tenants };
}

const uuidOf = (kind: number, n: number): string => {
  const h = kind.toString(16).padStart(8, '0') + n.toString(16).padStart(24, '0');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20)}`;
};

describe('scanDatasetFile', () => {
  it('accepts the example and the demo dataset, and reads back exactly their content', async () => {
    const example = await scanDatasetFile(fileOf(FIXTURE_TEXT));
    expect(example.problems).toEqual([]);
    expect(await materialize(example.dataset)).toEqual(JSON.parse(FIXTURE_TEXT));

    const demo = generateDataset({ scale: 'demo' });
    const file = join(dir, 'demo.json');
    await writeDatasetFile(demo, file);
    const scan = await scanDatasetFile(file);
    expect(scan.problems).toEqual([]);
    const expected = JSON.parse(JSON.stringify(materializeDataset(demo))) as Dataset;
    expect(await materialize(scan.dataset)).toEqual(expected);
    const lines = expected.tenants.flatMap((t) => (t.pagos as Json[]).flatMap((p) => p.empleados.map((pe: Json) => pe.detalles.length)));
    expect(scan.totals.lineasNomina).toBe(lines.reduce((a, b) => a + b, 0));
  });

  it.each([
    ['a wrong type in a payment', (_: Json, t: Json[]) => (t[0].pagos[3].definitivo = 'si')],
    ['a wrong type in a sale and a missing tenant property', (_: Json, t: Json[]) => ((t[0].ventas[0].fecha = 5), delete t[1].nit)],
    ['an unknown property at the top and in a tenant', (d: Json, t: Json[]) => ((d.extra = 1), (t[2].otra = [1, 2]))],
    ['pagos that is not a list', (_: Json, t: Json[]) => (t[1].pagos = { a: 1 })],
    ['tenants that is not a list', (d: Json) => (d.tenants = 'x')],
    ['a tenant that is not an object', (_: Json, t: Json[]) => (t[1] = 7 as unknown as Json)],
    [
      'a broken reference in a payslip and in a sale line',
      (_: Json, t: Json[]) => {
        t[0].pagos[0].empleados[0].vinculacion = '99999999-9999-4999-8999-999999999999';
        t[0].ventas[1].lineas[0].producto = '99999999-9999-4999-8999-999999999999';
      },
    ],
    [
      'an unknown concept and fechaDesde after fechaHasta',
      (_: Json, t: Json[]) => {
        t[1].pagos[0].empleados[0].detalles[0].concepto = 'ZZZ';
        t[0].pagos[1].fechaDesde = '2099-01-01';
      },
    ],
    [
      'duplicate payment, payslip, line and sale uuids (first use located)',
      (_: Json, t: Json[]) => {
        t[0].pagos[1].uuid = t[0].pagos[0].uuid.toUpperCase();
        t[1].pagos[0].empleados[1].uuid = t[0].pagos[0].empleados[0].uuid;
        t[2].pagos[0].empleados[0].detalles[0].uuid = t[0].pagos[2].empleados[0].detalles[1].uuid.replace(/-/g, '');
        t[0].ventas[2].uuid = t[0].ventas[0].uuid;
      },
    ],
    [
      'repeated employee, bond, product and document (first uses located from numbers)',
      (_: Json, t: Json[]) => {
        t[2].empleados[1].uuid = t[0].empleados[3].uuid.toUpperCase();
        t[0].empleados[7].vinculaciones[0].uuid = t[0].empleados[5].vinculaciones[1].uuid.replace(/-/g, '');
        t[2].productos[4].uuid = t[0].productos[29].uuid;
        t[1].empleados[2].identificacion = t[1].empleados[0].identificacion.toLowerCase();
        t[1].empleados[2].tipoDocumento = t[1].empleados[0].tipoDocumento;
      },
    ],
    [
      'two payslips of one bond in a payment',
      (_: Json, t: Json[]) => (t[0].pagos[0].empleados[1].vinculacion = t[0].pagos[0].empleados[0].vinculacion),
    ],
    [
      'repeated e-mails, supplier identifications and establishment codes',
      (_: Json, t: Json[]) => {
        t[1].usuarios[0].email = t[0].usuarios[0].email.toUpperCase();
        t[0].proveedores[1].identificacion = t[0].proveedores[0].identificacion;
        t[0].proveedores[1].ubicacion = t[0].proveedores[0].ubicacion;
        t[0].proveedores[0].establecimientos.push({ ...t[0].proveedores[0].establecimientos[0] });
      },
    ],
    [
      'schema problems in employees, among those of the tenant and its other catalogs (each in place)',
      (_: Json, t: Json[]) => {
        t[0].nit = 7;
        t[0].conceptos[0].nombre = 5;
        t[0].empleados[1].tipoDocumento = 'XX';
        delete t[0].empleados[4].nombres;
        t[0].empleados[6].extra = true;
        t[0].empleados[7].vinculaciones[0].salarioBase = 'mucho';
        t[0].productos[0].codigo = 9;
        t[1].empleados[0] = 'nadie';
        t[1].empleados[2].vinculaciones = 3;
        t[2].empleados = { uno: 1 };
      },
    ],
    [
      'texts holding U+0000 (a tenant name, a payslip line, an employee, a supplier, a property name, a sale)',
      (_: Json, t: Json[]) => {
        t[0].nombre = 'Andina\u0000';
        t[0].pagos[1].empleados[0].detalles[0].concepto = '\u0000';
        t[0].empleados[2].nombres = 'A\u0000B';
        t[0].proveedores[0].establecimientos[0].direccion = 'Calle\u0000 1';
        t[1].pagos[0]['raro\u0000'] = 1;
        t[2].ventas[0].estado = '\u0000';
      },
    ],
    [
      'schema and reference problems in different tenants',
      (_: Json, t: Json[]) => {
        t[0].pagos[2].estado = 'XX';
        t[1].pagos[0].empleados[0].vinculacion = '99999999-9999-4999-8999-999999999999';
      },
    ],
  ])('reports %s as the whole-document validation does', async (_name, breakIt) => {
    expect(await expectSameProblems(breakIt)).toBeGreaterThan(0);
  });

  it("finds references whatever the order of a tenant's members (payments before employees and catalogs)", async () => {
    const count = await expectSameProblems((_, t) => {
      const { pagos, ventas, ...rest } = t[0];
      t[0] = { pagos, ventas, ...rest };
      t[0].pagos[0].empleados[0].vinculacion = '99999999-9999-4999-8999-999999999999';
    }, 2);
    expect(count).toBe(1);
  });

  it('reads a payment whose own members follow its payslips (any member order is valid JSON)', async () => {
    const data = JSON.parse(FIXTURE_TEXT) as Json;
    const pagos = data.tenants[0].pagos as Json[];
    pagos[1] = (({ empleados, ...members }) => ({ empleados, ...members }))(pagos[1]);
    pagos[2] = (({ uuid, empleados, ...members }) => ({ uuid, empleados, ...members }))(pagos[2]);
    const text = JSON.stringify(data, null, 1);
    expect(text.indexOf('"empleados"', text.indexOf(pagos[1].empleados[0].uuid) - 200)).toBeLessThan(text.indexOf(pagos[1].uuid));
    const scan = await scanDatasetFile(fileOf(text));
    expect(scan.problems).toEqual([]);
    expect(await materialize(scan.dataset)).toEqual(data);
  });

  it("reports problems of members after the payslips before the payslips', as for a whole payment", async () => {
    const count = await expectSameProblems((_, t) => {
      const p = t[0].pagos[1];
      t[0].pagos[1] = (({ empleados, ...members }) => ({ empleados, ...members }))(p);
      t[0].pagos[1].estado = 'XX';
      t[0].pagos[1].empleados[2].salarioBase = 'mucho';
      t[0].pagos[1].empleados[0].extra = 1;
    });
    expect(count).toBe(3);
    const refs = await expectSameProblems((_, t) => {
      const p = t[0].pagos[1];
      t[0].pagos[1] = (({ empleados, ...members }) => ({ empleados, ...members }))(p);
      t[0].pagos[1].grupoPago = '99999999-9999-4999-8999-999999999999';
      t[0].pagos[1].empleados[1].vinculacion = t[0].pagos[1].empleados[0].vinculacion;
    });
    expect(refs).toBe(2);
  });

  it('refuses a payment that names its payslips twice (a parsed document would silently keep the last list)', async () => {
    const data = JSON.parse(FIXTURE_TEXT) as Json;
    data.tenants[0].pagos[1].descripcion = 'MARKER';
    const text = JSON.stringify(data).replace('"descripcion":"MARKER"', '"descripcion":"x","empleados":[]');
    const scan = await scanDatasetFile(fileOf(text));
    expect(scan.problems).toEqual([{ path: '$.tenants[0].pagos[1].empleados', message: 'propiedad repetida: empleados' }]);
  });

  it('never holds a whole payment: one payment of 6,000 payslips is read one payslip at a time, a chunk at most', async () => {
    const data = JSON.parse(FIXTURE_TEXT) as Json;
    const t = data.tenants[0];
    const pago = t.pagos[0];
    const model = pago.empleados[0];
    const payslips = 6000;
    // Every payslip of one payment needs its own bond: the employees grow with it.
    for (let i = 0; i < payslips; i++) {
      const bond = uuidOf(2, i);
      t.empleados.push({
        ...t.empleados[0],
        uuid: uuidOf(1, i),
        identificacion: `X${i + 100}`,
        vinculaciones: [{ ...t.empleados[0].vinculaciones[0], uuid: bond }],
      });
      if (i >= pago.empleados.length)
        pago.empleados.push({
          ...model,
          uuid: uuidOf(3, i),
          vinculacion: bond,
          detalles: model.detalles.map((d: Json, k: number) => ({ ...d, uuid: uuidOf(4, i * 10 + k) })),
        });
    }
    const text = JSON.stringify(data);
    const pagoBytes = Buffer.byteLength(JSON.stringify(pago));
    const payslipBytes = pago.empleados.map((pe: Json) => Buffer.byteLength(JSON.stringify(pe)));
    expect(pagoBytes).toBeGreaterThan(2 * CHUNK_BYTES);
    const scan = await scanDatasetFile(fileOf(text));
    expect(scan.problems).toEqual([]);
    // The largest payslip or sale of the file (a payment's own members are smaller).
    const bytesOf = (v: unknown): number => Buffer.byteLength(JSON.stringify(v));
    const bound = Math.max(
      ...data.tenants.flatMap((tenant: Json) => [
        ...tenant.pagos.flatMap((p: Json) => p.empleados.map(bytesOf)),
        ...tenant.ventas.map(bytesOf),
      ]),
    );
    expect(bound).toBeLessThan(pagoBytes / 1000);
    // The first pass and the reference pass: no value bigger than a payslip or a sale was parsed,
    // and no more of them waited at once than one chunk can hold.
    expect(scan.dataset.readStats.largestValue).toBeLessThanOrEqual(bound);
    const oneChunk = Math.ceil(CHUNK_BYTES / Math.min(...payslipBytes)) + 1;
    expect(oneChunk).toBeLessThan(payslips / 2);
    expect(scan.dataset.readStats.mostQueued).toBeLessThanOrEqual(oneChunk);
    // And the read the loader makes.
    expect(await materialize(scan.dataset)).toEqual(data);
    expect(scan.dataset.readStats.largestValue).toBeLessThanOrEqual(bound);
    expect(scan.dataset.readStats.mostQueued).toBeLessThanOrEqual(oneChunk);
  });

  it('caps the list like the whole-document validation (a thousand, then a count)', async () => {
    const count = await expectSameProblems((_, t) => {
      for (const tenant of t) for (const p of tenant.pagos) for (const pe of p.empleados) for (const d of pe.detalles) d.concepto = 'ZZZ';
    });
    expect(count).toBe(1001);
  });

  it('holds no catalog for the schema check: the shell gets empty lists, each item is checked as it is read (in place)', async () => {
    const data = JSON.parse(FIXTURE_TEXT) as Json;
    data.tenants[0].empleados[3].tipoDocumento = 'XX';
    data.tenants[2].proveedores[1].ubicacion = 'AQUI';
    const expected = validateDataset(data);
    expect(expected.map((p) => p.path)).toEqual(['$.tenants[0].empleados[3].tipoDocumento', '$.tenants[2].proveedores[1].ubicacion']);
    const shells: Json[] = [];
    const original = SchemaCheck.prototype.shell;
    const shell = jest.spyOn(SchemaCheck.prototype, 'shell').mockImplementation(function (this: SchemaCheck, root: unknown) {
      shells.push(...((root as Json).tenants as Json[]));
      original.call(this, root);
    });
    try {
      const scan = await scanDatasetFile(fileOf(JSON.stringify(data)));
      expect(scan.problems).toEqual(expected);
    } finally {
      shell.mockRestore();
    }
    expect(shells).toHaveLength(3);
    for (const t of shells) for (const f of Object.keys(LIST_FIELDS)) expect(t[f] ?? []).toEqual([]);
    // The short lists stay in the shell as read.
    expect(shells[0].usuarios).toEqual(data.tenants[0].usuarios);
  });

  it('keeps no parsed employees after the first pass: each read of them goes back to the file', async () => {
    const file = fileOf(FIXTURE_TEXT);
    const scan = await scanDatasetFile(file);
    expect(scan.problems).toEqual([]);
    const empleados = scan.dataset.tenants[0].empleados!;
    expect(Array.isArray(empleados)).toBe(false);
    const read = async (): Promise<unknown[]> => {
      const items = [];
      for await (const e of empleados) items.push(e);
      return items;
    };
    const expected = (JSON.parse(FIXTURE_TEXT) as Json).tenants[0].empleados;
    expect(await read()).toEqual(expected);
    // A second read parses new objects: nothing was held between the reads.
    const [first] = await read();
    expect(first).toEqual(expected[0]);
    expect(first).not.toBe((await read())[0]);
    appendFileSync(file, ' ');
    await expect(read()).rejects.toBeInstanceOf(FileChangedError);
  });

  it('refuses to read payments again from a file written to after its validation', async () => {
    const file = fileOf(FIXTURE_TEXT);
    const scan = await scanDatasetFile(file);
    expect(scan.problems).toEqual([]);
    appendFileSync(file, ' ');
    await expect(materialize(scan.dataset)).rejects.toBeInstanceOf(FileChangedError);
  });

  describe('files that are not JSON, stopped at the first fault in file order', () => {
    const scanError = async (text: string | Buffer): Promise<JsonStreamError> => {
      const file = join(dir, `${n++}.json`);
      writeFileSync(file, text);
      const err = await scanDatasetFile(file).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(JsonStreamError);
      return err as JsonStreamError;
    };

    it('a lone surrogate inside a payment, by its JSON path', async () => {
      const data = JSON.parse(FIXTURE_TEXT) as Json;
      data.tenants[0].pagos[2].descripcion = 'MARKER';
      const err = await scanError(JSON.stringify(data).replace('MARKER', 'N\\udc00mina'));
      expect({ kind: err.kind, reason: err.reason }).toEqual({ kind: 'surrogate', reason: '$.tenants[0].pagos[2].descripcion' });
    });

    it('a file cut inside the payments: end of file, located at its last byte', async () => {
      const text = JSON.stringify(JSON.parse(FIXTURE_TEXT), null, 1);
      const cut = text.slice(0, text.indexOf('"pagos"') + 5000);
      const file = join(dir, `${n}.json`);
      const err = await scanError(cut);
      expect({ kind: err.kind, offset: err.offset, reason: err.reason }).toEqual({
        kind: 'syntax',
        offset: Buffer.byteLength(cut),
        reason: expect.stringContaining('fin del archivo inesperado'),
      });
      const lines = cut.split('\n');
      expect(await locate(file, err.offset)).toEqual({ line: lines.length, column: lines[lines.length - 1].length + 1 });
    });

    it('a Latin-1 byte inside a sale, by line and column (characters, not bytes)', async () => {
      const text = JSON.stringify(JSON.parse(FIXTURE_TEXT), null, 1);
      const at = text.indexOf('"ventas"');
      const before = Buffer.from(`${text.slice(0, at)}"ñ`);
      const file = join(dir, `${n}.json`);
      const err = await scanError(Buffer.concat([before, Buffer.from([0xf1]), Buffer.from(text.slice(at + 2))]));
      expect({ kind: err.kind, offset: err.offset }).toEqual({ kind: 'utf8', offset: before.length });
      const lines = `${text.slice(0, at)}"ñ`.split('\n');
      expect(await locate(file, err.offset)).toEqual({ line: lines.length, column: lines[lines.length - 1].length + 1 });
    });
  });
});

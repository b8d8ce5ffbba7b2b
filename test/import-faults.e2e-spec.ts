import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import type { Dataset, PagoInput, VentaInput } from '@nomina-api/importer/dataset.types';
import { generateDataset, materializeDataset } from '@nomina-api/importer/demo/generate-dataset';
import { validateDataset } from '@nomina-api/importer/validate-dataset';
import { exampleDataset } from '../scripts/lib/environment';
import { type CliRun, importCli as runCli, importInProcess as runInProcess, snapshot as snapshotOf } from './support/import-cli';
import { dropDatabase, seedDatabase } from './support/test-database';

/**
 * Import faults through the CLI (apps/api/src/cli/import.ts: its entry point in-process, and a
 * real child process for the kill), on a database of its own
 * loaded with the example dataset: a file that is truncated, has wrong types, broken references
 * or duplicate uuids changes nothing; a process SIGKILLed in the middle of a --replace load
 * leaves the database exactly as it was (per-table row counts and a checksum of every row).
 * The importer's own specs cover each validation rule and in-process rollbacks.
 */
jest.setTimeout(90_000);

const NAME = 'nomina_test_import_faults';
const ANDINA = '0ee9a9bb-2b87-43f0-82f5-d431917734f8';

let url: string;
let db: Client;
let dir: string;

const snapshot = (): Promise<Record<string, string>> => snapshotOf(db);
const importCli = (file: string, args: string[] = [], onStart?: (pid: number) => void): Promise<CliRun> => runCli(url, file, args, onStart);
const importInProcess = (file: string, args: string[] = []): Promise<CliRun> => runInProcess(url, file, args);

function write(name: string, content: string | Buffer): string {
  const file = join(dir, name);
  writeFileSync(file, content);
  return file;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'import-faults-'));
  url = await seedDatabase(NAME, [exampleDataset()]);
  db = new Client({ connectionString: url });
  await db.connect();
});

afterAll(async () => {
  await db?.end();
  if (process.env.TEST_PG_ADMIN_URL) await dropDatabase(process.env.TEST_PG_ADMIN_URL, NAME);
  rmSync(dir, { recursive: true, force: true });
});

describe('import faults (e2e, the CLI on a real database)', () => {
  it('bad files are refused with their JSON path and change nothing', async () => {
    const before = await snapshot();
    const good = exampleDataset();
    good.tenants = [good.tenants[2]];
    good.tenants[0].uuid = '11111111-2222-4333-8444-555555555555';
    good.tenants[0].usuarios = [];
    const text = JSON.stringify(good);

    const wrongTypes = structuredClone(good) as unknown as { tenants: Record<string, unknown>[] };
    (wrongTypes.tenants[0].pagos as Record<string, unknown>[])[0].ano = '2023';
    const broken = structuredClone(good);
    (broken.tenants[0].pagos as PagoInput[])[0].empleados[0].vinculacion = '99999999-9999-4999-8999-999999999999';
    const duplicate = structuredClone(good);
    const pagos = duplicate.tenants[0].pagos as PagoInput[];
    pagos[1].uuid = pagos[0].uuid.toUpperCase();
    const duplicateSale = structuredClone(good);
    const ventas = duplicateSale.tenants[0].ventas as VentaInput[];
    ventas[3].uuid = ventas[1].uuid.replace(/-/g, '');

    const cases: [string, string | Buffer, RegExp][] = [
      ['truncated.json', text.slice(0, Math.floor(text.length * 0.6)), /no es JSON válido en la línea \d+, columna \d+/],
      ['wrong-types.json', JSON.stringify(wrongTypes), /\$\.tenants\[0\]\.pagos\[0\]\.ano/],
      ['broken-reference.json', JSON.stringify(broken), /\$\.tenants\[0\]\.pagos\[0\]\.empleados\[0\]\.vinculacion/],
      ['duplicate-uuid.json', JSON.stringify(duplicate), /\$\.tenants\[0\]\.pagos\[1\]\.uuid/],
      // Sales are checked by the streamed bulk-uuid set (not the catalogs' maps): located at the second use, naming the first.
      [
        'duplicate-sale.json',
        JSON.stringify(duplicateSale),
        /\$\.tenants\[0\]\.ventas\[3\]\.uuid: uuid de venta repetido: ya se usa en \$\.tenants\[0\]\.ventas\[1\]\.uuid/,
      ],
      ['empty.json', '', /no es JSON válido/],
      ['binary.json', Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0xff, 0xfe, 0x00, 0x7b, 0x22]), /no es JSON válido/],
      // Lone surrogate escapes (a high one alone, a low one alone, a high one before a letter):
      // refused with their JSON path, never imported as U+FFFD.
      [
        'lone-high-surrogate.json',
        text.replace('"nombre":"', '"nombre":"\\ud800'),
        /\$\.tenants\[0\]\.nombre .*sustituto UTF-16 sin pareja/,
      ],
      [
        'lone-low-surrogate.json',
        text.replace(/("nombre":"[^"]*".*?"nombre":")/, '$1\\udc00'),
        /\$\.tenants\[0\]\.negocios\[0\]\.nombre .*sin pareja/,
      ],
      // U+0000 cannot be stored by PostgreSQL: refused at validation, where the path is known.
      ['nul.json', text.replace('"nit":"', '"nit":"9\\u0000'), /\$\.tenants\[0\]\.nit: contiene el carácter U\+0000/],
      ['high-before-letter.json', text.replace('"nit":"', '"nit":"\\ud83dA'), /\$\.tenants\[0\]\.nit .*sin pareja/],
      // Latin-1 "é" (0xE9) inside a name: refused, never imported as U+FFFD.
      [
        'latin1.json',
        Buffer.concat([Buffer.from(text.slice(0, 40), 'utf8'), Buffer.from([0xe9]), Buffer.from(text.slice(40), 'utf8')]),
        /no son UTF-8 \(línea 1, columna 41\)/,
      ],
    ];
    const runs: CliRun[] = [];
    for (const [name, content] of cases) runs.push(await importInProcess(write(name, content)));
    runs.forEach((run, i) => {
      expect({ file: cases[i][0], code: run.code }).toEqual({ file: cases[i][0], code: 1 });
      expect(run.stderr).toMatch(cases[i][2]);
      expect(run.stderr).toMatch(/No se importó nada|no se importó nada/);
      expect(run.stderr).not.toMatch(/Archivo válido/);
    });
    expect(await snapshot()).toEqual(before);
  });

  it('a problem of a later tenant rolls back the tenants already written, and the problems are listed as the whole-file check lists them', async () => {
    // A plain import checks each tenant's references while writing it (docs/IMPORT.md, Speed): the
    // first tenant below is valid and new, so it is written before the second one's problems turn up.
    const before = await snapshot();
    const data = exampleDataset();
    data.tenants = [data.tenants[0], data.tenants[2]];
    data.tenants.forEach((t, i) => {
      t.uuid = `11111111-2222-4333-8444-00000000000${i}`;
      t.usuarios = [];
    });
    (data.tenants[1].pagos as PagoInput[])[0].empleados[0].vinculacion = '99999999-9999-4999-8999-999999999999';
    const pagos = data.tenants[1].pagos as PagoInput[];
    pagos[1].empleados[0].detalles[0].uuid = pagos[0].empleados[0].detalles[0].uuid;
    const expected = validateDataset(data);
    expect(expected.length).toBe(2);
    const run = await importInProcess(write('later-tenant-broken.json', JSON.stringify(data)));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('tiene problemas; no se importó nada:');
    expect(run.stderr).toContain(expected.map((p) => `${p.path}: ${p.message}`).join('\n'));
    expect(await snapshot()).toEqual(before);
    // The same file against tenants that exist: the file's problems still come first, not the database's refusal.
    data.tenants[0].uuid = ANDINA;
    const existing = await importInProcess(write('later-tenant-broken-existing.json', JSON.stringify(data)));
    expect([existing.code, existing.stderr]).toEqual([1, expect.stringContaining(`${expected[0].path}: ${expected[0].message}`)]);
    expect(existing.stderr).not.toMatch(/ya existe/);
    expect(await snapshot()).toEqual(before);
  });

  it('a connection terminated in the middle of COPY (pg_terminate_backend): a clear Spanish message, exit 1, no stack, the database unchanged', async () => {
    const big = materializeDataset(generateDataset({ scale: 'demo' })) as Dataset;
    big.tenants[0].uuid = ANDINA;
    const file = write('big-terminated.json', JSON.stringify(big));
    const before = await snapshot();
    let terminated = false;
    const run = await importCli(file, ['--replace'], () => {
      void (async () => {
        const deadline = Date.now() + 60_000;
        while (Date.now() < deadline && !terminated) {
          const { rows } = await db.query<{ n: number }>(
            `select count(*) filter (where pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and application_name = 'nomina-import' and query ilike 'copy%' and state = 'active'`,
          );
          if (rows[0].n > 0) terminated = true;
          else await new Promise((r) => setTimeout(r, 15));
        }
      })();
    });
    expect(terminated).toBe(true);
    expect({ code: run.code, stderr: run.stderr }).toEqual({
      code: 1,
      stderr: expect.stringMatching(/Se perdió la conexión con la base de datos[^\n]*No se importó nada/),
    });
    expect(run.stderr).not.toMatch(/Unhandled| {4}at |node:internal|terminating connection/);
    expect(await snapshot()).toEqual(before);
  });

  it('a process SIGKILLed in the middle of a --replace load leaves the database exactly as before', async () => {
    // The demo dataset with its first tenant renamed to Andina: --replace deletes Andina's rows and
    // loads ~40k rows in one transaction; the kill lands while COPY runs.
    const big = materializeDataset(generateDataset({ scale: 'demo' })) as Dataset;
    big.tenants[0].uuid = ANDINA;
    const file = write('big.json', JSON.stringify(big));
    const before = await snapshot();
    const andinaPagos = before.pago;

    let killedDuringCopy = false;
    const run = await importCli(file, ['--replace'], (pid) => {
      void (async () => {
        const deadline = Date.now() + 60_000;
        while (Date.now() < deadline) {
          const { rows } = await db.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = 'nomina-import' and query ilike 'copy%' and state = 'active'`,
          );
          if (rows[0].n > 0) {
            killedDuringCopy = true;
            process.kill(pid, 'SIGKILL');
            return;
          }
          await new Promise((r) => setTimeout(r, 15));
        }
      })();
    });
    expect(run.code).toBe('SIGKILL');
    expect(killedDuringCopy).toBe(true);
    // The server notices the closed connection and rolls the transaction back.
    for (let i = 0; i < 200; i++) {
      const { rows } = await db.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where application_name = 'nomina-import'`,
      );
      if (rows[0].n === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const after = await snapshot();
    expect(after.pago).toBe(andinaPagos);
    expect(after).toEqual(before);

    // And the same file loads completely afterwards (the kill left no lock or half state behind).
    const again = await importInProcess(file, ['--replace']);
    expect({ code: again.code, out: again.stderr.slice(-300) }).toEqual({ code: 0, out: expect.stringMatching(/Importado:/) });
    expect((await snapshot()).pago).not.toBe(andinaPagos);
  });
});

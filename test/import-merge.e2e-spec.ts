import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import type { Dataset } from '@nomina-api/importer/dataset.types';
import { exampleDataset } from '../scripts/lib/environment';
import { importInProcess, snapshot } from './support/import-cli';
import { dropDatabase, seedDatabase } from './support/test-database';

jest.setTimeout(120_000);

const NAME = 'nomina_test_import_merge';
let url: string;
let db: Client;
let dir: string;
let n = 0;

function write(data: unknown): string {
  const file = join(dir, `${n++}.json`);
  writeFileSync(file, JSON.stringify(data));
  return file;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'import-merge-'));
  url = await seedDatabase(NAME, [exampleDataset()]);
  db = new Client({ connectionString: url });
  await db.connect();
});

afterAll(async () => {
  await db?.end();
  if (process.env.TEST_PG_ADMIN_URL) await dropDatabase(process.env.TEST_PG_ADMIN_URL, NAME);
  rmSync(dir, { recursive: true, force: true });
});

describe('import --merge (e2e)', () => {
  it('the stored file merged again: sin cambios, nothing written', async () => {
    const before = await snapshot(db);
    const run = await importInProcess(url, write(exampleDataset() as Dataset), ['--merge']);
    expect({ code: run.code, out: run.stdout }).toEqual({ code: 0, out: expect.stringContaining('sin cambios') });
    console.log(run.stderr);
    expect(await snapshot(db)).toEqual(before);
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { DATASET_SCHEMA } from './schema-validation';

describe('DATASET_SCHEMA', () => {
  it("is the contract's dataset.schema.json (test/fixtures keeps a copy): the shell and every context's definitions assembled", () => {
    const contract = JSON.parse(readFileSync(join(__dirname, '../../../test/fixtures/dataset.schema.json'), 'utf8')) as object;
    expect(JSON.parse(JSON.stringify(DATASET_SCHEMA))).toEqual(contract);
  });

  it('is a valid draft 2020-12 schema (the importer compiles it without that check)', () => {
    const ajv = new Ajv2020({ strictTypes: false });
    expect(ajv.validateSchema(DATASET_SCHEMA)).toBe(true);
    expect(ajv.errors ?? null).toBeNull();
  });
});

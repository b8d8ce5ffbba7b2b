import type { Dataset } from './dataset.types';
import { findNulTexts, NUL_MESSAGE } from './json-syntax';
import { MAX_PROBLEMS, ProblemList, type ImportProblem } from './problems';
import { checkReferences } from './reference-rules';
import { checkSchema } from './schema-validation';

export type { ImportProblem } from './problems';

/**
 * Every problem of an import file, each with its JSON path; empty when the file can be loaded.
 * First the texts PostgreSQL cannot store (U+0000), then the JSON schema, then the reference and uniqueness rules of CONTRACT §6 on the tenants
 * the schema accepted (their shape is then trusted). At most MAX_PROBLEMS entries plus a final
 * "... y N problemas más".
 */
export function validateDataset(data: unknown): ImportProblem[] {
  const problems = new ProblemList();
  for (const path of findNulTexts(data, MAX_PROBLEMS + 1)) problems.add(path, NUL_MESSAGE);
  const schema = checkSchema(data, problems);
  if (!schema.rootBroken) {
    checkReferences((data as Dataset).tenants, schema.brokenTenants, problems);
  }
  return problems.toArray();
}

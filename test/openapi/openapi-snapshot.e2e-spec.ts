import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateOpenApi } from '../../apps/api/src/cli/openapi';

/**
 * The published OpenAPI document is part of the contract: a refactor (moving decorators,
 * renaming DTO classes) must not change one byte of it. When a change is intended, regenerate
 * the snapshot with `npm run openapi:snapshot` and review its diff in the commit.
 */
const SNAPSHOT = join(__dirname, 'openapi.snapshot.json');

describe('OpenAPI document', () => {
  it('is byte-identical to test/openapi/openapi.snapshot.json', async () => {
    const generated = JSON.stringify(await generateOpenApi(), null, 2) + '\n';
    const snapshot = readFileSync(SNAPSHOT, 'utf8');
    if (generated !== snapshot) {
      const at = [...generated].findIndex((ch, i) => ch !== snapshot[i]);
      const line = generated.slice(0, at).split('\n').length;
      throw new Error(
        `The OpenAPI document differs from the snapshot from line ${line} on:\n` +
          `  generated: ${JSON.stringify(generated.slice(Math.max(0, at - 80), at + 120))}\n` +
          `  snapshot:  ${JSON.stringify(snapshot.slice(Math.max(0, at - 80), at + 120))}\n` +
          'If the change is intended, regenerate it with `npm run openapi:snapshot` and commit the diff.',
      );
    }
    expect(generated).toBe(snapshot);
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_LOGINS } from '@nomina-api/importer/demo/generate-dataset';
import { generateOpenApi } from '../../apps/api/src/cli/openapi';
import { createTestApp, get } from '../support/test-app';

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

  it('names no demo user or password when DEMO_DATA=false', async () => {
    const app = await createTestApp({ DEMO_DATA: 'false' });
    try {
      const served = (await get(app, '/docs-json')).body;
      for (const { email, password } of DEMO_LOGINS) {
        expect(served).not.toContain(password);
        expect(served).not.toContain(email);
      }
      const doc = JSON.parse(served) as {
        paths: Record<string, { post: { requestBody: { content: Record<string, { example: unknown }> } } }>;
      };
      expect(doc.paths['/login'].post.requestBody.content['application/json'].example).toEqual({
        email: 'usuario@empresa.co',
        password: 'su-contraseña',
      });
    } finally {
      await app.close();
    }
  });
});

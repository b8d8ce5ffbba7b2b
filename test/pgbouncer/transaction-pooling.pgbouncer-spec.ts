import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { freePort } from '../../scripts/lib/environment';
import { createTestApp, get, login } from '../support/test-app';

/**
 * The service behind a real PgBouncer in transaction mode (Debian's package: 1.18, which does not
 * carry named prepared statements between server connections), one server connection for a pool
 * of four client connections. With the default DB_PREPARED_STATEMENTS the first lookup that meets
 * a server connection without its statement (or with another client's) fails in PostgreSQL; the
 * service repeats it unnamed, warns once and prepares nothing more: every answer is still a 200
 * with the bytes of a direct connection. With DB_PREPARED_STATEMENTS=false nothing fails at all.
 *
 * `npm run test:pgbouncer` (needs the `pgbouncer` binary: PGBOUNCER_PATH, default
 * /usr/sbin/pgbouncer; `.ci/run` installs Debian's package).
 */
const PGBOUNCER = process.env.PGBOUNCER_PATH || '/usr/sbin/pgbouncer';
const ANA = { email: 'ana.gomez@andina.example.co', password: 'a9jJ8y8Tcb#12' };
const PAGO = 'edb3a93c-c8bc-4be2-a4c5-b8abb2a86588';
const ROUTES = [`/pagoEmpleadoDetalles/detallePago/${PAGO}`, '/empleados/CC/8927601899', '/empleados/CC/59275247'];

async function waitForPort(port: number, child: ChildProcess, output: () => string): Promise<void> {
  for (const until = Date.now() + 15_000; Date.now() < until;) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited with ${child.exitCode}: ${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`pgbouncer did not listen: ${output()}`);
}

/** Every route several times, many at once (so the pool opens all its client connections): status and body of each. */
async function hammer(app: NestFastifyApplication): Promise<{ status: number; route: string; body: string }[]> {
  const token = await login(app, ANA.email, ANA.password);
  const out: { status: number; route: string; body: string }[] = [];
  for (let round = 0; round < 4; round++) {
    const answers = await Promise.all(ROUTES.flatMap((route) => [1, 2, 3].map(async () => ({ route, ...(await get(app, route, token)) }))));
    out.push(...answers.map(({ route, status, body }) => ({ route, status, body })));
  }
  return out;
}

describe('behind PgBouncer in transaction mode (pgbouncer)', () => {
  let dir: string;
  let bouncer: ChildProcess;
  let bouncerUrl: string;
  let stderr = '';
  const reference = new Map<string, string>();

  beforeAll(async () => {
    expect(existsSync(PGBOUNCER)).toBe(true);
    const target = new URL(process.env.TEST_DATABASE_URL!);
    const port = await freePort();
    dir = mkdtempSync(join(tmpdir(), 'pgbouncer-'));
    chmodSync(dir, 0o755);
    const db = decodeURIComponent(target.pathname.slice(1));
    const login = `user=${decodeURIComponent(target.username)} password=${decodeURIComponent(target.password)}`;
    writeFileSync(
      join(dir, 'pgbouncer.ini'),
      [
        '[databases]',
        `nomina = host=${target.hostname} port=${target.port} dbname=${db} ${login}`,
        // The start-up checks also open the server's maintenance database by its own name.
        `* = host=${target.hostname} port=${target.port} ${login}`,
        '[pgbouncer]',
        'listen_addr = 127.0.0.1',
        `listen_port = ${port}`,
        'unix_socket_dir =',
        'auth_type = any',
        'pool_mode = transaction',
        // One server connection for every client connection: sessions move between clients.
        'default_pool_size = 1',
        'max_client_conn = 50',
        'server_reset_query =',
        '',
      ].join('\n'),
      { mode: 0o644 },
    );
    // PgBouncer refuses to run as root; as root it is told to switch to nobody.
    const args = [...(process.getuid?.() === 0 ? ['-u', 'nobody'] : []), join(dir, 'pgbouncer.ini')];
    bouncer = spawn(PGBOUNCER, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    bouncer.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    bouncer.stdout!.on('data', (d: Buffer) => (stderr += d.toString()));
    await waitForPort(port, bouncer, () => stderr);
    bouncerUrl = `postgresql://pgbouncer-client:x@127.0.0.1:${port}/nomina`;

    const direct = await createTestApp();
    try {
      for (const a of await hammer(direct)) reference.set(a.route, a.body);
    } finally {
      await direct.close();
    }
  });

  afterAll(async () => {
    if (bouncer && bouncer.exitCode === null) {
      bouncer.kill('SIGTERM');
      await once(bouncer, 'exit');
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  afterEach(() => jest.restoreAllMocks());

  it('default (prepared statements on): the lookups that fail there are repeated unnamed, one warning, every answer as on a direct connection', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn');
    const app = await createTestApp({ DB_POOL_MAX: '4' }, bouncerUrl);
    try {
      const answers = await hammer(app);
      expect(answers.filter((a) => a.status !== 200)).toEqual([]);
      for (const a of answers) expect(a.body).toBe(reference.get(a.route));
      const fellBack = warn.mock.calls.filter(([message]) => String(message).includes('DB_PREPARED_STATEMENTS=false'));
      expect(fellBack).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it('DB_PREPARED_STATEMENTS=false: nothing is prepared, nothing fails, no warning', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn');
    const app = await createTestApp({ DB_POOL_MAX: '4', DB_PREPARED_STATEMENTS: 'false' }, bouncerUrl);
    try {
      const answers = await hammer(app);
      expect(answers.filter((a) => a.status !== 200)).toEqual([]);
      for (const a of answers) expect(a.body).toBe(reference.get(a.route));
      expect(warn.mock.calls.filter(([message]) => String(message).includes('DB_PREPARED_STATEMENTS'))).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

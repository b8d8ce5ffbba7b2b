import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { freePort, sleep } from '../scripts/lib/environment';

/**
 * CONTRACT §7, the process lifecycle of the real `npm start` (build, embedded PostgreSQL in a
 * DATA_DIR of its own, HTTP): each stop signal, sent to npm's pid, to the service's pid, to the
 * whole process group (Ctrl-C) or as a real terminal hang-up (a pseudo-terminal whose master is
 * closed), ends with the service's exit 0, no node and no postgres process left, and the next
 * start on the same DATA_DIR works (every case starts again on it).
 */
jest.setTimeout(300_000);

const ROOT = join(__dirname, '..');

/** The node flags of `npm start` (package.json's start script: `exec node <flags> <main>`). */
const START_NODE_FLAGS = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start
  .split(/\s+/)
  .filter((word) => word.startsWith('--'));

/** Alive and not a zombie (an orphan's zombie may wait for a reaper that never comes in a container). */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

async function gone(pid: number, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (running(pid)) {
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
  return true;
}

describe('process lifecycle (e2e): npm start and its stop signals (CONTRACT §7)', () => {
  let dataDir: string;
  let port: number;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'nomina-lifecycle-'));
    port = await freePort();
    env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_DATA: 'false',
      // Info lines are written during the stop too: after a hang-up they meet a closed terminal.
      LOG_LEVEL: 'info',
      SHUTDOWN_TIMEOUT_MS: '5000',
    };
  });

  /** Every npm and service pid this suite started, to kill what a failed case left behind. */
  const started: number[] = [];

  afterAll(() => {
    for (const pid of started) if (running(pid)) process.kill(pid, 'SIGKILL');
    const pm = postmaster();
    if (pm && running(pm)) process.kill(pm, 'SIGKILL');
    if (!dataDir) return;
    // As root the cluster lives in a temp folder of its own (DATA_DIR/pg-location points there).
    const pointer = join(dataDir, 'pg-location');
    if (existsSync(pointer)) {
      const home = dirname(readFileSync(pointer, 'utf8').trim());
      if (basename(home).startsWith('nomina-api-data-')) rmSync(home, { recursive: true, force: true });
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The embedded PostgreSQL's postmaster pid, from the cluster of this DATA_DIR. */
  function postmaster(): number | undefined {
    if (!dataDir) return undefined;
    const pointer = join(dataDir, 'pg-location');
    const cluster = existsSync(pointer) ? readFileSync(pointer, 'utf8').trim() : join(dataDir, 'pg');
    const file = join(cluster, 'postmaster.pid');
    return existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : undefined;
  }

  interface Launched {
    npm: ChildProcess;
    exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
    output: () => string;
    /**
     * Everything written is read: npm's stdout and stderr have ended, i.e. every process holding
     * them (npm, the service) has exited. npm's 'exit' comes before that, and a service that
     * outlives npm (SIGHUP) writes its last lines right before it exits: the output is complete
     * only once the pipes close.
     */
    outputComplete: () => Promise<string>;
  }

  interface Started extends Launched {
    service: number;
    postgres: number;
  }

  /** `npm start` in a process group of its own (like a shell job); resolves once its output matches `until`. */
  async function launch(until: RegExp): Promise<Launched> {
    const npm = spawn('npm', ['start', '--silent'], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    started.push(npm.pid!);
    let out = '';
    npm.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    npm.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) =>
      npm.on('exit', (code, signal) => r({ code, signal })),
    );
    const closed = new Promise<void>((r) => npm.on('close', () => r()));
    // Bounded: a process left holding the pipes fails the checks on what was read by then.
    const outputComplete = async (): Promise<string> => {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([closed, new Promise((r) => (timer = setTimeout(r, 20_000)))]);
      clearTimeout(timer);
      return out;
    };
    const deadline = Date.now() + 180_000;
    while (!until.test(out)) {
      if (npm.exitCode !== null || npm.signalCode !== null) throw new Error(`npm start ended early:\n${out}`);
      if (Date.now() > deadline) throw new Error(`npm start did not get there:\n${out}`);
      await sleep(20);
    }
    return { npm, exited, output: () => out, outputComplete };
  }

  /** `npm start`, once it answers /health/ready. */
  async function start(): Promise<Started> {
    const { npm, exited, output, outputComplete } = await launch(/Servicio listo/);
    const res = await fetch(`http://127.0.0.1:${port}/health/ready`);
    expect(res.status).toBe(200);
    // npm execs the start script: its one child is the service itself, no shell in between.
    const [service, ...others] = childrenOf(npm.pid!);
    started.push(...[service, ...others].flatMap((pid) => [pid, ...childrenOf(pid)]));
    expect(others).toEqual([]);
    // The start script's node flags reach the service (and this runtime accepts them: node refuses
    // an unknown V8 flag at start).
    expect(readFileSync(`/proc/${service}/cmdline`, 'utf8').split('\0')).toEqual(
      expect.arrayContaining([...START_NODE_FLAGS, 'dist/apps/api/src/main.js']),
    );
    const postgres = postmaster();
    expect(postgres && running(postgres)).toBe(true);
    return { npm, service, postgres: postgres!, exited, output, outputComplete };
  }

  async function expectAllStopped(s: Started): Promise<void> {
    expect(await gone(s.service, 20_000)).toBe(true);
    expect(await gone(s.postgres, 20_000)).toBe(true);
    expect(postmaster()).toBeUndefined();
    const output = await s.outputComplete();
    expect(output).toMatch(/terminando las solicitudes en curso/);
    expect(output).toMatch(/PostgreSQL embebido detenido/);
    expect(output).not.toMatch(/Unhandled|ERR_|El cierre tardó demasiado/);
  }

  it("the Docker image's CMD runs node with the same flags as npm start (--no-allocation-site-pretenuring)", () => {
    const cmd = /^CMD (\[.*\])$/m.exec(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'));
    expect(cmd).not.toBeNull();
    const words = JSON.parse(cmd![1]) as string[];
    expect(words).toEqual(['node', ...START_NODE_FLAGS, 'dist/apps/api/src/main.js']);
    expect(START_NODE_FLAGS).toContain('--no-allocation-site-pretenuring');
  });

  it.each<[string, (s: Started) => void]>([
    ['SIGTERM to npm start', (s) => process.kill(s.npm.pid!, 'SIGTERM')],
    ['SIGINT to npm start', (s) => process.kill(s.npm.pid!, 'SIGINT')],
    ['SIGTERM to the service itself', (s) => process.kill(s.service, 'SIGTERM')],
    ['SIGHUP to the service itself', (s) => process.kill(s.service, 'SIGHUP')],
    ['Ctrl-C (SIGINT to the whole process group)', (s) => process.kill(-s.npm.pid!, 'SIGINT')],
  ])('%s → the service stops gracefully, npm exits 0, nothing left running', async (_name, signal) => {
    const s = await start();
    signal(s);
    expect(await s.exited).toEqual({ code: 0, signal: null });
    await expectAllStopped(s);
  });

  it("SIGUSR2, Node's diagnostic-report signal (--report-on-signal), to the service → a report is written, the service keeps serving, and SIGTERM still stops it cleanly", async () => {
    const reports = join(dataDir, 'reports');
    // Node writes the report into an existing folder only.
    mkdirSync(reports, { recursive: true });
    env.NODE_OPTIONS = `--report-on-signal --report-directory=${reports}`;
    let s: Started;
    try {
      s = await start();
    } finally {
      delete env.NODE_OPTIONS;
    }
    const written = (): boolean => readdirSync(reports).some((f) => f.endsWith('.json'));
    try {
      process.kill(s.service, 'SIGUSR2');
      const deadline = Date.now() + 20_000;
      while (!written() && Date.now() < deadline && running(s.service)) await sleep(100);
      expect(written()).toBe(true);
      // Nest's shutdown hooks used to take SIGUSR2 too: they closed the modules, then killed the
      // process with the signal again, leaving the embedded PostgreSQL running.
      await sleep(500);
      expect(running(s.service)).toBe(true);
      expect((await fetch(`http://127.0.0.1:${port}/health/ready`)).status).toBe(200);
    } finally {
      // Stopped here even when a check failed: the next case starts on the same port and DATA_DIR.
      if (running(s.service)) process.kill(s.service, 'SIGTERM');
    }
    expect(await s.exited).toEqual({ code: 0, signal: null });
    await expectAllStopped(s);
  });

  it('SIGHUP to npm start (npm does not forward it and dies of it) → the service stops by itself, nothing left running', async () => {
    const s = await start();
    process.kill(s.npm.pid!, 'SIGHUP');
    expect(await s.exited).toEqual({ code: null, signal: 'SIGHUP' });
    await expectAllStopped(s);
    expect(s.output()).toMatch(/npm start terminó/);
  });

  it('SIGTERM to npm start while the service is still starting (PostgreSQL just up) → exit 0, nothing left running', async () => {
    const { npm, exited, output, outputComplete } = await launch(/PostgreSQL embebido (iniciado|en marcha)|Servicio listo/);
    const service = childrenOf(npm.pid!)[0];
    started.push(service);
    const postgres = postmaster();
    process.kill(npm.pid!, 'SIGTERM');
    const result = await exited;
    // The service's own words say which step of the start-up did not take the stop.
    if (result.code !== 0) throw new Error(`npm start exited ${JSON.stringify(result)}:\n${output()}`);
    expect(result).toEqual({ code: 0, signal: null });
    expect(await gone(service, 20_000)).toBe(true);
    if (postgres) expect(await gone(postgres, 20_000)).toBe(true);
    expect(postmaster()).toBeUndefined();
    expect(await outputComplete()).not.toMatch(/No se pudo iniciar|Unhandled/);
  });

  it('a real terminal hang-up (pseudo-terminal closed under npm start) → nothing left running, and the next start works', async () => {
    // python3's pty module: npm start as the session leader of a new terminal; closing the master
    // side sends SIGHUP to its foreground group and turns every later write into EIO.
    const script = join(dataDir, 'hangup.py');
    writeFileSync(
      script,
      [
        'import os, pty, select, sys, time, json',
        'pid, fd = pty.fork()',
        'if pid == 0:',
        "    os.chdir(sys.argv[1]); os.execvp('npm', ['npm', 'start'])",
        "buf = b''",
        'deadline = time.time() + 180',
        "while b'Servicio listo' not in buf and time.time() < deadline:",
        '    r, _, _ = select.select([fd], [], [], 1)',
        '    if r:',
        '        try: buf += os.read(fd, 65536)',
        '        except OSError: break',
        "children = open('/proc/%d/task/%d/children' % (pid, pid)).read().split()",
        'os.close(fd)',
        '_, status = os.waitpid(pid, 0)',
        "print(json.dumps({'ready': b'Servicio listo' in buf, 'children': [int(c) for c in children], 'status': status}))",
      ].join('\n'),
    );
    const run = spawnSync('python3', [script, ROOT], { env, encoding: 'utf8', timeout: 240_000 });
    const result = JSON.parse(run.stdout.trim().split('\n').pop()!) as { ready: boolean; children: number[]; status: number };
    started.push(...result.children, ...result.children.flatMap(childrenOf));
    expect(result.ready).toBe(true);
    expect(result.children).toHaveLength(1);
    expect(await gone(result.children[0], 20_000)).toBe(true);
    const pm = postmaster();
    if (pm) expect(await gone(pm, 20_000)).toBe(true);
    expect(postmaster()).toBeUndefined();

    // The same DATA_DIR starts again, and stops again.
    const s = await start();
    process.kill(s.npm.pid!, 'SIGTERM');
    expect(await s.exited).toEqual({ code: 0, signal: null });
    await expectAllStopped(s);
  });
});

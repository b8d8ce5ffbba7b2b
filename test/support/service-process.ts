import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * A command run as a real process (the compiled service, an npm script) with its stdout and stderr
 * kept apart, for the suites that check what a person or a log collector sees.
 */
export interface ServiceProcess {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves once stdout or stderr matches; rejects when the process ends first or after `ms`. */
  waitFor(pattern: RegExp, ms?: number): Promise<void>;
  /** Resolves with the exit code (null: killed) once it ends; kills it (SIGKILL) after `ms`. */
  exit(ms?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>;
}

export function startProcess(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): ServiceProcess {
  const started = Date.now();
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, ms: Date.now() - started })),
  );
  const output = (): string => `--- stdout\n${out}--- stderr\n${err}`;
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    async waitFor(pattern, ms = 120_000) {
      const deadline = Date.now() + ms;
      let done = false;
      void ended.then(() => (done = true));
      while (!pattern.test(out) && !pattern.test(err)) {
        if (done) throw new Error(`${command} ${args.join(' ')} ended before ${pattern}:\n${output()}`);
        if (Date.now() > deadline) throw new Error(`${command} ${args.join(' ')}: no ${pattern} within ${ms} ms:\n${output()}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    exit(ms = 60_000) {
      const timer = setTimeout(() => child.kill('SIGKILL'), ms);
      return ended.finally(() => clearTimeout(timer));
    },
  };
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** The lines of a text, without the empty last one. */
export const linesOf = (text: string): string[] => text.split('\n').filter((line, i, all) => line !== '' || i < all.length - 1);

/**
 * What the replica fault tests and `npm run chaos` share: a process stopped with SIGSTOP for the
 * length of a check, and polling until a condition holds.
 */

/** Runs fn while the process `pid` is stopped (SIGSTOP); SIGCONT whatever happens. */
export async function whileFrozen<T>(pid: number, fn: () => Promise<T>): Promise<T> {
  process.kill(pid, 'SIGSTOP');
  try {
    return await fn();
  } finally {
    process.kill(pid, 'SIGCONT');
  }
}

/** Polls `probe` every 100 ms until it returns something other than undefined/false. */
export async function waitFor<T>(
  what: string | (() => string),
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

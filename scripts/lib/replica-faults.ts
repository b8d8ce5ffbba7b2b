/**
 * What the replica fault tests and `npm run chaos` share: a process stopped with SIGSTOP for the
 * length of a check, polling until a condition holds, and a row renamed on the primary.
 */
import type { Client } from 'pg';
import { bumpDataVersion } from '@nomina-api/platform/persistence';
import { ANDINA_ID } from './environment';

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

/** A supplier of tenant Andina in the example dataset, renamed on the primary to see which server answered. */
export const FAULT_SUPPLIER = '4205751812';

/**
 * Renames FAULT_SUPPLIER on the primary; with `bumpDataVersion`, in one transaction with the
 * tenant's data version, as an import does. Resolves once committed.
 */
export async function renameSupplier(primary: Client, name: string, opts: { bumpDataVersion?: boolean } = {}): Promise<void> {
  const rename = (): Promise<unknown> =>
    primary.query(`update proveedor set razon_social = $3 where tenant_id = $1 and identificacion = $2`, [ANDINA_ID, FAULT_SUPPLIER, name]);
  if (!opts.bumpDataVersion) {
    await rename();
    return;
  }
  await primary.query('begin');
  try {
    await rename();
    await bumpDataVersion(primary, ANDINA_ID);
    await primary.query('commit');
  } catch (err) {
    await primary.query('rollback').catch(() => undefined);
    throw err;
  }
}

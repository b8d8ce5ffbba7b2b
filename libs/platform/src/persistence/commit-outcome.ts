import type { ClientConfig } from 'pg';
import { outsideClient } from './service-busy';

/**
 * COMMIT was sent and the connection failed before its answer came back (the socket closed, the
 * client-side deadline cut a frozen server): the transaction may have committed or not. The
 * caller settles it with `commitOutcome` before it answers, and must not say "nothing happened"
 * until then.
 */
export class CommitOutcomeUnknown extends Error {
  constructor(override readonly cause: unknown) {
    super(`Se perdió la conexión durante COMMIT: ${(cause as Error)?.message ?? cause}`);
    this.name = 'CommitOutcomeUnknown';
  }
}

/** How long a lost COMMIT is chased before the caller gives up (it then answers that the outcome is unknown). */
export const COMMIT_RESOLVE_BUDGET_MS = 30_000;

/**
 * A transaction still `in progress` this long after its COMMIT was lost has a backend that did
 * not see its client go (a partition) or cannot run (frozen): it is terminated, which settles it —
 * aborted, or committed if the commit record was already written.
 */
export const TERMINATE_AFTER_MS = 2000;

const STATUS_SQL = `select txid_status($1::bigint) as status`;
/** backend_xid is the 32-bit xid; txid_current() the 64-bit one (epoch in the high half). */
const TERMINATE_SQL = `select pg_terminate_backend(pid) from pg_stat_activity where backend_xid::text = ($1::bigint % 4294967296)::text`;

/**
 * The outcome of transaction `xid` (txid_current() inside it), asked on new connections — not
 * the pool's, which may be saturated or hold connections to a frozen server — until PostgreSQL
 * says `committed` or `aborted` (txid_status, made for exactly this case) or `budgetMs` runs
 * out (undefined). Each attempt has `timeoutMs` to connect and answer.
 */
export async function commitOutcome(
  connection: () => ClientConfig,
  xid: string,
  options: { timeoutMs: number; budgetMs?: number; sleep?: (ms: number) => Promise<void> },
): Promise<'committed' | 'aborted' | undefined> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const until = Date.now() + (options.budgetMs ?? COMMIT_RESOLVE_BUDGET_MS);
  let inProgressSince: number | undefined;
  for (let pause = 100; ; pause = Math.min(1000, pause * 2)) {
    const client = outsideClient(connection(), options.timeoutMs, 'nomina-read-api-commit-check');
    try {
      await client.connect();
      const { rows } = await client.query<{ status: string | null }>(STATUS_SQL, [xid]);
      const status = rows[0]?.status;
      if (status === 'committed' || status === 'aborted') return status;
      if (status === 'in progress') {
        inProgressSince ??= Date.now();
        if (Date.now() - inProgressSince >= TERMINATE_AFTER_MS) await client.query(TERMINATE_SQL, [xid]);
      }
    } catch {
      // The server does not answer yet: ask again.
    } finally {
      client.end().catch(() => undefined);
    }
    if (Date.now() + pause >= until) return undefined;
    await sleep(pause);
  }
}

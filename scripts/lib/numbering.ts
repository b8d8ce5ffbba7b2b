import { Client } from 'pg';
import { serverProcesses, sleep } from './environment';

/**
 * E-payroll numbering under concurrency and faults (CONTRACT §3.8): `clients` concurrent callers
 * make `total` calls of GET /pagos/nominaelectronica/{ano}/{mes}; `checkNumbering` then requires
 * the numbers handed out in 200 answers to be distinct and, together with the sequence's final
 * value, contiguous from its initial value: nothing duplicated, nothing lost, and calls that
 * failed consumed nothing.
 */

export interface CallOutcome {
  /** 0 when no HTTP answer arrived. */
  status: number;
  code?: string;
  numbers: number[];
  prefix?: string;
  ms: number;
  /** Index of the call in the run (its Idempotency-Key, when the run gives one, is derived from it). */
  call?: number;
  /** Answered with Idempotency-Replayed: true (nothing consumed). */
  replayed?: boolean;
}

export interface NumberingRun {
  outcomes: CallOutcome[];
  seconds: number;
}

export type NumberingCall = (i: number) => Promise<{ status: number; body: string; ms: number; headers?: Record<string, unknown> }>;

export async function runNumbering(
  call: NumberingCall,
  opts: { clients: number; total: number; onCall?: (i: number) => Promise<void> | void },
): Promise<NumberingRun> {
  const outcomes: CallOutcome[] = [];
  let next = 0;
  const started = performance.now();
  const client = async (): Promise<void> => {
    for (;;) {
      const i = next++;
      if (i >= opts.total) return;
      await opts.onCall?.(i);
      const res = await call(i);
      const outcome: CallOutcome = { status: res.status, numbers: [], ms: res.ms, call: i };
      if (res.headers?.['idempotency-replayed'] === 'true') outcome.replayed = true;
      try {
        const body = JSON.parse(res.body) as { contenido?: { consecutivo: number; prefijo: string }[]; code?: string };
        if (res.status === 200) {
          outcome.numbers = (body.contenido ?? []).map((d) => d.consecutivo);
          outcome.prefix = body.contenido?.[0]?.prefijo;
        } else outcome.code = body.code;
      } catch {
        /* no body (connection error) */
      }
      outcomes.push(outcome);
    }
  };
  await Promise.all(Array.from({ length: opts.clients }, client));
  return { outcomes, seconds: (performance.now() - started) / 1000 };
}

export interface NumberingCheck {
  ok: boolean;
  problems: string[];
  handedOut: number;
  calls: Record<string, number>;
}

/** `start` and `final`: the sequence's next number before and after the run. */
export function checkNumbering(run: NumberingRun, start: number, final: number, documentsPerCall: number): NumberingCheck {
  const problems: string[] = [];
  const calls: Record<string, number> = {};
  for (const o of run.outcomes) {
    const key = o.status === 200 ? '200' : `${o.status}${o.code ? ` ${o.code}` : ''}`;
    calls[key] = (calls[key] ?? 0) + 1;
  }
  const ok200 = run.outcomes.filter((o) => o.status === 200);
  for (const o of ok200) {
    if (o.numbers.length !== documentsPerCall)
      problems.push(`a 200 answer with ${o.numbers.length} documents instead of ${documentsPerCall}`);
    if (o.numbers.some((n, i) => n !== o.numbers[0] + i))
      problems.push(`a call's block is not contiguous: ${o.numbers.slice(0, 5).join(',')}…`);
  }
  const all = ok200.flatMap((o) => o.numbers).sort((a, b) => a - b);
  const duplicates = all.filter((n, i) => i > 0 && n === all[i - 1]);
  if (duplicates.length) problems.push(`${duplicates.length} numbers handed out twice, e.g. ${duplicates.slice(0, 5).join(', ')}`);
  if (final - start !== all.length)
    problems.push(
      `the sequence moved by ${final - start} but ${all.length} numbers were handed out in 200 answers (${final - start - all.length} lost)`,
    );
  const missing: number[] = [];
  const set = new Set(all);
  for (let n = start; n < final && missing.length < 10; n++) if (!set.has(n)) missing.push(n);
  if (missing.length) problems.push(`numbers consumed but never handed out: ${missing.join(', ')}`);
  if (all.length && (all[0] !== start || all[all.length - 1] !== final - 1))
    problems.push(`handed-out range ${all[0]}..${all[all.length - 1]} ≠ ${start}..${final - 1}`);
  const unexpected = run.outcomes.filter((o) => o.status !== 200 && o.status !== 503);
  if (unexpected.length) problems.push(`${unexpected.length} answers neither 200 nor 503: ${JSON.stringify(unexpected.slice(0, 3))}`);
  return { ok: problems.length === 0, problems, handedOut: all.length, calls };
}

/** The tenant's next e-payroll number (bigint as number). */
export async function nextNumber(url: string, tenantId: string): Promise<number> {
  const client = new Client({ connectionString: url, application_name: 'numbering-check' });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      'select siguiente_numero::text as n from nomina_electronica_secuencia where tenant_id = $1',
      [tenantId],
    );
    return Number(rows[0].n);
  } finally {
    await client.end();
  }
}

/** One row of nomina_electronica_bloque (the record of a block taken, CONTRACT §3.8). */
export interface RecordedBlock {
  primero: number;
  cantidad: number;
  clave: string | null;
}

/** The tenant's recorded blocks from `from` on (its first number), in order. */
export async function recordedBlocks(url: string, tenantId: string, from: number): Promise<RecordedBlock[]> {
  const client = new Client({ connectionString: url, application_name: 'numbering-check' });
  await client.connect();
  try {
    const { rows } = await client.query<{ primero: string; cantidad: number; clave: string | null }>(
      `select b.primero::text as primero, b.cantidad, b.clave_idempotencia as clave from nomina_electronica_bloque b
        where b.tenant_id = $1 and b.primero >= $2 order by b.primero`,
      [tenantId, from],
    );
    return rows.map((r) => ({ primero: Number(r.primero), cantidad: r.cantidad, clave: r.clave }));
  } finally {
    await client.end();
  }
}

/**
 * CONTRACT §3.8 under faults, for a run whose every call carried the key `keyOf(call)`: consumed =
 * delivered + recorded. Every number between `start` and `final` is in exactly one recorded block;
 * each 200 that consumed holds its key's block exactly; a call answered with any other error than
 * NUMERACION_INCIERTA consumed nothing; the blocks nobody received (a client gone after the
 * commit, an unsettled commit) are listed in `undelivered`, for the caller to replay by key.
 */
export function checkRecordedBlocks(
  run: NumberingRun,
  blocks: RecordedBlock[],
  start: number,
  final: number,
  keyOf: (call: number) => string,
): { problems: string[]; undelivered: RecordedBlock[]; delivered: number } {
  const problems: string[] = [];
  let expected = start;
  for (const b of blocks) {
    if (b.primero !== expected) problems.push(`recorded blocks are not contiguous: ${b.primero} after ${expected - 1}`);
    expected = b.primero + b.cantidad;
  }
  if (expected !== final)
    problems.push(`the sequence moved to ${final} but the recorded blocks end at ${expected}: ${final - expected} numbers unrecorded`);
  const byKey = new Map(blocks.map((b) => [b.clave, b]));
  const received = new Set<string>();
  let delivered = 0;
  for (const o of run.outcomes) {
    const key = keyOf(o.call ?? -1);
    const block = byKey.get(key);
    if (o.status === 200 && o.numbers.length > 0) {
      if (!block) problems.push(`call ${o.call}: a 200 with numbers ${o.numbers[0]}… that no recorded block holds`);
      else if (o.numbers[0] !== block.primero || o.numbers.length !== block.cantidad)
        problems.push(`call ${o.call}: answered ${o.numbers[0]}+${o.numbers.length}, recorded ${block.primero}+${block.cantidad}`);
      if (!o.replayed) delivered += o.numbers.length;
      received.add(key);
    } else if (o.status !== 200 && block && o.status !== 0 && o.code !== 'NUMERACION_INCIERTA') {
      problems.push(`call ${o.call}: answered ${o.status} ${o.code ?? ''} but its block ${block.primero}+${block.cantidad} was recorded`);
    }
  }
  const undelivered = blocks.filter((b) => b.clave === null || !received.has(b.clave));
  for (const b of undelivered)
    if (b.clave === null) problems.push(`block ${b.primero}+${b.cantidad} has no key: it cannot be fetched again`);
  return { problems, undelivered, delivered };
}

/**
 * A numbering's COMMIT held for real and frozen: synchronous replication to a standby that does not
 * exist (what a standby down looks like) holds every COMMIT after its commit record is written; the
 * first service backend found waiting there is stopped (SIGSTOP) for `ms`, then the setting is
 * reset and the backend resumed, which finishes its COMMIT. `adminUrl`: a superuser of the cluster.
 * Returns whether a backend was caught.
 */
export async function freezeBackendInCommit(adminUrl: string, ms: number): Promise<boolean> {
  const admin = new Client({ connectionString: adminUrl, application_name: 'numbering-check' });
  await admin.connect();
  let pid: number | undefined;
  try {
    await admin.query(`alter system set synchronous_standby_names = 'ninguna'`);
    await admin.query('select pg_reload_conf()');
    for (const until = Date.now() + 20_000; pid === undefined && Date.now() < until;) {
      const { rows } = await admin.query<{ pid: number }>(
        `select pid from pg_stat_activity where application_name = 'nomina-read-api' and wait_event = 'SyncRep' limit 1`,
      );
      if (rows[0]) {
        pid = rows[0].pid;
        process.kill(pid, 'SIGSTOP');
        await sleep(ms);
      } else await sleep(10);
    }
    return pid !== undefined;
  } finally {
    await admin.query('alter system reset synchronous_standby_names');
    await admin.query('select pg_reload_conf()');
    if (pid !== undefined) process.kill(pid, 'SIGCONT');
    await admin.end().catch(() => undefined);
  }
}

/** Every process of the server in `clusterDir` stopped for `ms`: nothing answers, nothing is cancelled. */
export async function freezeServer(clusterDir: string, ms: number): Promise<void> {
  const pids = serverProcesses(clusterDir);
  for (const pid of pids) process.kill(pid, 'SIGSTOP');
  await sleep(ms);
  for (const pid of pids) process.kill(pid, 'SIGCONT');
}

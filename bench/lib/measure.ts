/** Timing helpers: percentiles, sequential loops, autocannon under fixed load, RSS sampling. */
import { readdirSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import autocannon from 'autocannon';

export interface Stats {
  n: number;
  median: number;
  p95: number;
}

export function stats(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number): number => (s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] : NaN);
  return { n: s.length, median: at(0.5), p95: at(0.95) };
}

/**
 * Runs `fn` sequentially: `warmup` unmeasured calls, then measured calls until at least
 * `minSamples` and `seconds` have passed (or `maxSamples`). Milliseconds.
 */
export async function sequential(
  fn: () => Promise<unknown>,
  o: { warmup: number; seconds: number; minSamples: number; maxSamples: number },
): Promise<Stats> {
  for (let i = 0; i < o.warmup; i++) await fn();
  const samples: number[] = [];
  const started = performance.now();
  while (samples.length < o.maxSamples && (samples.length < o.minSamples || performance.now() - started < o.seconds * 1000)) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  return stats(samples);
}

/**
 * Runs several measured calls in turns, a block of `block` calls of one after a block of the next
 * (the first rotating each round), so that every one is sampled across the same minutes of a
 * machine whose speed drifts. Each block starts with `warm` unmeasured calls: a process or backend
 * that sat idle while the others ran pays a cold start (caches, a wake-up) that steady traffic
 * does not, and more so the larger its code. `seconds` and the sample bounds apply to each call.
 * Milliseconds, in the order of `fns`.
 */
export async function interleaved(
  fns: readonly (() => Promise<unknown>)[],
  o: { warmup: number; seconds: number; minSamples: number; maxSamples: number },
  { block = 25, warm = 2 }: { block?: number; warm?: number } = {},
): Promise<Stats[]> {
  for (let i = 0; i < o.warmup; i++) for (const fn of fns) await fn();
  const samples: number[][] = fns.map(() => []);
  const started = performance.now();
  const budget = o.seconds * 1000 * fns.length;
  for (let round = 0; ; round++) {
    const n = Math.min(...samples.map((x) => x.length));
    if (n >= o.maxSamples || (n >= o.minSamples && performance.now() - started >= budget)) break;
    for (let k = 0; k < fns.length; k++) {
      const i = (round + k) % fns.length;
      for (let w = 0; w < warm; w++) await fns[i]();
      for (let j = 0; j < block && samples[i].length < o.maxSamples; j++) {
        const t = performance.now();
        await fns[i]();
        samples[i].push(performance.now() - t);
      }
    }
  }
  return samples.map(stats);
}

export interface HttpResult {
  status: number;
  bytes: number;
  body?: string;
}

/** One GET on a fresh keep-alive-less connection pool of node:http; reads the whole body. */
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
export function httpGet(url: string, headers: Record<string, string>, keepBody = false): Promise<HttpResult> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'GET', headers, agent }, (res) => {
      let bytes = 0;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => {
        bytes += c.length;
        if (keepBody) chunks.push(c);
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, bytes, body: keepBody ? Buffer.concat(chunks).toString('utf8') : undefined }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export interface LoadResult extends Stats {
  rps: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  bytesPerReq: number;
}

/** Fixed connections for a fixed duration; latency percentiles from every response. */
export async function load(url: string, headers: Record<string, string>, connections: number, seconds: number): Promise<LoadResult> {
  const latencies: number[] = [];
  let non2xx = 0;
  let bytes = 0;
  const instance = autocannon({ url, headers, connections, duration: seconds, timeout: 60, pipelining: 1 });
  instance.on('response', (_client: unknown, status: number, resBytes: number, responseTime: number) => {
    latencies.push(responseTime);
    bytes += resBytes;
    if (status < 200 || status > 299) non2xx++;
  });
  const result = await instance;
  const s = stats(latencies);
  return {
    ...s,
    rps: latencies.length / seconds,
    non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    bytesPerReq: latencies.length ? bytes / latencies.length : 0,
  };
}

/** VmRSS of a live process in MB, sampled every `everyMs` until stopped; returns the peak. */
export function rssSampler(pid: number, everyMs = 25): { stop(): number; peak(): number } {
  let peak = 0;
  const sample = (): void => {
    try {
      const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (m) peak = Math.max(peak, Number(m[1]) / 1024);
    } catch {
      /* gone */
    }
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return peak;
    },
    peak: () => peak,
  };
}

/**
 * The fields of /proc/<pid>/stat after the command name (so [0] is the state, [1] the parent pid,
 * [11] and [12] user and system time in ticks, [13] and [14] those of reaped children); undefined
 * when the process is gone.
 */
export function procStat(pid: number | string): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** CPU seconds a live process has used so far, user (JS, V8, libuv) and system (the kernel: socket writes, reads, epoll); NaN when it is gone. */
export function cpuSplit(pid: number): { user: number; system: number } {
  const fields = procStat(pid);
  return fields ? { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 } : { user: NaN, system: NaN };
}

/**
 * CPU seconds used so far by a process and its children, live or ended (PostgreSQL: the postmaster
 * and its backends; a pool closes idle connections, and an ended backend's time moves to the
 * postmaster's cutime/cstime when it is reaped).
 */
export function processTreeCpu(rootPid: number): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    // Undefined: the process ended between the listing and the read.
    const fields = procStat(entry);
    if (!fields) continue;
    if (Number(entry) === rootPid) total += (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / 100;
    else if (Number(fields[1]) === rootPid) total += (Number(fields[11]) + Number(fields[12])) / 100;
  }
  return total;
}

/** CPU seconds the whole machine has been busy (every core; /proc/stat minus idle and iowait). */
export function machineBusyCpu(): number {
  const [, user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  return (user + nice + system + irq + softirq + steal) / 100;
}

/**
 * `load` while counting the CPU the server process spent: CPU ms per request is what a noisy,
 * shared machine distorts least (latency and req/s also measure the other tenants' load). With
 * `dbPid` (the postmaster), also the database server's CPU per request and the whole machine's
 * (the server, PostgreSQL, the load generator and whatever else runs): on a machine where all of
 * them share the cores, req/s follows the sum, not the server's part alone.
 */
export async function loadWithCpu(
  pid: number,
  url: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
  dbPid?: number,
): Promise<LoadResult & { cpuMsPerReq: number; sysMsPerReq: number; dbMsPerReq: number; machineMsPerReq: number }> {
  const before = cpuSplit(pid);
  const dbBefore = dbPid ? processTreeCpu(dbPid) : NaN;
  const machineBefore = machineBusyCpu();
  const r = await load(url, headers, connections, seconds);
  const after = cpuSplit(pid);
  const dbAfter = dbPid ? processTreeCpu(dbPid) : NaN;
  const machineAfter = machineBusyCpu();
  const per = (s: number): number => (r.n ? (s * 1000) / r.n : NaN);
  return {
    ...r,
    cpuMsPerReq: per(after.user + after.system - before.user - before.system),
    sysMsPerReq: per(after.system - before.system),
    dbMsPerReq: per(dbAfter - dbBefore),
    machineMsPerReq: per(machineAfter - machineBefore),
  };
}

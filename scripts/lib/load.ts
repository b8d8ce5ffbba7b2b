/**
 * A thin typed wrapper over autocannon (loopback only): constant load on a few requests, every
 * answer time-stamped so the fault scripts can split the results by phase.
 */

interface AutocannonRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
}

interface AutocannonInstance {
  on(event: 'response', fn: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): void;
  on(event: 'reqError', fn: (err: Error) => void): void;
  on(event: 'done', fn: (result: AutocannonResult) => void): void;
  stop(): void;
}

export interface AutocannonResult {
  requests: { average: number; total: number; sent: number };
  latency: { p50: number; p99: number; average: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  duration: number;
}

type Autocannon = (opts: Record<string, unknown>) => AutocannonInstance;
// autocannon ships no types; this is the part of its API used here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as Autocannon;

export interface Sample {
  /** ms since the load started. */
  at: number;
  status: number;
  ms: number;
}

export interface LoadRun {
  samples: Sample[];
  errors: { at: number; message: string }[];
  started: number;
  stop(): Promise<AutocannonResult>;
  done: Promise<AutocannonResult>;
}

export function assertLoopback(base: string): void {
  const host = new URL(base).hostname;
  if (!/^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/.test(host)) throw new Error(`load is for loopback addresses only, not ${host}`);
}

/** Starts autocannon on `base` with `connections` connections, cycling through `requests`. */
export function startLoad(
  base: string,
  requests: AutocannonRequest[],
  opts: { connections: number; durationS: number; timeoutS?: number; pipelining?: number },
): LoadRun {
  assertLoopback(base);
  const started = performance.now();
  const samples: Sample[] = [];
  const errors: { at: number; message: string }[] = [];
  const instance = autocannon({
    url: base,
    connections: opts.connections,
    duration: opts.durationS,
    timeout: opts.timeoutS ?? 10,
    pipelining: opts.pipelining ?? 1,
    requests,
  });
  instance.on('response', (_c, statusCode, _b, responseTime) =>
    samples.push({ at: performance.now() - started, status: statusCode, ms: responseTime }),
  );
  instance.on('reqError', (err) => errors.push({ at: performance.now() - started, message: err.message }));
  const done = new Promise<AutocannonResult>((resolve) => instance.on('done', resolve));
  return {
    samples,
    errors,
    started,
    done,
    stop: async () => {
      instance.stop();
      return done;
    },
  };
}

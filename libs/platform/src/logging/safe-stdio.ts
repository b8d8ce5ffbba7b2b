import pino, { type DestinationStream } from 'pino';

/**
 * Writing to a reader that is gone — a closed pipe (EPIPE), a terminal that hung up (EIO) — must
 * neither crash the process nor stall it: after a hang-up the service still has to stop cleanly
 * (finish requests, stop the embedded PostgreSQL). Once such a write fails, the stream is muted.
 */

/** pino's default destination (asynchronous writes to fd 1) that goes quiet instead of throwing. */
export function stdoutDestination(): DestinationStream {
  const dest = pino.destination({ dest: process.stdout.fd ?? 1, sync: false });
  // pino's own listener mutes only EPIPE and re-emits anything else (EIO), which would be an
  // unhandled 'error' event; this one mutes on every write error.
  dest.on('error', () => {
    const quiet = dest as unknown as Record<'write' | 'end' | 'flushSync' | 'destroy', () => boolean>;
    quiet.write = () => true;
    quiet.end = quiet.flushSync = quiet.destroy = () => true;
  });
  return dest;
}

/** process.stdout/stderr (the start banner, Node's own warnings): a failed write is dropped. */
export function guardStdio(): void {
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
}

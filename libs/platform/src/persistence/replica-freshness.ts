/**
 * The primary's WAL position over time, as the service saw it: (when the sample was asked for,
 * pg_current_wal_flush_lsn() then). A replica whose replay position has reached a sample's LSN
 * holds everything the primary had committed when that sample was taken, so its staleness is at
 * most "now − that sample's time": measured against the primary and the service's own monotonic
 * clock, never taken from the replica's word (CONTRACT §10). An idle primary keeps the same LSN,
 * so its newest sample keeps the replicas that replayed it current without any write; a replica
 * that stops receiving or replaying (paused, frozen sender or receiver, cut network) falls
 * behind the first sample after the next commit, and is stale REPLICA_MAX_LAG_MS later.
 */
export class PrimaryPositions {
  /** Sample times (performance.now()), increasing. */
  private readonly at: number[] = [];
  /** LSNs as byte offsets (exact in a double up to 8 PiB of WAL), strictly increasing. */
  private readonly lsn: number[] = [];

  /** @param keepMs how long samples are kept (at least the longest staleness worth telling apart) */
  constructor(private readonly keepMs: number) {}

  /** Records the primary's position `lsn` as asked for at `at`. */
  record(at: number, lsn: number): void {
    const n = this.lsn.length;
    if (n > 0 && lsn < this.lsn[n - 1]) {
      // The primary went back in WAL (restored, or another server behind the URL): start over.
      this.at.length = 0;
      this.lsn.length = 0;
    } else if (n > 0 && lsn === this.lsn[n - 1]) {
      // Nothing written since: only the newest time matters for this position.
      this.at[n - 1] = at;
      return;
    }
    this.at.push(at);
    this.lsn.push(lsn);
    let old = 0;
    while (old < this.at.length - 1 && this.at[old] < at - this.keepMs) old++;
    if (old > 0) {
      this.at.splice(0, old);
      this.lsn.splice(0, old);
    }
  }

  /**
   * The time of the newest sample a replica at `replayed` has caught up with: it holds everything
   * the primary had committed then. Undefined when it is behind every sample kept (or none yet).
   */
  caughtUpAt(replayed: number): number | undefined {
    let lo = 0;
    let hi = this.lsn.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.lsn[mid] <= replayed) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found < 0 ? undefined : this.at[found];
  }

  /** Time of the oldest sample kept (a replica behind all of them lags at least since then). */
  get oldest(): number | undefined {
    return this.at[0];
  }

  get size(): number {
    return this.at.length;
  }
}

/** `'0/16B3748'` (pg_lsn text) as a byte offset. */
export function lsnToNumber(lsn: string): number {
  const slash = lsn.indexOf('/');
  return parseInt(lsn.slice(0, slash), 16) * 4294967296 + parseInt(lsn.slice(slash + 1), 16);
}

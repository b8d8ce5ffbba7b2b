import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full garbage collection whenever the heap has grown past a ceiling, for the import CLI.
 *
 * The import's live data is small (one chunk, what was parsed from it, the catalogs and
 * uuid filters: 35–60 MB after a collection on 5 M lines), but every payslip it parses lives across
 * a few awaits, survives the young generation and dies in the old one. V8 collects the old
 * generation when it has grown by a factor of what survived the last collection, so on a long
 * import it lets dead payslips (and the file chunks and COPY buffers, outside the heap) pile up
 * first: measured, heaps of 140–220 MB and an RSS of 284 MB for 1 M lines and 375 MB for 5 M.
 * Collecting when heap plus external memory pass `ceilingMb` keeps them near that ceiling; checking
 * costs microseconds per progress event, and a collection runs only when there is garbage to take
 * (collecting at a fixed pace instead costs ~20 % more CPU time). A heap cap
 * (--max-old-space-size) would bound it too, but would turn an employer with a large catalog into
 * an out-of-memory crash instead of a bigger RSS. The CLI ticks it on a timer as well, so a phase
 * that reports no progress for a while (3 million suppliers checked or written) is covered; with
 * the 112 MB ceiling a 1 GB file of 3.26 M suppliers peaks at 249 MB RSS (docs/IMPORT.md).
 */
export class GarbageCadence {
  private readonly collect: () => void;
  private readonly base: number;
  private ceiling: number;
  collections = 0;

  constructor(ceilingMb = 112) {
    this.base = this.ceiling = ceilingMb * 1024 * 1024;
    // gc() is only reachable with --expose-gc; set at run time, a fresh context sees it.
    setFlagsFromString('--expose-gc');
    this.collect = runInNewContext('gc') as () => void;
  }

  /** Called as the work progresses (the CLI's progress events). */
  tick(): void {
    if (used() > this.ceiling) this.run();
  }

  /** Between phases: what the last one left behind goes now. */
  now(): void {
    this.run();
  }

  private run(): void {
    this.collections++;
    this.collect();
    // A live set near the ceiling (a catalog of 100,000+ employees) would make every tick a full
    // collection (measured: 81 s of them in a 106 s import); the ceiling then moves to half as
    // much again as what survived, so each collection has as much garbage to take as it marks.
    this.ceiling = Math.max(this.base, used() * 1.5);
  }
}

/** Heap plus external memory: the file chunks and COPY buffers are freed only when their handles are collected. */
function used(): number {
  const { used_heap_size: heap, external_memory: external } = getHeapStatistics();
  return heap + external;
}

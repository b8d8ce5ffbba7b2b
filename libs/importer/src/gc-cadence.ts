import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full garbage collection whenever the heap has grown past a ceiling, for the import CLI.
 *
 * The import's live data is small and bounded (one chunk, what was parsed from it, the catalogs
 * and uuid filters: under 70 MB for 5 M lines), but every payslip it parses lives across a few
 * awaits, survives the young generation and dies in the old one. V8 collects the old generation
 * when it has grown by a factor of what survived the last collection, so on a long import it lets
 * dead payslips (and the file chunks and COPY buffers, outside the heap) pile up first: measured,
 * heaps of 140–220 MB and an RSS of 284 MB for 1 M lines and 375 MB for 5 M. Collecting when heap
 * plus external memory pass `ceilingMb` keeps them near that ceiling; checking costs microseconds per progress event, and a
 * collection runs only when there is garbage to take (collecting at a fixed pace instead cost ~20 %
 * of the CPU time: see bench/README.md). A heap cap (--max-old-space-size) would bound it too, but
 * would turn an employer with a large catalog into an out-of-memory crash instead of a bigger RSS.
 */
export class GarbageCadence {
  private readonly collect: () => void;
  private readonly ceiling: number;
  collections = 0;

  constructor(ceilingMb = 144) {
    this.ceiling = ceilingMb * 1024 * 1024;
    // gc() is only reachable with --expose-gc; set at run time, a fresh context sees it.
    setFlagsFromString('--expose-gc');
    this.collect = runInNewContext('gc') as () => void;
  }

  /** Called as the work progresses (the CLI's progress events). */
  tick(): void {
    // External memory too: the file chunks and COPY buffers are freed only when their handles are collected.
    const { used_heap_size: heap, external_memory: external } = getHeapStatistics();
    if (heap + external <= this.ceiling) return;
    this.collections++;
    this.collect();
  }

  /** Between phases: what the last one left behind goes now. */
  now(): void {
    this.collect();
  }
}

/*
 * Preload for `framework.bench.ts --heap-sample DIR` (node -r bench/lib/heap-sample.js): V8's
 * sampling heap profiler, switched on and off by SIGUSR2 so that a window covers one load phase.
 * Each window is written to `${HEAP_SAMPLE_PREFIX}-<n>.heapprofile` (n = 1, 2, …), the inspector's
 * SamplingHeapProfile: a call tree whose nodes carry the bytes sampled where they were allocated.
 *
 * Unlike `node --heap-prof` (which keeps only what is still alive when it stops), the samples of
 * objects the GC collected are kept, so a window counts every byte allocated in it:
 * HEAP_SAMPLE_PROMOTED=1 drops those a young-generation GC collected, leaving what was promoted to
 * the old generation (or is still alive). HEAP_SAMPLE_INTERVAL: mean bytes between samples
 * (default 4096; V8's own default, 32768, leaves too few samples in a single-row response).
 *
 * Plain JavaScript (CommonJS): `-r` loads it before any TypeScript hook exists.
 */
'use strict';
const inspector = require('node:inspector');
const { renameSync, writeFileSync } = require('node:fs');

const prefix = process.env.HEAP_SAMPLE_PREFIX;
if (prefix) {
  const session = new inspector.Session();
  session.connect();
  let on = false;
  let windows = 0;
  process.on('SIGUSR2', () => {
    if (!on) {
      on = true;
      session.post('HeapProfiler.startSampling', {
        samplingInterval: Number(process.env.HEAP_SAMPLE_INTERVAL || 4096),
        includeObjectsCollectedByMinorGC: process.env.HEAP_SAMPLE_PROMOTED !== '1',
        includeObjectsCollectedByMajorGC: true,
      });
      return;
    }
    on = false;
    session.post('HeapProfiler.stopSampling', (err, result) => {
      if (err) process.stderr.write(`heap-sample: ${err.message}\n`);
      else {
        // Written aside, then renamed: whoever waits for the file never reads half of it.
        const file = `${prefix}-${++windows}.heapprofile`;
        writeFileSync(`${file}.part`, JSON.stringify(result.profile));
        renameSync(`${file}.part`, file);
      }
    });
  });
}

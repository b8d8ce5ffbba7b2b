import { Readable } from 'node:stream';

/** A source of `count` rows that records how many were pulled and whether it was ended. */
export function countingSource(row: (i: number) => object, count: number): { rows: AsyncGenerator<object>; pulled: () => number; closed: () => boolean } {
  let pulled = 0;
  let closed = false;
  async function* rows(): AsyncGenerator<object> {
    try {
      for (let i = 0; i < count; i++) {
        pulled++;
        yield row(i);
      }
    } finally {
      closed = true;
    }
  }
  return { rows: rows(), pulled: () => pulled, closed: () => closed };
}

/** One row, then the error a lost cursor gives. */
export async function* failingSource(row: object): AsyncGenerator<object> {
  yield row;
  throw new Error('cursor perdido');
}

/**
 * Backpressure and cleanup of a writer over countingSource: with the reader paused, the buffers
 * between source and reader fill up and the source stands still (waited for, however long the
 * machine takes) far below its size; destroying the stream ends the source.
 */
export async function expectHeldBackAndEnded(stream: Readable, source: ReturnType<typeof countingSource>, bound: number): Promise<void> {
  await new Promise((resolve) => stream.once('data', resolve));
  stream.pause();
  let before = -1;
  for (let i = 0; i < 40 && source.pulled() !== before; i++) {
    before = source.pulled();
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(source.pulled()).toBe(before);
  expect(source.pulled()).toBeLessThan(bound);
  stream.destroy();
  await new Promise((r) => setTimeout(r, 50));
  expect(source.closed()).toBe(true);
}

/** A file destroyed before anyone read it (HEAD, a client gone at once) must still end its source stream. */
export async function expectUnreadSourceEnded(make: (rows: Readable) => Readable): Promise<void> {
  let pulled = 0;
  const source = new Readable({
    objectMode: true,
    read() {
      pulled++;
      this.push({ a: 1 });
    },
  });
  const file = make(source);
  file.destroy();
  await new Promise((r) => setTimeout(r, 20));
  expect(source.destroyed).toBe(true);
  expect(pulled).toBeLessThan(100);
}

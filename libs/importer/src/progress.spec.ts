import { formatSeconds } from './problems';
import { createProgressReporter, describe as describeProgress } from './progress';

function fakeStream(isTTY: boolean): { stream: NodeJS.WritableStream & { isTTY: boolean }; output: () => string } {
  let written = '';
  const stream = { isTTY, write: (chunk: string) => ((written += chunk), true) } as unknown as NodeJS.WritableStream & { isTTY: boolean };
  return { stream, output: () => written };
}

describe('progress reporter', () => {
  it('redraws one line in place on a terminal, at most every 100 ms, and erases it on finish', () => {
    let now = 0;
    const { stream, output } = fakeStream(true);
    const reporter = createProgressReporter({ stream, now: () => now });
    reporter.update({ phase: 'nómina', done: 0, total: 1000 });
    now = 50;
    reporter.update({ phase: 'nómina', done: 100, total: 1000 }); // too soon: skipped
    now = 1000;
    reporter.update({ phase: 'nómina', done: 500, total: 1000 });
    reporter.update({ phase: 'analizando', done: 0 });
    reporter.finish();
    const frames = output().split('\r').filter(Boolean);
    expect(frames).toHaveLength(4);
    expect(frames[1]).toContain(' 50%  500/1.000 líneas  500 líneas/s');
    expect(frames[2]).toBe('analizando...\x1b[K');
    // Nothing is left on screen: no newline, and the last frame is an erase.
    expect(output()).not.toContain('\n');
    expect(frames[3]).toBe('\x1b[K');
  });

  it('writes a plain line every 2 s to a log', () => {
    let now = 0;
    const { stream, output } = fakeStream(false);
    const reporter = createProgressReporter({ stream, now: () => now });
    for (let t = 0; t <= 5000; t += 250) {
      now = t;
      reporter.update({ phase: 'ventas', done: t * 10 });
    }
    reporter.finish();
    expect(output().split('\n').filter(Boolean)).toEqual([
      'ventas...',
      'ventas       20.000 líneas  10.000 líneas/s',
      'ventas       40.000 líneas  10.000 líneas/s',
    ]);
  });

  it('names what it counts', () => {
    expect(describeProgress({ phase: 'proveedores', done: 10, total: 40, unit: 'registros' }, 2)).toBe(
      'proveedores  [#####...............]  25%  10/40 registros  5 registros/s',
    );
  });

  it('writes seconds with a decimal comma, like the counts (seed and import alike)', () => {
    expect([formatSeconds(2000), formatSeconds(5549), formatSeconds(49), formatSeconds(1_234_560)]).toEqual([
      '2,0',
      '5,5',
      '0,0',
      '1.234,6',
    ]);
  });
});

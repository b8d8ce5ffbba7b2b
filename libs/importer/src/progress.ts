import { formatCount } from './problems';

/** What a long load reports (the shape of loadDataset's onProgress). */
export interface ProgressEvent {
  phase: string;
  done: number;
  total?: number;
  /** What `done` counts; "líneas" when absent. */
  unit?: string;
}

export interface ProgressReporter {
  update(event: ProgressEvent): void;
  /** Erases the bar (TTY) so what follows starts on a clean line, with no last phase left over. */
  finish(): void;
}

export interface ProgressOptions {
  /** Defaults to process.stderr; a TTY gets a bar redrawn in place, anything else plain lines. */
  stream?: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  now?: () => number;
}

const TTY_INTERVAL_MS = 100;
const LOG_INTERVAL_MS = 2000;
const BAR_WIDTH = 20;

/**
 * Progress on stderr for `npm run import` and the seed: on a terminal one line redrawn with \r
 * (phase, bar and percentage when the total is known, lines, lines/s) and erased at the end; in a
 * log (CI, a pipe) a plain line every ~2 s, so the log stays readable.
 */
export function createProgressReporter(options: ProgressOptions = {}): ProgressReporter {
  const stream = options.stream ?? process.stderr;
  const now = options.now ?? (() => performance.now());
  const tty = Boolean(stream.isTTY);
  let phase = '';
  let phaseStart = now();
  let lastDraw = -Infinity;
  let drawn = false;

  return {
    update(event) {
      const t = now();
      const newPhase = event.phase !== phase;
      if (newPhase) {
        phase = event.phase;
        phaseStart = t;
      }
      // A terminal shows each new phase at once; a log gets at most one line per interval.
      if (!(newPhase && tty) && t - lastDraw < (tty ? TTY_INTERVAL_MS : LOG_INTERVAL_MS)) return;
      lastDraw = t;
      const text = describe(event, (t - phaseStart) / 1000);
      if (tty) {
        // A line longer than the terminal would wrap, and \r would then redraw only its last part.
        const width = stream.columns ? stream.columns - 1 : text.length;
        stream.write(`\r${text.slice(0, width)}\x1b[K`);
        drawn = true;
      } else {
        stream.write(`${text}\n`);
      }
    },
    finish() {
      // Erased rather than ended with a newline: its last frame is usually a phase just begun
      // ("analizando..."), which would stay on screen as a bare line above the summary.
      if (tty && drawn) stream.write('\r\x1b[K');
      drawn = false;
    },
  };
}

export function describe(event: ProgressEvent, seconds: number): string {
  if (!event.total && !event.done) return `${event.phase}...`;
  const unit = event.unit ?? 'líneas';
  const parts = [event.phase.padEnd(11)];
  if (event.total) {
    const ratio = Math.min(1, event.done / event.total);
    const filled = Math.round(ratio * BAR_WIDTH);
    parts.push(`[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${(ratio * 100).toFixed(0).padStart(3)}%`);
    parts.push(`${formatCount(event.done)}/${formatCount(event.total)} ${unit}`);
  } else {
    parts.push(`${formatCount(event.done)} ${unit}`);
  }
  if (seconds >= 0.5 && event.done > 0) parts.push(`${formatCount(event.done / seconds)} ${unit}/s`);
  return parts.join('  ');
}

import type { Transform } from 'node:stream';

/** Pending text is pushed at once from this size (UTF-16 units). */
const MAX_PENDING = 64 * 1024;

/**
 * The text of a report writer, pushed as one chunk per turn of the event loop (or per 64 Ki
 * characters) instead of one small chunk per row: each chunk costs a write on the socket. While
 * the reader is behind (readable buffer full) every piece is pushed at once, from inside the
 * transform, so the stream's backpressure holds the rows back exactly as before.
 */
export class PendingText {
  private text = '';
  private scheduled = false;

  constructor(private readonly stream: Transform) {}

  add(piece: string): void {
    this.text += piece;
    if (this.text.length >= MAX_PENDING || this.stream.readableLength >= this.stream.readableHighWaterMark) this.push();
    else if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        this.push();
      });
    }
  }

  /** Pushes what is pending (call it before ending the stream). */
  push(): void {
    if (!this.text || this.stream.destroyed) return;
    const text = this.text;
    this.text = '';
    this.stream.push(text);
  }
}

/** A clock in milliseconds (tests pass a fake one). */
export type Clock = () => number;

/** "1:05" or "1:02:05". */
export function formatEta(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/**
 * The corpus progress line on stderr: " sketching 1200/20000 documents, 41.3 MB/s, ETA 0:27". The
 * ETA (after the first 2 s) comes from the bytes left when the total size is known (files, a JSONL
 * file), else from the documents left when their number is known; standard input has none. Redrawn at most every 100 ms
 * (the first time after 250 ms, so quick runs show nothing); `note` writes warnings on their own lines.
 */
export class RateProgress {
  private shown = false;
  private readonly start: number;
  private last: number;
  /** Totals when known. */
  totalDocs?: number;
  totalBytes?: number;

  constructor(
    private readonly label: string,
    private readonly enabled: boolean,
    private readonly stream: NodeJS.WritableStream & { isTTY?: boolean } = process.stderr,
    private readonly clock: Clock = () => performance.now(),
  ) {
    this.start = clock();
    this.last = this.start + 150;
  }

  /** The line for `docs` documents and `bytes` bytes done after `ms` milliseconds. */
  line(docs: number, bytes: number, ms: number): string {
    const rate = ms > 0 ? bytes / 1e6 / (ms / 1000) : 0;
    let out = ` ${this.label} ${docs}${this.totalDocs !== undefined ? `/${this.totalDocs}` : ''} documents, ${rate.toFixed(1)} MB/s`;
    let left: number | undefined;
    // The first seconds (threads starting, code warming up) say little about the rate: no ETA yet.
    if (ms < 2000) left = undefined;
    else if (this.totalBytes !== undefined && bytes > 0) left = ((this.totalBytes - bytes) / bytes) * (ms / 1000);
    else if (this.totalDocs !== undefined && docs > 0) left = ((this.totalDocs - docs) / docs) * (ms / 1000);
    if (left !== undefined) out += `, ETA ${formatEta(left)}`;
    return out;
  }

  update(docs: number, bytes: number): void {
    if (!this.enabled) return;
    const now = this.clock();
    if (now - this.last < 100) return;
    this.last = now;
    this.stream.write(`\r${this.line(docs, bytes, now - this.start)}\x1b[K`);
    this.shown = true;
  }

  /** Erases the line, if one is shown. */
  clear(): void {
    if (this.shown) this.stream.write('\r\x1b[K');
    this.shown = false;
  }

  /** Writes a whole line (a warning), moving the progress line out of its way. */
  note(line: string): void {
    this.clear();
    this.stream.write(`${line}\n`);
  }
}

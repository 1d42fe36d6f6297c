import { statSync } from 'node:fs';

/** Runs at least this long show progress: more files than this, or more bytes in total. */
export const PROGRESS_MIN_FILES = 50;
export const PROGRESS_MIN_BYTES = 20 * 1024 * 1024;

/** Whether reading `files` is a long run worth a progress line (only ever on a terminal). */
export function wantsProgress(files: readonly string[], stream: NodeJS.WriteStream = process.stderr): boolean {
  if (!stream.isTTY) return false;
  if (files.length > PROGRESS_MIN_FILES) return true;
  let total = 0;
  for (const f of files) {
    if (f === '-') continue;
    try {
      total += statSync(f).size;
    } catch {
      // Reported when the file is read.
    }
    if (total > PROGRESS_MIN_BYTES) return true;
  }
  return false;
}

/**
 * A one-line counter on stderr ("\r sketching 120/500"), redrawn at most every 100 ms. Disabled, it
 * writes nothing; warnings go through `note` so they never land in the middle of the counter.
 */
export class Progress {
  private shown = false;
  private last = 0;

  constructor(
    private readonly label: string,
    private readonly total: number,
    private readonly enabled: boolean,
    private readonly stream: NodeJS.WriteStream = process.stderr,
  ) {}

  update(done: number): void {
    if (!this.enabled) return;
    const now = Date.now();
    if (done < this.total && now - this.last < 100) return;
    this.last = now;
    this.stream.write(`\r ${this.label} ${done}/${this.total}`);
    this.shown = true;
  }

  /** Erases the counter line, if one is shown. */
  clear(): void {
    if (this.shown) this.stream.write('\r\x1b[K');
    this.shown = false;
  }

  /** Writes a whole line on stderr, moving the counter out of its way. */
  note(line: string): void {
    this.clear();
    this.stream.write(`${line}\n`);
  }
}

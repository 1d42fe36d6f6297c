// JSONL cut into batches of whole lines for the sketching threads (issue #42). The main thread only
// finds newlines and copies bytes once; parsing, naming, blank lines and errors are the worker's
// (./sketch-lines.ts), so a batch crosses to a thread as one transferred buffer, not a message a line.
import type { BufferPool } from './buffer-pool';

/** Whole lines (the last one may lack its newline at the end of the stream), the first numbered `line`. */
export interface LinesChunk {
  line: number;
  /** Lines in `data` (blank ones too). */
  lines: number;
  data: Uint8Array;
  tooLong?: undefined;
}
/** One line longer than the limit: its bytes (newline included) were skipped, never held. */
export interface LongLine {
  line: number;
  bytes: number;
  tooLong: true;
}

/**
 * The lines of `stream` in chunks of about `batchBytes` (a chunk ends at a newline), in order, with
 * each line longer than `maxLineBytes` (newline excluded, as jsonl-lines.ts counts) in its place as a
 * LongLine. Each chunk's buffer is its own, so it can be transferred.
 */
export async function* jsonlBatches(
  stream: AsyncIterable<Uint8Array | string>,
  maxLineBytes: number,
  batchBytes: number,
  pool?: BufferPool,
): AsyncGenerator<LinesChunk | LongLine> {
  // Room for the batch and most of the line that crosses its end (a longer one grows it).
  const room = pool?.size ?? batchBytes + (batchBytes >> 2);
  const fresh = (need: number) => (pool && need <= room ? pool.get() : new Uint8Array(Math.max(room, need)));
  let buf = fresh(room);
  let used = 0; // bytes in buf
  let lineStart = 0; // where the current, unfinished line starts in buf
  let first = 1; // number of buf's first line
  let lines = 0; // finished lines in buf[0, lineStart)
  let skipped = -1; // bytes of a too-long line skipped so far, or −1
  const take = (): LinesChunk => {
    // The unfinished line moves to a fresh buffer: this one is handed over whole.
    const next = fresh((used - lineStart) * 2);
    next.set(buf.subarray(lineStart, used));
    const out: LinesChunk = { line: first, lines, data: buf.subarray(0, lineStart) };
    buf = next;
    used -= lineStart;
    lineStart = 0;
    first += lines;
    lines = 0;
    return out;
  };
  for await (const chunk of stream) {
    const c = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
    let from = 0;
    while (from < c.length) {
      // Whole lines at once, up to the one that fills the batch: one copy, not one a line, when they fit
      // and none of them can be too long (a line is at most what is held of it and the rest of c).
      if (skipped < 0 && used - lineStart + (c.length - from) <= maxLineBytes) {
        const fill = from + Math.max(0, batchBytes - used);
        const cut = fill >= c.length ? -1 : c.indexOf(10, fill);
        const to = cut < 0 ? c.length : cut + 1;
        if (used + (to - from) <= buf.length) {
          buf.set(from === 0 && to === c.length ? c : c.subarray(from, to), used);
          for (let k = c.indexOf(10, from); k >= 0 && k < to; k = c.indexOf(10, k + 1)) {
            lines++;
            lineStart = used + (k + 1 - from);
          }
          used += to - from;
          from = to;
          if (lineStart >= batchBytes) yield take();
          continue;
        }
      }
      const nl = c.indexOf(10, from);
      const end = nl < 0 ? c.length : nl + 1;
      if (skipped >= 0) skipped += end - from;
      else if (used - lineStart + (end - from) - (nl < 0 ? 0 : 1) > maxLineBytes) {
        skipped = used - lineStart + (end - from);
        used = lineStart;
      } else {
        if (used + (end - from) > buf.length) {
          const grown = new Uint8Array(Math.max(buf.length * 2, used + (end - from)));
          grown.set(buf.subarray(0, used));
          buf = grown;
        }
        buf.set(c.subarray(from, end), used);
        used += end - from;
        if (nl >= 0) {
          lineStart = used;
          lines++;
        }
      }
      if (nl >= 0 && skipped >= 0) {
        if (lines > 0) yield take();
        yield { line: first, bytes: skipped, tooLong: true };
        first++;
        skipped = -1;
      } else if (lineStart >= batchBytes) yield take();
      from = end;
    }
  }
  if (skipped >= 0) {
    if (lines > 0) yield take();
    yield { line: first, bytes: skipped, tooLong: true };
  } else if (used > 0) {
    if (used > lineStart) {
      lineStart = used; // the last line, without its newline
      lines++;
    }
    yield take();
  }
}

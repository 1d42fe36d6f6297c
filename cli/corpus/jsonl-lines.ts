// JSONL read as a stream of lines: only the current line is held, never the whole file.
import { Buffer } from 'node:buffer';

/** Longer lines are unusable documents (their bytes are skipped, not held). */
export const MAX_LINE_BYTES = 64 * 1024 * 1024;

/**
 * One line (1-based number): its bytes in a buffer of its own (so it can be transferred), or too long.
 * `bytes` is every byte it took in the stream, its newline (and a too-long line's skipped bytes) included.
 */
export type Line = { line: number; bytes: number; data: Uint8Array; tooLong?: undefined } | { line: number; bytes: number; tooLong: true; data?: undefined };

function blank(parts: readonly Uint8Array[]): boolean {
  for (const p of parts) {
    for (let i = 0; i < p.length; i++) {
      const c = p[i];
      if (c !== 32 && c !== 9 && c !== 13) return false;
    }
  }
  return true;
}

/** Byte chunks joined into one fresh buffer (cli/read-limited.ts joins with it too). */
export function join(parts: readonly Uint8Array[], length: number): Uint8Array {
  // A fresh Uint8Array, not Buffer.concat: small Buffers share Node's pool, which must never be transferred.
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * The non-blank lines of `stream` ("\n"-separated; a "\r" before it is left to JSON as whitespace).
 * Blank lines' bytes go to `onBlank`, so the lines' bytes and those add up to the stream's size.
 */
export async function* jsonlLines(
  stream: AsyncIterable<Uint8Array | string>,
  maxBytes = MAX_LINE_BYTES,
  onBlank: (bytes: number) => void = () => {},
): AsyncGenerator<Line> {
  let parts: Uint8Array[] = [];
  let length = 0;
  let raw = 0; // bytes of the current line read so far, newline included, skipped ones too
  let tooLong = false;
  let line = 1;
  for await (const chunk of stream) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let from = 0;
    for (;;) {
      const nl = buf.indexOf(10, from);
      const piece = buf.subarray(from, nl < 0 ? buf.length : nl);
      raw += piece.length + (nl < 0 ? 0 : 1);
      if (!tooLong && length + piece.length > maxBytes) {
        tooLong = true;
        parts = [];
        length = 0;
      }
      if (!tooLong && piece.length > 0) {
        parts.push(piece);
        length += piece.length;
      }
      if (nl < 0) break;
      const bytes = raw;
      raw = 0;
      if (tooLong) yield { line, bytes, tooLong: true };
      else if (!blank(parts)) yield { line, bytes, data: join(parts, length) };
      else onBlank(bytes);
      parts = [];
      length = 0;
      tooLong = false;
      line++;
      from = nl + 1;
    }
  }
  if (tooLong) yield { line, bytes: raw, tooLong: true };
  else if (length > 0 && !blank(parts)) yield { line, bytes: raw, data: join(parts, length) };
  else if (raw > 0) onBlank(raw);
}

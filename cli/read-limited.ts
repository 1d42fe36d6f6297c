// Every document the CLI reads is opened as what it is and read only up to a bound (issue #38): a
// file larger than the bound, /dev/zero or an endless pipe costs the bound, never all memory.
import { Buffer } from 'node:buffer';
import { closeSync, constants, fstatSync, openSync, readSync, statSync } from 'node:fs';
import { InputError, displayName } from './errors';
import { join } from './corpus/jsonl-lines';

/**
 * The bytes read of one document: a sketch stops at `maxChars` characters, which never take more
 * than 4 bytes each, and 4 more so that a cut text still says `truncated`. With the default 64 Mi
 * characters: 256 MB.
 */
export function readCap(maxChars: number): number {
  return 4 * maxChars + 4;
}

export interface Limited {
  data: Uint8Array;
  /** The whole file's size, when it is a regular file (a pipe's is unknown). */
  size?: number;
  /** Bytes were left unread: the document is longer than the bound. */
  cut: boolean;
}

/** A bad UTF-8 ending (a sequence cut by a read limit) would turn the whole decode to windows-1252: cut it off. */
function utf8Boundary(b: Uint8Array): Uint8Array {
  for (let i = b.length - 1; i >= 0 && i >= b.length - 4; i--) {
    const c = b[i];
    if ((c & 0xc0) === 0x80) continue; // a continuation byte: look further back
    const need = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
    return i + need > b.length ? b.subarray(0, i) : b;
  }
  return b;
}

/**
 * A regular file's first `limit` bytes, and its size. A socket or device is refused before it is
 * opened: reading one could block or never end. A FIFO is read (to its end, up to the limit) only
 * when `pipes` allows: a pipe named on the command line (`<(zcat a.gz)`) is the user's own; one met in
 * a walked directory or a --files-from list would block the run until someone writes to it.
 */
export function readLimited(path: string, limit: number, pipes: boolean): Limited {
  const st = statSync(path);
  if (st.isDirectory()) throw new InputError(path, 'is a directory, not a file');
  if (st.isFIFO() && pipes) return readPipe(path, limit);
  if (!st.isFile()) throw new InputError(path, 'not a regular file');
  // O_NONBLOCK: should the path have become a FIFO since the stat, opening it still returns at once.
  const fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const fst = fstatSync(fd);
    if (!fst.isFile()) throw new InputError(path, 'not a regular file');
    const want = Math.min(fst.size, limit);
    if (want > 0x7fffffff) throw Object.assign(new Error('too large'), { code: 'ERR_FS_FILE_TOO_LARGE' });
    const data = new Uint8Array(want);
    let at = 0;
    while (at < want) {
      const n = readSync(fd, data, at, want - at, null);
      if (n === 0) break; // shrank while read
      at += n;
    }
    const read = data.subarray(0, at);
    const cut = fst.size > limit;
    return { data: cut ? utf8Boundary(read) : read, size: fst.size, cut };
  } finally {
    closeSync(fd);
  }
}

function readPipe(path: string, limit: number): Limited {
  const fd = openSync(path, constants.O_RDONLY);
  try {
    const chunks: Uint8Array[] = [];
    let total = 0;
    for (;;) {
      const buf = new Uint8Array(Math.min(1 << 20, limit - total));
      if (buf.length === 0) break;
      const n = readSync(fd, buf, 0, buf.length, null);
      if (n === 0) break;
      chunks.push(buf.subarray(0, n));
      total += n;
    }
    // At the limit: one byte more says whether the pipe had more to give.
    const cut = total >= limit && readSync(fd, new Uint8Array(1), 0, 1, null) > 0;
    const data = join(chunks, total);
    return { data: cut ? utf8Boundary(data) : data, cut };
  } finally {
    closeSync(fd);
  }
}

/** A stream's (standard input's) first `limit` bytes; the rest is not read. */
export async function readStreamLimited(stream: AsyncIterable<Uint8Array | string>, limit: number): Promise<Limited> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  let cut = false;
  for await (const c of stream) {
    const b = typeof c === 'string' ? Buffer.from(c) : c;
    if (total + b.length > limit) {
      chunks.push(b.subarray(0, limit - total));
      total = limit;
      cut = true;
      break;
    }
    chunks.push(b);
    total += b.length;
  }
  const data = join(chunks, total);
  return { data: cut ? utf8Boundary(data) : data, cut };
}

const amount = (n: number) => (n >= 1 << 20 ? `${+(n / 2 ** 20).toFixed(1)} MB` : `${n} bytes`);

/** The warning for a document cut at the bound: "big.txt: longer than the read limit, only its first 256 MB were read (of 600 MB)". */
export function cutNote(name: string, read: number, size?: number): string {
  return `${displayName(name)}: longer than the read limit, only its first ${amount(read)} were read${size === undefined ? '' : ` (of ${amount(size)})`}`;
}

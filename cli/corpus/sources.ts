// Where a corpus's documents come from, in order: the paths given (files, directories walked in
// sorted order, '-'), then --files-from's list, then --jsonl's lines.
import { Buffer } from 'node:buffer';
import { type Dirent, type Stats, readSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import picomatch from 'picomatch';
import { InputError, UsageError, inputErrorFor } from '../errors';
import { type Limited, readLimited, readStreamLimited } from '../read-limited';
import type { BufferPool } from './buffer-pool';
import { jsonlBatches } from './jsonl-batches';
import { MAX_LINE_BYTES } from './jsonl-lines';
import { type Job, lineName } from './sketch-job';
import type { CorpusSpec } from './types';

/** A planned file ('-' is standard input), or a directory that could not be read. */
export type Entry = string | { name: string; reason: string };

export interface Plan {
  entries: Entry[];
  /** Bytes to read in all, when known (sizes were asked for and standard input is not read). */
  bytes?: number;
  /** Entries named on the command line: read even if they are FIFOs (walked and listed ones must be regular files). */
  named?: Set<string>;
}

export type Stdin = AsyncIterable<Uint8Array | string>;

/**
 * A glob list as one test. Patterns without a slash match a path's last part ('*.txt' matches
 * 'a/b.txt', as in .gitignore); others match the whole relative path. Dot files match like others.
 */
export function globTest(globs: readonly string[]): ((rel: string) => boolean) | undefined {
  if (globs.length === 0) return undefined;
  const base = globs.filter((g) => !g.includes('/'));
  const path = globs.filter((g) => g.includes('/'));
  const tests = [base.length ? picomatch(base, { dot: true, basename: true }) : undefined, path.length ? picomatch(path, { dot: true }) : undefined].filter(
    (t) => t !== undefined,
  );
  return (rel) => tests.some((t) => t(rel));
}

/** Files under `root`, depth first in sorted name order; each real directory is walked once (no symlink loops). */
function walk(root: string, spec: CorpusSpec, out: Entry[], visited: Set<string>): void {
  const include = globTest(spec.include);
  const exclude = globTest(spec.exclude);
  const visit = (dir: string, rel: string) => {
    let ents: Dirent[];
    try {
      const real = realpathSync(dir);
      if (visited.has(real)) return;
      visited.add(real);
      ents = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    } catch (e) {
      const err = inputErrorFor(dir, e);
      out.push({ name: dir, reason: err.message.slice(dir.length + 2) });
      return;
    }
    for (const ent of ents) {
      const path = join(dir, ent.name);
      const r = rel ? `${rel}/${ent.name}` : ent.name;
      // Only regular files are read: a FIFO, socket or device (or a link to one) could block or never end.
      let isDir = ent.isDirectory();
      let isFile = ent.isFile();
      if (ent.isSymbolicLink()) {
        try {
          const st = statSync(path);
          isDir = st.isDirectory();
          isFile = st.isFile();
        } catch {
          isFile = true; // a broken link: read as a file, which reports it
        }
      }
      if (exclude?.(r)) continue;
      if (isDir) visit(path, r);
      else if (include && !include(r)) continue;
      else out.push(isFile ? path : { name: path, reason: 'not a regular file' });
    }
  };
  visit(root, '');
}

/**
 * The files to read, in order, each path once (as uniqueFiles: by its resolved path). Standard input
 * may be used once in all ('-', --files-from -, --jsonl -). `sizes` adds up the bytes to read (for an ETA).
 */
export async function planFiles(spec: CorpusSpec, stdin: Stdin, sizes: boolean, command?: string): Promise<Plan> {
  const stdinUses = () => spec.paths.filter((p) => p === '-').length + (spec.filesFrom === '-' ? 1 : 0) + (spec.jsonl === '-' ? 1 : 0);
  if (stdinUses() > 1) throw new UsageError("standard input ('-') can be given only once (a '-' path, --files-from - or --jsonl -)", command);
  const entries: Entry[] = [];
  const named = new Set<string>();
  const seen = new Set<string>();
  const visited = new Set<string>();
  const add = (p: string, direct = false) => {
    const key = p === '-' ? '-' : resolve(p);
    if (!seen.has(key)) {
      seen.add(key);
      entries.push(p);
      if (direct) named.add(p);
    }
  };
  const addPath = (p: string, walkDirs: boolean) => {
    if (p === '-' || !walkDirs) return add(p);
    let dir = false;
    try {
      dir = statSync(p).isDirectory();
    } catch {
      // Missing or unreadable: read as a file, which reports it.
    }
    if (!dir) return add(p, true);
    const walked: Entry[] = [];
    walk(p, spec, walked, visited);
    for (const e of walked)
      if (typeof e === 'string') add(e);
      else entries.push(e);
  };
  for (const p of spec.paths) addPath(p, true);
  if (spec.filesFrom !== undefined) {
    let list: string;
    try {
      // As what it is: a file or a pipe (`<(find ...)`) is read to its end, a device (/dev/zero) refused.
      const all = Number.MAX_SAFE_INTEGER;
      list = Buffer.from(spec.filesFrom === '-' ? (await readStreamLimited(stdin, all)).data : readLimited(spec.filesFrom, all, true).data).toString('utf8');
    } catch (e) {
      throw inputErrorFor(spec.filesFrom, e);
    }
    for (const line of list.split('\n')) {
      const p = line.endsWith('\r') ? line.slice(0, -1) : line;
      if (p.trim() === '') continue;
      // A '-' line names a file called '-' in the current directory, never standard input: that is
      // given once on the command line (a list could otherwise read it a second time).
      addPath(p === '-' ? './-' : p, false);
    }
  }
  if (!sizes || entries.includes('-') || spec.jsonl === '-') return { entries, named };
  let bytes = 0;
  for (const e of entries) {
    try {
      if (typeof e === 'string') bytes += statSync(e).size;
    } catch {
      // Reported when read.
    }
  }
  if (spec.jsonl !== undefined) {
    try {
      bytes += statSync(spec.jsonl).size;
    } catch (e) {
      throw inputErrorFor(spec.jsonl, e);
    }
  }
  return { entries, bytes, named };
}

export interface JobLimits {
  /** A JSONL line longer than this is unusable. */
  maxLineBytes?: number;
  /** Standard input as one document ('-') is read up to this many bytes (../read-limited.ts readCap). */
  maxDocBytes?: number;
  /** JSONL is sent in chunks of whole lines of about this many bytes. */
  chunkBytes?: number;
  /** Where those chunks' buffers come from (and go back to). */
  pool?: BufferPool;
}

/** Every document as a job, in input order; JSONL is streamed in chunks of whole lines. */
export async function* corpusJobs(spec: CorpusSpec, plan: Plan, stdin: Stdin, limits: JobLimits = {}): AsyncGenerator<Job> {
  const { maxLineBytes = MAX_LINE_BYTES, maxDocBytes = Number.MAX_SAFE_INTEGER, chunkBytes = 1 << 20, pool } = limits;
  for (const e of plan.entries) {
    if (typeof e !== 'string') yield { kind: 'bad', name: e.name, reason: e.reason };
    else if (e !== '-') yield plan.named?.has(e) ? { kind: 'file', path: e, pipe: true } : { kind: 'file', path: e };
    else {
      let read: Limited;
      try {
        read = await readStreamLimited(stdin, maxDocBytes);
      } catch (err) {
        const ie = inputErrorFor('-', err);
        yield { kind: 'bad', name: '-', reason: ie.message.replace(/^standard input: /, '') };
        continue;
      }
      yield read.cut ? { kind: 'bytes', name: '-', data: read.data, cut: true } : { kind: 'bytes', name: '-', data: read.data };
    }
  }
  const file = spec.jsonl;
  if (file === undefined) return;
  if (file !== '-') refuseDevice(file);
  const stream = file === '-' ? stdin : fileChunks(file, 1 << 20);
  try {
    for await (const c of jsonlBatches(stream, maxLineBytes, chunkBytes, pool)) {
      if (c.tooLong)
        yield {
          kind: 'bad',
          name: lineName(file, c.line),
          reason: `line longer than ${maxLineBytes >= 1 << 20 ? `${maxLineBytes >> 20} MB` : `${maxLineBytes} bytes`}`,
          bytes: c.bytes,
        };
      else yield { kind: 'lines', file, line: c.line, lines: c.lines, data: c.data };
    }
  } catch (e) {
    // The JSONL file itself (missing, a directory, unreadable) is no document: the run stops.
    throw inputErrorFor(file, e);
  }
}

/**
 * A file's bytes in chunks read into one reused buffer (issue #42): a read stream allocated a buffer a
 * read, a gigabyte of outside memory for a gigabyte of JSONL, and the garbage collections it brings.
 * A chunk is good until the next one is asked for (jsonlBatches copies it out first).
 */
async function* fileChunks(path: string, size: number): AsyncGenerator<Uint8Array> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.allocUnsafeSlow(size); // a Buffer: its indexOf is a native search
    // A regular file is read in place (a quarter of the main thread's reading CPU went to the promise
    // and the thread pool); a pipe is waited for, never blocked on.
    const regular = (await fh.stat()).isFile();
    for (;;) {
      const bytesRead = regular ? readSync(fh.fd, buf, 0, size, null) : (await fh.read(buf, 0, size, null)).bytesRead;
      if (bytesRead === 0) return;
      yield buf.subarray(0, bytesRead);
    }
  } finally {
    await fh.close();
  }
}

/** A device or socket given as --jsonl (/dev/zero) would stream forever: it is no file of documents. */
function refuseDevice(file: string): void {
  let st: Stats;
  try {
    st = statSync(file);
  } catch (e) {
    throw inputErrorFor(file, e);
  }
  if (st.isCharacterDevice() || st.isBlockDevice() || st.isSocket()) throw new InputError(file, 'not a regular file');
}

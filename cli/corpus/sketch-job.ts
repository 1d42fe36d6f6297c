// One document read and sketched: the same code on the main thread and in the workers
// (./sketch-worker.ts), so a sketch is bit-identical whatever the thread count.
import { Buffer } from 'node:buffer';
import { closeSync, constants, fstatSync, openSync, readSync, statSync } from 'node:fs';
import { canonicalSource, compactMin, markupKind, simhashText, sketchText, superShingles } from '../../lib/index';
import { InputError, displayName, inputErrorFor } from '../errors';
import { decodeText } from '../read-input';
import type { SketchedDoc, WantedSketch } from './types';

/** A document to sketch: a file read where it is sketched, bytes already read, a raw JSONL line, or one known bad. */
export type Job =
  | { kind: 'file'; seq: number; path: string }
  | { kind: 'bytes'; seq: number; name: string; data: Uint8Array }
  | { kind: 'line'; seq: number; file: string; line: number; data: Uint8Array; bytes?: number }
  | { kind: 'bad'; seq: number; name: string; reason: string; bytes?: number };
// A line's and a bad job's `bytes`: what it took in the stream (newline, skipped bytes), for progress.

/** JSONL ids longer than this make the line unusable: a name is kept until the end of the run. */
export const MAX_ID_CHARS = 1024;

/** An unusable document: the InputError's parts, which cross a thread boundary (the error itself would not). */
export interface BadDoc {
  seq: number;
  bad: string;
  reason: string;
  bytes: number;
}

export type JobResult = SketchedDoc | BadDoc;

export interface JobFields {
  idField: string;
  textField: string;
}

/** How a JSONL line is named in messages and as a document without an id: FILE:LINE ('-:LINE' for standard input). */
export function lineName(file: string, line: number): string {
  return `${file}:${line}`;
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
 * A regular file's first `limit` bytes (sketching stops at maxChars characters, which never take
 * more than 4 bytes each: the rest need not be read), and its size. A socket or device is refused
 * before it is opened: reading one could block or never end.
 */
export function readLimited(path: string, limit: number): { data: Uint8Array; size: number } {
  const st = statSync(path);
  if (st.isDirectory()) throw new InputError(path, 'is a directory, not a file');
  // A pipe named on the command line (`resemble cluster <(zcat a.gz) b.txt`) is read to its end, up to
  // the limit; walked directories never yield one (sources.ts), so only the user's own pipes get here.
  if (st.isFIFO()) return readPipe(path, limit);
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
    return { data: fst.size > limit ? utf8Boundary(read) : read, size: fst.size };
  } finally {
    closeSync(fd);
  }
}

function readPipe(path: string, limit: number): { data: Uint8Array; size: number } {
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
    const data = new Uint8Array(total);
    let at = 0;
    for (const c of chunks) {
      data.set(c, at);
      at += c.length;
    }
    return { data: total >= limit ? utf8Boundary(data) : data, size: total };
  } finally {
    closeSync(fd);
  }
}

/** The text and name of a JSONL line; a line that is no usable document throws its InputError. */
function parseLine(job: Extract<Job, { kind: 'line' }>, fields: JobFields): { name: string; text: string } {
  const where = lineName(job.file, job.line);
  let raw = Buffer.from(job.data.buffer, job.data.byteOffset, job.data.byteLength).toString('utf8');
  if (job.line === 1 && raw.charCodeAt(0) === 0xfeff) raw = raw.slice(1);
  let obj: unknown;
  try {
    obj = JSON.parse(raw);
  } catch {
    throw new InputError(where, 'not valid JSON');
  }
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) throw new InputError(where, 'not a JSON object');
  const rec = obj as Record<string, unknown>;
  const text = rec[fields.textField];
  if (typeof text !== 'string') {
    throw new InputError(where, text === undefined ? `no "${fields.textField}" field` : `"${fields.textField}" is not a string`);
  }
  const id = rec[fields.idField];
  if (typeof id === 'string' && id.length > MAX_ID_CHARS) throw new InputError(where, `id longer than ${MAX_ID_CHARS} characters`);
  const name = typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? String(id) : where;
  return { name, text };
}

/** Reads (files) or parses (lines) and sketches one document; errors other than unusable input are thrown. */
export function sketchJob(job: Job, want: WantedSketch, fields: JobFields): JobResult {
  const errorName = job.kind === 'file' ? job.path : job.kind === 'line' ? lineName(job.file, job.line) : job.name;
  let bytes = job.kind === 'line' ? (job.bytes ?? job.data.byteLength) : job.kind === 'bytes' ? job.data.byteLength : job.kind === 'bad' ? (job.bytes ?? 0) : 0;
  try {
    if (job.kind === 'bad') throw new InputError(job.name, job.reason);
    let name: string;
    let text: string;
    let input: SketchedDoc['input'];
    if (job.kind === 'line') {
      ({ name, text } = parseLine(job, fields));
      if (want.form === 'full') input = { markup: markupKind(text), encoding: 'UTF-8' };
    } else {
      name = job.kind === 'file' ? job.path : job.name;
      let data: Uint8Array;
      if (job.kind === 'file') {
        // 4 bytes a character at most, and 4 more so that a cut text still says `truncated`.
        const read = readLimited(job.path, 4 * want.options.maxChars + 4);
        data = read.data;
        bytes = read.size; // the whole file, as the progress line's total counts it
      } else {
        data = job.data;
        bytes = data.byteLength;
      }
      const decoded = decodeText(name, data);
      text = decoded.text;
      if (want.form === 'full') input = { markup: markupKind(text), encoding: decoded.encoding };
    }
    // sketch(text) is sketchText(canonicalSource(text)): split here so SimHash reads the same canonical text.
    const canon = canonicalSource(text);
    const s = sketchText(canon, want.options);
    const doc: SketchedDoc = { seq: job.seq, name, bytes, fromPath: job.kind !== 'line' };
    if (want.form === 'full') {
      doc.sketch = s;
      doc.input = input;
    }
    if (want.form === 'compact' || want.superShingles) {
      const values = compactMin(s.min);
      if (want.form === 'compact') doc.values = values;
      if (want.superShingles) doc.keys = superShingles(values, want.superShingles);
    }
    if (want.simhash) doc.simhash = simhashText(canon, { shingle: want.options.shingle, seed: want.options.seed });
    return doc;
  } catch (e) {
    const err = inputErrorFor(errorName, e);
    return { seq: job.seq, bad: err.file, reason: err.message.slice(displayName(err.file).length + 2), bytes };
  }
}

export function isBad(r: JobResult): r is BadDoc {
  return (r as BadDoc).bad !== undefined;
}

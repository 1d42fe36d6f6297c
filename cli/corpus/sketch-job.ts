// One document read and sketched: the same code on the main thread and in the workers
// (./sketch-worker.ts), so a sketch is bit-identical whatever the thread count.
import { Buffer } from 'node:buffer';
import { canonicalSource, compactMin, markupKind, simhashText, sketchText, superShingles } from '../../lib/index';
import { InputError, displayName, inputErrorFor } from '../errors';
import { decodeText } from '../read-input';
import { readCap, readLimited } from '../read-limited';
import type { SketchedDoc, WantedSketch } from './types';

/** A document to sketch: a file read where it is sketched, bytes already read, a raw JSONL line, or one known bad. */
export type Job =
  | { kind: 'file'; seq: number; path: string; pipe?: true }
  | { kind: 'bytes'; seq: number; name: string; data: Uint8Array; cut?: true }
  | { kind: 'line'; seq: number; file: string; line: number; data: Uint8Array; bytes?: number }
  | { kind: 'bad'; seq: number; name: string; reason: string; bytes?: number };
// A line's and a bad job's `bytes`: what it took in the stream (newline, skipped bytes), for progress.
// A file's `pipe`: it was named on the command line, and is read even if it is a FIFO (./read-limited.ts).

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
  let cutAt: number | undefined;
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
        const read = readLimited(job.path, readCap(want.options.maxChars), job.pipe === true);
        data = read.data;
        if (read.cut) cutAt = data.byteLength;
        bytes = read.size ?? data.byteLength; // the whole file, as the progress line's total counts it
      } else {
        data = job.data;
        if (job.cut) cutAt = data.byteLength;
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
    if (cutAt !== undefined) doc.cut = cutAt;
    if (want.form === 'full') {
      doc.sketch = s;
      doc.input = input;
    }
    if (want.form === 'compact' || want.superShingles) {
      const values = compactMin(s.min);
      if (want.form === 'compact') doc.values = values;
      if (want.superShingles) doc.keys = superShingles(values, want.superShingles);
    }
    if (want.whole) doc.whole = { whole: s.whole, tokens: s.tokens, distinct: s.distinct };
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

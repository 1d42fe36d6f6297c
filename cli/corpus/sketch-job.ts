// One document read and sketched: the same code on the main thread and in the workers
// (./sketch-worker.ts), so a sketch is bit-identical whatever the thread count. JSONL comes as
// chunks of whole lines (./sketch-lines.ts), every other document as a job of its own.
import { canonicalSource, compactMin, htmlToText, looksLikeMarkup, markupKind, simhashText, sketchText, superShingles } from '../../lib/index';
import { sketchMin } from '../../lib/sketch/sketch';
import { InputError, displayName, inputErrorFor } from '../errors';
import { decodeText } from '../read-input';
import { readCap, readLimited } from '../read-limited';
import type { SketchedDoc, WantedSketch } from './types';

/**
 * A document to sketch: a file read where it is sketched, bytes already read, JSONL lines (a chunk of
 * whole lines, the first numbered `line`; ./jsonl-batches.ts), or one known bad. Results are numbered
 * (`seq`) by the pipeline, in order.
 */
export type Job =
  | { kind: 'file'; path: string; pipe?: true }
  | { kind: 'bytes'; name: string; data: Uint8Array; cut?: true }
  | { kind: 'lines'; file: string; line: number; lines: number; data: Uint8Array }
  | { kind: 'bad'; name: string; reason: string; bytes?: number };
// A bad job's `bytes`: what it took in the stream (a too-long line's skipped bytes), for progress.
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

/** A batch's results, and the bytes of its blank JSONL lines (no document, but part of the input). */
export interface BatchResult {
  results: JobResult[];
  blank: number;
}

export interface JobFields {
  idField: string;
  textField: string;
}

/** How a JSONL line is named in messages and as a document without an id: FILE:LINE ('-:LINE' for standard input). */
export function lineName(file: string, line: number): string {
  return `${file}:${line}`;
}

/**
 * canonicalSource(text); `plain` says the text can hold no control character or U+FFFD (its JSONL
 * line proved it: ./sketch-lines.ts), so the binary check, a fifth of sketching a 5 KB page, is skipped.
 */
export function canonical(text: string, plain: boolean): string {
  if (!plain) return canonicalSource(text);
  return looksLikeMarkup(text) ? htmlToText(text) : text;
}

/** Where `sketchDoc` puts compact values and super shingles: batch-wide arrays (./sketch-lines.ts), or a document's own. */
export interface CompactSink {
  values(min: Float64Array): Uint32Array;
  keys(values: Uint32Array, want: WantedSketch): Uint32Array;
}
const OWN: CompactSink = {
  values: (min) => compactMin(min),
  keys: (values, want) => superShingles(values, want.superShingles),
};

/** The sketch of one document's text, in the form `want` asks for. */
export function sketchDoc(doc: SketchedDoc, text: string, plain: boolean, want: WantedSketch, sink: CompactSink = OWN): SketchedDoc {
  // sketch(text) is sketchText(canonicalSource(text)): split here so SimHash reads the same canonical text.
  const canon = canonical(text, plain);
  // MIN_s alone when nothing else of the sketch is kept (cluster): no MOD sample is built.
  const whole = want.form === 'full' || want.whole === true;
  const s = whole ? sketchText(canon, want.options) : undefined;
  if (want.form === 'full') doc.sketch = s;
  if (want.form === 'compact' || want.superShingles) {
    const values = sink.values(s ? s.min : sketchMin(canon, want.options));
    if (want.form === 'compact') doc.values = values;
    if (want.superShingles) doc.keys = sink.keys(values, want);
  }
  if (want.whole && s) doc.whole = { whole: s.whole, tokens: s.tokens, distinct: s.distinct };
  if (want.simhash) doc.simhash = simhashText(canon, { shingle: want.options.shingle, seed: want.options.seed });
  return doc;
}

/** An error while reading or sketching `name` as a BadDoc, or thrown on (a bug is not an unusable document). */
export function badDoc(name: string, bytes: number, e: unknown): BadDoc {
  const err = inputErrorFor(name, e);
  return { seq: 0, bad: err.file, reason: err.message.slice(displayName(err.file).length + 2), bytes };
}

/** Reads (files) and sketches one document that is not a JSONL line. */
export function sketchJob(job: Exclude<Job, { kind: 'lines' }>, want: WantedSketch): JobResult {
  const name = job.kind === 'file' ? job.path : job.name;
  let bytes = job.kind === 'bytes' ? job.data.byteLength : job.kind === 'bad' ? (job.bytes ?? 0) : 0;
  try {
    if (job.kind === 'bad') throw new InputError(job.name, job.reason);
    let data: Uint8Array;
    let cutAt: number | undefined;
    if (job.kind === 'file') {
      const read = readLimited(job.path, readCap(want.options.maxChars), job.pipe === true);
      data = read.data;
      if (read.cut) cutAt = data.byteLength;
      bytes = read.size ?? data.byteLength; // the whole file, as the progress line's total counts it
    } else {
      data = job.data;
      if (job.cut) cutAt = data.byteLength;
    }
    const decoded = decodeText(name, data);
    const doc: SketchedDoc = { seq: 0, name, bytes, fromPath: true };
    if (cutAt !== undefined) doc.cut = cutAt;
    if (want.form === 'full') doc.input = { markup: markupKind(decoded.text), encoding: decoded.encoding };
    return sketchDoc(doc, decoded.text, false, want);
  } catch (e) {
    return badDoc(name, bytes, e);
  }
}

export function isBad(r: JobResult): r is BadDoc {
  return (r as BadDoc).bad !== undefined;
}

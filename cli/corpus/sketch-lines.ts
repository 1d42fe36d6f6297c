// A chunk of JSONL lines sketched where it lands (a worker, or the main thread for small inputs):
// split at newlines, each line parsed from the chunk's bytes, and the compact values and super
// shingles of every document written into two arrays for the whole chunk, not an array a document
// (issue #42; ./batch-wire.ts sends the results back as columns).
import { Buffer, isUtf8 } from 'node:buffer';
import { markupKind } from '../../lib/index';
import { compactMinInto } from '../../lib/corpus/sketch-columns';
import { sketchMinAscii } from '../../lib/sketch/sketch';
import { bandKey, checkOptions } from '../../lib/corpus/super-shingles';
import { InputError } from '../errors';
import { type BadDoc, type BatchResult, type CompactSink, type Job, type JobFields, MAX_ID_CHARS, badDoc, lineName, sketchDoc, sketchJob } from './sketch-job';
import { AsciiText, fieldBytes, lineFields } from './line-fields';
import type { SketchedDoc, WantedSketch } from './types';

type LinesJob = Extract<Job, { kind: 'lines' }>;

function blank(b: Uint8Array, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = b[i];
    if (c !== 32 && c !== 9 && c !== 13) return false;
  }
  return true;
}

const FFFD = Buffer.from([0xef, 0xbf, 0xbd]);

/**
 * True when the text this line's JSON can hold has no character canonicalSource's binary check counts
 * (U+FFFD, controls other than \t \n \f \r ESC): valid UTF-8 without a literal U+FFFD, and no escape
 * that makes one. JSON allows no raw control character in a string, so escapes are the only way in.
 */
export function plainLine(line: Buffer): boolean {
  if (!isUtf8(line) || line.indexOf(FFFD) >= 0) return false;
  for (let i = line.indexOf(92); i >= 0; i = line.indexOf(92, i + 2)) {
    const c = line[i + 1];
    if (c === 98) return false; // \b
    if (c === 117) {
      const code = Number.parseInt(line.toString('latin1', i + 2, i + 6), 16);
      if (!(code >= 32 && code !== 0xfffd) && code !== 9 && code !== 10 && code !== 12 && code !== 13 && code !== 27) return false;
    }
  }
  return true;
}

/** The text and name of a JSONL line; a line that is no usable document throws its InputError. */
function parseLine(raw: string, where: string, fields: JobFields): { name: string; text: string } {
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
  const name = docName(rec[fields.idField], () => where);
  if (name === undefined) throw new InputError(where, `id longer than ${MAX_ID_CHARS} characters`);
  return { name, text };
}

/** A JSONL document's name from its id (as JSON.parse gives it): its line's name without one; undefined for an id too long. */
function docName(id: unknown, where: () => string): string | undefined {
  if (typeof id === 'string') return id.length > MAX_ID_CHARS ? undefined : id;
  return typeof id === 'number' && Number.isFinite(id) ? String(id) : where();
}

/** Growing Uint32 storage; documents keep offsets until the chunk is done (growing moves the array). */
class Packed {
  a = new Uint32Array(8192);
  n = 0;
  room(k: number): void {
    if (this.n + k <= this.a.length) return;
    const next = new Uint32Array(Math.max(this.a.length * 2, this.n + k));
    next.set(this.a.subarray(0, this.n));
    this.a = next;
  }
}

const ascii = new AsciiText();
let names: { fields: JobFields; text?: Uint8Array; id?: Uint8Array } | undefined;

/**
 * The document of a JSONL line whose text is plain ASCII, sketched from its bytes (./line-fields.ts),
 * when only MIN_s is kept; undefined when the line must be parsed as a string.
 */
function fromBytes(line: Buffer, lineNo: number, job: LinesJob, fields: JobFields, want: WantedSketch, sink: CompactSink): SketchedDoc | undefined {
  if (names?.fields !== fields) names = { fields, text: fieldBytes(fields.textField), id: fieldBytes(fields.idField) };
  if (!names.text || !names.id || (lineNo === 1 && line[0] === 0xef)) return undefined;
  const f = lineFields(line, names.text, names.id);
  if (!f) return undefined;
  const name = docName(f.id, () => lineName(job.file, lineNo));
  const chars = name === undefined ? -1 : ascii.read(line, f);
  const min = chars < 0 ? undefined : sketchMinAscii(ascii.bytes, f.to - f.from, chars, want.options);
  if (!min || name === undefined) return undefined;
  const doc: SketchedDoc = { seq: 0, name, bytes: 0, fromPath: false };
  doc.values = sink.values(min);
  if (want.superShingles) doc.keys = sink.keys(doc.values, want);
  return doc;
}

/** The chunk's documents (and bad lines) in order; their typed arrays share the chunk's two buffers. */
export function sketchLines(job: LinesJob, want: WantedSketch, fields: JobFields): BatchResult {
  const data = Buffer.from(job.data.buffer, job.data.byteOffset, job.data.byteLength);
  if (want.superShingles) checkOptions(want.superShingles);
  const results: (SketchedDoc | BadDoc)[] = [];
  const vals = new Packed();
  const keys = new Packed();
  const at: number[] = []; // per document: its values' offset, length, keys' offset
  const sink: CompactSink = {
    values(min) {
      vals.room(min.length);
      const n = compactMinInto(min, vals.a, vals.n);
      at.push(vals.n, n);
      vals.n += n;
      return vals.a.subarray(vals.n - n, vals.n); // replaced below, once the array stops moving
    },
    keys(values, w) {
      const o = w.superShingles as NonNullable<WantedSketch['superShingles']>;
      keys.room(o.bands);
      for (let b = 0; b < o.bands; b++) keys.a[keys.n + b] = bandKey(values, 0, values.length, b, o.rows);
      at.push(keys.n);
      keys.n += o.bands;
      return values;
    },
  };
  const packs: [SketchedDoc, number][] = [];
  const bytesRead = want.form === 'compact' && !want.whole && !want.simhash;
  let blankBytes = 0;
  let line = job.line;
  for (let from = 0; from < data.length; line++) {
    const nl = data.indexOf(10, from);
    const end = nl < 0 ? data.length : nl;
    const bytes = (nl < 0 ? data.length : nl + 1) - from;
    const start = from;
    from += bytes;
    if (blank(data, start, end)) {
      blankBytes += bytes;
      continue;
    }
    const mark = at.length;
    try {
      const quick = bytesRead ? fromBytes(data.subarray(start, end), line, job, fields, want, sink) : undefined;
      if (quick) {
        quick.bytes = bytes;
        packs.push([quick, mark]);
        results.push(quick);
        continue;
      }
    } catch (e) {
      results.push(badDoc(lineName(job.file, line), bytes, e));
      continue;
    }
    const where = lineName(job.file, line);
    try {
      let raw = data.toString('utf8', start, end);
      if (line === 1 && raw.charCodeAt(0) === 0xfeff) raw = raw.slice(1);
      const { name, text } = parseLine(raw, where, fields);
      const doc: SketchedDoc = { seq: 0, name, bytes, fromPath: false };
      if (want.form === 'full') doc.input = { markup: markupKind(text), encoding: 'UTF-8' };
      sketchDoc(doc, text, plainLine(data.subarray(start, end)), want, sink);
      if (at.length > mark) packs.push([doc, mark]);
      results.push(doc);
    } catch (e) {
      results.push(badDoc(where, bytes, e));
    }
  }
  for (const [doc, k] of packs) {
    if (doc.values) doc.values = vals.a.subarray(at[k], at[k] + at[k + 1]);
    if (doc.keys) doc.keys = keys.a.subarray(at[k + 2], at[k + 2] + (want.superShingles?.bands ?? 0));
  }
  return { results, blank: blankBytes };
}

/** A batch's jobs sketched in order (JSONL chunks by sketchLines, other documents one by one). */
export function sketchJobs(jobs: readonly Job[], want: WantedSketch, fields: JobFields): BatchResult {
  const out: BatchResult = { results: [], blank: 0 };
  for (const job of jobs) {
    if (job.kind !== 'lines') out.results.push(sketchJob(job, want));
    else {
      const r = sketchLines(job, want, fields);
      for (const d of r.results) out.results.push(d);
      out.blank += r.blank;
    }
  }
  return out;
}

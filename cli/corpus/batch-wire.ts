// A batch's results as columns for the trip from a sketching thread to the main thread (issue #42):
// cloning an object per document (with a typed array each) cost 4–5% of a thread's time and most of
// the main thread's garbage. Whole sketches (sketch, nearest) still travel as objects.
import type { BadDoc, BatchResult, JobResult } from './sketch-job';
import type { SketchedDoc } from './types';

export interface WireBatch {
  blank: number;
  /** Per result, in order: its name (a bad one's too), bytes, and 1 when read from a path. */
  names: string[];
  bytes: Float64Array;
  fromPath: Uint8Array;
  /** Unusable results: their index and reason. */
  badAt: number[];
  reasons: string[];
  /** Results longer than the read limit: index and bytes read. */
  cutAt: number[];
  cuts: number[];
  /** Compact values of every result, packed (a bad one has none), and how many each has. */
  values?: Uint32Array;
  lens?: Uint16Array;
  /** `bands` super shingles a result. */
  keys?: Uint32Array;
  bands: number;
  /** SimHash (hi, lo) a result. */
  simhash?: Uint32Array;
  /** whole, tokens, distinct a result. */
  whole?: Float64Array;
}

/** The columns of `r`, or undefined when a result holds a whole sketch (sent as objects). */
export function toWire(r: BatchResult): WireBatch | undefined {
  const n = r.results.length;
  const w: WireBatch = {
    blank: r.blank,
    names: [],
    bytes: new Float64Array(n),
    fromPath: new Uint8Array(n),
    badAt: [],
    reasons: [],
    cutAt: [],
    cuts: [],
    bands: 0,
  };
  let total = 0;
  for (const d of r.results) {
    if ('bad' in d) continue;
    if (d.sketch || d.input) return undefined;
    if (d.values) total += d.values.length;
    if (d.keys) w.bands = d.keys.length;
  }
  const good = r.results.find((d): d is SketchedDoc => !('bad' in d));
  if (good?.values) {
    w.values = new Uint32Array(total);
    w.lens = new Uint16Array(n);
  }
  if (good?.keys) w.keys = new Uint32Array(n * w.bands);
  if (good?.simhash) w.simhash = new Uint32Array(n * 2);
  if (good?.whole) w.whole = new Float64Array(n * 3);
  let at = 0;
  r.results.forEach((d, i) => {
    w.bytes[i] = d.bytes;
    if ('bad' in d) {
      w.names.push(d.bad);
      w.badAt.push(i);
      w.reasons.push(d.reason);
      return;
    }
    w.names.push(d.name);
    w.fromPath[i] = d.fromPath ? 1 : 0;
    if (d.cut !== undefined) {
      w.cutAt.push(i);
      w.cuts.push(d.cut);
    }
    if (w.values && w.lens && d.values) {
      w.values.set(d.values, at);
      w.lens[i] = d.values.length;
      at += d.values.length;
    }
    if (w.keys && d.keys) w.keys.set(d.keys, i * w.bands);
    if (w.simhash && d.simhash) {
      w.simhash[2 * i] = d.simhash.hi;
      w.simhash[2 * i + 1] = d.simhash.lo;
    }
    if (w.whole && d.whole) w.whole.set([d.whole.whole, d.whole.tokens, d.whole.distinct], 3 * i);
  });
  return w;
}

/** The buffers of `w` to transfer. */
export function wireBuffers(w: WireBatch): ArrayBuffer[] {
  return [w.bytes, w.fromPath, w.values, w.lens, w.keys, w.simhash, w.whole].filter((a) => a !== undefined).map((a) => a.buffer as ArrayBuffer);
}

/** The results again, their arrays views of the columns. */
export function fromWire(w: WireBatch): BatchResult {
  const results: JobResult[] = [];
  let bad = 0;
  let cut = 0;
  let at = 0;
  for (let i = 0; i < w.names.length; i++) {
    if (w.badAt[bad] === i) {
      results.push({ seq: 0, bad: w.names[i], reason: w.reasons[bad++], bytes: w.bytes[i] } satisfies BadDoc);
      continue;
    }
    const d: SketchedDoc = { seq: 0, name: w.names[i], bytes: w.bytes[i], fromPath: w.fromPath[i] === 1 };
    if (w.cutAt[cut] === i) d.cut = w.cuts[cut++];
    if (w.values && w.lens) {
      d.values = w.values.subarray(at, at + w.lens[i]);
      at += w.lens[i];
    }
    if (w.keys) d.keys = w.keys.subarray(i * w.bands, (i + 1) * w.bands);
    if (w.simhash) d.simhash = { hi: w.simhash[2 * i], lo: w.simhash[2 * i + 1] };
    if (w.whole) d.whole = { whole: w.whole[3 * i], tokens: w.whole[3 * i + 1], distinct: w.whole[3 * i + 2] };
    results.push(d);
  }
  return { results, blank: w.blank };
}
